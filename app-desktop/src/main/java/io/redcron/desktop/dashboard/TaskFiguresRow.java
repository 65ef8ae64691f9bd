package io.redcron.desktop.dashboard;

/** A task's runs of the window as the dashboard's per-task table shows them. */
public record TaskFiguresRow(long taskId, String task, long runs, Shown durationP50, Shown durationP95,
                             Shown durationMax, Shown latenessP50, Shown latenessP95, Shown latenessMax) {
}
