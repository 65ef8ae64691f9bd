package io.redcron.domain;

import java.time.Instant;
import java.util.Objects;

/**
 * An attempt of a run that another attempt followed, as kept beside the run (whose own row holds
 * only its latest attempt).
 *
 * @param node          the node that ran it
 * @param startedAt     when it began; null if that was never recorded
 * @param finishedAt    when it ended, or when its loss was found
 * @param exitCode      the process's exit code or the HTTP status, if there was one
 * @param outputTail    the end of its output (at most {@link #OUTPUT_TAIL} characters); null if none was kept
 * @param nextAttemptAt when the next attempt was due
 */
public record PastAttempt(long runId, int attempt, String node, Instant startedAt, Instant finishedAt,
                          AttemptEnding ending, Integer exitCode, String error, String outputTail,
                          Instant nextAttemptAt) {
    /** Characters of an attempt's output kept with it: the end, where errors usually are. */
    public static final int OUTPUT_TAIL = 4_000;

    public PastAttempt {
        Objects.requireNonNull(finishedAt, "finishedAt");
        Objects.requireNonNull(ending, "ending");
        if (attempt < 1) {
            throw new IllegalArgumentException("attempt: at least 1, got " + attempt);
        }
    }

    /** The last {@link #OUTPUT_TAIL} characters of {@code output}. */
    public static String tailOf(String output) {
        if (output == null || output.length() <= OUTPUT_TAIL) {
            return output;
        }
        return output.substring(output.length() - OUTPUT_TAIL);
    }
}
