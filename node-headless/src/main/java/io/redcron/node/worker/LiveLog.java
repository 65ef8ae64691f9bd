package io.redcron.node.worker;

import io.redcron.node.worker.execution.OutputListener;
import io.redcron.port.LiveOutput;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Buffers running runs' output for the live view ({@code runs tail}, the desktop) and hands it to
 * {@link LiveOutput} a few times a second, all runs in one write, so a chatty run costs a handful
 * of calls per second.
 */
public final class LiveLog {
    private static final Logger LOG = LoggerFactory.getLogger(LiveLog.class);
    private static final int MAX_CHUNK = 16 * 1024;
    /** What a live view keeps of a run; more than this waiting in a buffer is dropped. */
    private static final int MAX_BUFFERED = MAX_CHUNK * 256;

    private final LiveOutput output;
    private final Map<Long, Buffer> buffers = new ConcurrentHashMap<>();

    public LiveLog(LiveOutput output) {
        this.output = output;
    }

    public OutputListener open(long runId) {
        Buffer buffer = new Buffer();
        buffers.put(runId, buffer);
        return buffer::append;
    }

    /**
     * Flushes the run's last output and lets its tail expire. A run that printed nothing never had
     * a tail and costs no call: followers learn of its end from the run's status.
     */
    public void close(long runId) {
        Buffer buffer = buffers.remove(runId);
        if (buffer != null && buffer.everWritten()) {
            flush(Map.of(runId, buffer), true);
        }
    }

    /** Called every few hundred milliseconds by the node. */
    public void flush() {
        flush(buffers, false);
    }

    private void flush(Map<Long, Buffer> which, boolean closing) {
        List<LiveOutput.Write> writes = new ArrayList<>();
        for (Map.Entry<Long, Buffer> entry : which.entrySet()) {
            byte[] pending = entry.getValue().drain();
            if (pending.length > 0 || closing) {
                writes.add(new LiveOutput.Write(entry.getKey(), chunks(pending), closing));
            }
        }
        if (writes.isEmpty()) {
            return;
        }
        try {
            output.write(writes);
        } catch (RuntimeException e) {
            // The live view is a convenience; the run's output tail is kept in the run store regardless.
            LOG.debug("Could not update live output: {}", e.getMessage());
        }
    }

    /**
     * Chunks are cut on byte counts; a split UTF-8 sequence shows as one replacement character in
     * the live view, never in the stored output.
     */
    private static List<String> chunks(byte[] pending) {
        List<String> chunks = new ArrayList<>();
        for (int offset = 0; offset < pending.length; offset += MAX_CHUNK) {
            int length = Math.min(MAX_CHUNK, pending.length - offset);
            chunks.add(new String(pending, offset, length, StandardCharsets.UTF_8));
        }
        return chunks;
    }

    private static final class Buffer {
        private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        private boolean written;

        synchronized boolean everWritten() {
            return written;
        }

        synchronized void append(byte[] buffer, int offset, int length) {
            written |= length > 0;
            // Bounded: if the live output is slow, keep only what a live view could show anyway.
            if (bytes.size() + length > MAX_BUFFERED) {
                bytes.reset();
            }
            bytes.write(buffer, offset, length);
        }

        synchronized byte[] drain() {
            byte[] out = bytes.toByteArray();
            bytes.reset();
            return out;
        }
    }
}
