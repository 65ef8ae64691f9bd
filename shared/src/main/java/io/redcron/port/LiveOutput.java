package io.redcron.port;

import java.time.Duration;
import java.util.Collection;
import java.util.List;

/**
 * The live output of running runs, one stream per run, so that followers (the CLI's {@code runs
 * tail}, the desktop) resume where they were. A convenience beside the output tail kept in the
 * run store: writes are best effort, and a stream lapses some time after its run's end.
 *
 * <p>An attempt's output ends with an end marker; output read after a marker belongs to a later
 * attempt of the same run.
 */
public interface LiveOutput {

    /** The cursor before a stream's first entry: reading after it yields the output kept so far. */
    String START = "0-0";

    /**
     * Up to {@code max} entries of a run's stream after {@code cursor}, oldest first, waiting up to
     * {@code wait} when there are none yet (zero: do not wait).
     *
     * @param cursor {@link #START} or a {@link Slice#cursor()} an earlier read returned; opaque
     */
    Slice read(long runId, String cursor, Duration wait, int max);

    /** Adds each run's chunks, then its end marker if asked; all writes go out together. */
    void write(Collection<Write> writes);

    /**
     * What a read brought.
     *
     * @param entries in stream order; empty when nothing came within the wait
     * @param cursor  where to read on from (the cursor given, when nothing came)
     */
    record Slice(List<Entry> entries, String cursor) {
        public Slice {
            entries = List.copyOf(entries);
        }
    }

    /**
     * One entry of a stream: a chunk of output, or the end marker of an attempt.
     *
     * @param text the chunk; null for an end marker
     */
    record Entry(String text) {
        public static final Entry END = new Entry(null);

        public boolean isEnd() {
            return text == null;
        }
    }

    /**
     * Output of one run to add.
     *
     * @param end whether the attempt ended after these chunks: the marker is added and the stream
     *            is let go after a while
     */
    record Write(long runId, List<String> chunks, boolean end) {
        public Write {
            chunks = List.copyOf(chunks);
        }
    }
}
