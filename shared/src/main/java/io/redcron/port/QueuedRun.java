package io.redcron.port;

/** A run id on a group's stream; {@code entryId} is set once read from it. */
public record QueuedRun(String group, long runId, String entryId) {
    public static QueuedRun of(String group, long runId) {
        return new QueuedRun(group, runId, null);
    }
}
