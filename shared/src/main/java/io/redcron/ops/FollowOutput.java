package io.redcron.ops;

import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.port.LiveOutput;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.function.Consumer;

/**
 * Follows a run's live output: one batch at a time (for a screen that polls off its UI thread),
 * or to the end (for a terminal). Both read the same stream the same way; only whether a later
 * attempt's output replaces what was shown differs.
 */
public final class FollowOutput {
    /** Entries per read; a full batch means there may be more behind it. */
    public static final int BATCH = 100;
    /** While output keeps coming, how often the run's status is still looked at. */
    private static final Duration STATUS_EVERY = Duration.ofSeconds(2);

    private final LiveOutput output;
    private final Lookup lookup;
    private final Clock clock;
    private final Duration wait;

    /** @param wait how long one read in {@link #follow} waits for output before it looks at the run */
    FollowOutput(LiveOutput output, Lookup lookup, Clock clock, Duration wait) {
        this.output = output;
        this.lookup = lookup;
        this.clock = clock;
        this.wait = wait;
    }

    /**
     * What one read brought.
     *
     * @param text      the output read, in order
     * @param restarted whether {@code text} is a later attempt's output, which replaces what was shown
     * @param cursor    where to read on from
     * @param ended     whether nothing more is to come (an end marker, or the run is not running)
     */
    public record OutputBatch(String text, boolean restarted, String cursor, boolean ended) {
    }

    /**
     * Reads a run's live output after {@code cursor} ({@link LiveOutput#START} at first), waiting up
     * to {@code wait} for some. With nothing new, the run's status says whether there is anything
     * left to wait for.
     */
    public OutputBatch next(long runId, String cursor, Duration wait) {
        LiveOutput.Slice slice = output.read(runId, cursor, wait, BATCH);
        StringBuilder text = new StringBuilder();
        boolean restarted = false;
        boolean ended = false;
        for (LiveOutput.Entry entry : slice.entries()) {
            if (entry.isEnd()) {
                ended = true;
            } else {
                if (ended) {
                    // Output after an end marker: a later attempt, which starts the view afresh.
                    text.setLength(0);
                    restarted = true;
                    ended = false;
                }
                text.append(entry.text());
            }
        }
        if (slice.entries().isEmpty()) {
            ended = lookup.findRun(runId).map(run -> run.status() != RunStatus.RUNNING).orElse(true);
        } else if (slice.entries().size() >= BATCH) {
            ended = false;
        }
        return new OutputBatch(text.toString(), restarted, slice.cursor(), ended);
    }

    /**
     * How following a run ended.
     *
     * @param run           the run as it was when following stopped
     * @param sawLiveOutput whether any live output was passed on; when not, the run's stored
     *                      output is all there is to show
     */
    public record Followed(Run run, boolean sawLiveOutput) {
    }

    /**
     * Passes a run's output to {@code sink} as it comes, until the attempt's end marker or until
     * the run has ended.
     */
    public Followed follow(long runId, Consumer<String> sink) {
        Run run = lookup.run(runId);
        String cursor = LiveOutput.START;
        boolean sawOutput = false;
        Instant nextStatusCheck = clock.instant();
        while (true) {
            LiveOutput.Slice slice = output.read(runId, cursor, wait, BATCH);
            cursor = slice.cursor();
            boolean ended = false;
            for (LiveOutput.Entry entry : slice.entries()) {
                if (entry.isEnd()) {
                    ended = true;
                } else if (!entry.text().isEmpty()) {
                    sink.accept(entry.text());
                    sawOutput = true;
                }
            }
            if (ended || slice.entries().isEmpty() || !clock.instant().isBefore(nextStatusCheck)) {
                run = lookup.run(runId);
                if (ended || run.status().isFinal()) {
                    return new Followed(run, sawOutput);
                }
                nextStatusCheck = clock.instant().plus(STATUS_EVERY);
            }
        }
    }
}
