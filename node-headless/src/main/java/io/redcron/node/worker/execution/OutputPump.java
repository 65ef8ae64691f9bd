package io.redcron.node.worker.execution;

import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Copies a stream into an {@link OutputSink} on its own daemon thread, so that the program never
 * blocks on a full pipe while the executor waits for it to end. With a limit it reads no more
 * than that many bytes: the rest is left unread and the stream closed.
 */
final class OutputPump {
    private static final int CHUNK = 8192;

    private final InputStream in;
    private final OutputSink sink;
    private final long limit;
    private final Thread thread;
    private final CompletableFuture<Void> ended = new CompletableFuture<>();
    private volatile boolean cut;

    OutputPump(InputStream in, OutputSink sink, String threadName) {
        this(in, sink, threadName, Long.MAX_VALUE);
    }

    /** @param limit bytes read at most */
    OutputPump(InputStream in, OutputSink sink, String threadName, long limit) {
        this.in = in;
        this.sink = sink;
        this.limit = limit;
        this.thread = new Thread(this::copy, threadName);
        this.thread.setDaemon(true);
    }

    OutputPump start() {
        thread.start();
        return this;
    }

    private void copy() {
        byte[] buffer = new byte[CHUNK];
        try (in) {
            long left = limit;
            int read = 0;
            while (left > 0 && (read = in.read(buffer, 0, (int) Math.min(buffer.length, left))) >= 0) {
                sink.write(buffer, 0, read);
                left -= read;
            }
            // At the limit, one more byte tells a cut stream from one that had exactly that much.
            cut = read >= 0 && in.read() >= 0;
        } catch (IOException e) {
            // Closed under us (timeout, cancel) or interrupted: the tail so far is the output.
        } finally {
            ended.complete(null);
        }
    }

    /**
     * Waits until the stream ended. A background process that inherited the program's stdout can
     * hold the pipe open long after the program exited; after {@code limit} we stop waiting for it,
     * leaving the daemon thread to end whenever that process closes the pipe.
     */
    boolean awaitEnd(Duration limit) throws InterruptedException {
        try {
            ended.get(limit.toNanos(), TimeUnit.NANOSECONDS);
            return true;
        } catch (TimeoutException e) {
            return false;
        } catch (ExecutionException e) {
            throw new IllegalStateException("the pump never fails its future", e);
        }
    }

    /** Whether bytes beyond the limit were left unread; known once {@link #ended()} completed. */
    boolean cut() {
        return cut;
    }

    /** Completes when the stream ended (or failed). */
    CompletableFuture<Void> ended() {
        return ended;
    }

    /** Stops reading: wakes a reader blocked on an interruptible stream (the HTTP body). */
    void abort() {
        thread.interrupt();
        try {
            in.close();
        } catch (IOException e) {
            // Nothing more to read either way.
        }
    }
}
