package io.redcron.desktop.runs;

/**
 * What the runs screen opens on when another screen sends the operator there: a task's runs
 * (from the dashboard's failing tasks) and, optionally, one run selected (a dead or delayed entry).
 *
 * @param taskName the task whose runs to list; null for all
 * @param runId    the run to select and show; null for none
 */
public record RunsPreset(String taskName, Long runId) {
    public static RunsPreset ofTask(String taskName) {
        return new RunsPreset(taskName, null);
    }

    public static RunsPreset ofRun(String taskName, long runId) {
        return new RunsPreset(taskName, runId);
    }
}
