package io.redcron.desktop.runs;

/**
 * One attempt of the selected run, as the timeline shows it.
 *
 * @param how        how it ended: failed, timed out, lost, handed back, or the run's own status for its latest attempt
 * @param waitBefore the backoff between this attempt's end and the next one ("30s"); empty for the latest
 * @param outputTail the end of its output; for the latest attempt, the run's output is in the output pane
 * @param latest     the attempt the run's own fields describe
 */
public record AttemptRow(int attempt, String node, String started, String ended, String how, String exitCode,
                         String error, String waitBefore, String outputTail, boolean latest) {
}
