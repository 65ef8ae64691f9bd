package io.redcron.desktop.dashboard;

/** A failing task as the dashboard's table shows it. */
public record FailingRow(long taskId, String task, long failures, String lastFailure, String lastError) {
}
