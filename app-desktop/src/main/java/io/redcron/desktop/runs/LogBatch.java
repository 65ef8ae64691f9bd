package io.redcron.desktop.runs;

/**
 * What one read of a run's live output stream brought.
 *
 * @param text   the output chunks read, in order
 * @param fresh  whether {@code text} starts a new attempt, so it replaces what is shown
 * @param lastId the stream id to read after next time
 * @param ended  whether the run's output is complete (its end marker, or the run has ended)
 */
record LogBatch(String text, boolean fresh, String lastId, boolean ended) {
}
