package io.redcron.node.worker.execution;

import java.nio.charset.StandardCharsets;

/**
 * Where one attempt's output goes: the tail kept for the run history and the live listener.
 * Once {@link #detach() detached} (the attempt has its result) further output is dropped, so a
 * process or handler that outlives its run cannot change a recorded result or the live tail.
 */
final class OutputSink {
    private final OutputTail tail;
    private final OutputListener listener;
    private volatile boolean detached;
    private volatile boolean listenerFailed;
    private final SecretMask mask;

    OutputSink(int tailBytes, OutputListener listener) {
        this(tailBytes, listener, null);
    }

    /** @param mask the run's secret values to hide in its output, or null */
    OutputSink(int tailBytes, OutputListener listener, SecretMask mask) {
        this.tail = new OutputTail(tailBytes);
        this.listener = listener == null ? OutputListener.NONE : listener;
        this.mask = mask == null || mask.isEmpty() ? null : mask;
    }

    void write(byte[] buffer, int offset, int length) {
        if (detached || length <= 0) {
            return;
        }
        if (mask != null) {
            byte[] masked;
            synchronized (mask) {
                masked = mask.accept(buffer, offset, length);
            }
            pass(masked, 0, masked.length);
        } else {
            pass(buffer, offset, length);
        }
    }

    /** Passes on what the mask held back; call once the output has ended, before {@link #detach()}. */
    void finish() {
        if (mask != null && !detached) {
            byte[] rest;
            synchronized (mask) {
                rest = mask.finish();
            }
            pass(rest, 0, rest.length);
        }
    }

    private void pass(byte[] buffer, int offset, int length) {
        if (length <= 0) {
            return;
        }
        tail.write(buffer, offset, length);
        if (!listenerFailed) {
            try {
                listener.onOutput(buffer, offset, length);
            } catch (RuntimeException e) {
                // The live tail is a convenience; losing it must not fail or stall the run.
                listenerFailed = true;
            }
        }
    }

    void writeText(String text) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        write(bytes, 0, bytes.length);
    }

    void detach() {
        detached = true;
    }

    String text() {
        return tail.text();
    }
}
