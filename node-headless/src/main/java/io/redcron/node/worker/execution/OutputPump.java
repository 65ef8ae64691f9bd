package io.redcron.node.worker.execution;

import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Copies a stream into an {@link OutputSink} on a {@link HelperThreads helper thread}, so that the
 * program never blocks on a full pipe while the executor waits for it to end. With a limit it
 * reads no more than that many bytes: the rest is left unread and the stream closed.
 *
 * <p>The helper thread goes back to its pool when the copy ends, so {@link #abort()} interrupts it
 * only while it still copies for this pump, and the copy clears any interrupt it leaves behind:
 * the next attempt's copy on that thread never sees this one's stop.
 */
final class OutputPump {
    private static final int CHUNK = 8192;
    /**
     * One copy buffer per helper thread, kept with it: listeners get the buffer only for the length
     * of their call ({@link OutputListener}), so reusing it for the next attempt is safe.
     */
    private static final ThreadLocal<byte[]> BUFFER = ThreadLocal.withInitial(() -> new byte[CHUNK]);

    private final InputStream in;
    private final OutputSink sink;
    private final long limit;
    private final CompletableFuture<Void> ended = new CompletableFuture<>();
    private volatile boolean cut;
    /** The thread copying for this pump; null before the copy starts and once it ended. */
    private Thread copying;
    private boolean aborted;

    OutputPump(InputStream in, OutputSink sink) {
        this(in, sink, Long.MAX_VALUE);
    }

    /** @param limit bytes read at most */
    OutputPump(InputStream in, OutputSink sink, long limit) {
        this.in = in;
        this.sink = sink;
        this.limit = limit;
    }

    OutputPump start(Executor threads) {
        threads.execute(this::copy);
        return this;
    }

    private void copy() {
        if (!began()) {
            closeQuietly();
            ended.complete(null);
            return;
        }
        byte[] buffer = BUFFER.get();
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
            finished();
            ended.complete(null);
        }
    }

    private synchronized boolean began() {
        copying = Thread.currentThread();
        return !aborted;
    }

    private synchronized void finished() {
        copying = null;
        // An abort that came as the copy ended must not reach whatever this thread does next.
        Thread.interrupted();
    }

    /**
     * Waits until the stream ended. A background process that inherited the program's stdout can
     * hold the pipe open long after the program exited; after {@code limit} we stop waiting for it,
     * leaving the helper thread to end the copy whenever that process closes the pipe.
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
        synchronized (this) {
            aborted = true;
            if (copying != null) {
                copying.interrupt();
            }
        }
        closeQuietly();
    }

    private void closeQuietly() {
        try {
            in.close();
        } catch (IOException e) {
            // Nothing more to read either way.
        }
    }
}
