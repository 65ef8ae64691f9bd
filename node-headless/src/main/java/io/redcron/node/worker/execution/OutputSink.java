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

    OutputSink(int tailBytes, OutputListener listener) {
        this.tail = new OutputTail(tailBytes);
        this.listener = listener == null ? OutputListener.NONE : listener;
    }

    void write(byte[] buffer, int offset, int length) {
        if (detached || length <= 0) {
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
