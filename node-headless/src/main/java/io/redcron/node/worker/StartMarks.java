package io.redcron.node.worker;

import io.redcron.port.RunStore;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * Marks runs claimed ahead of their time as begun, just before they execute: until then such a
 * claim is not an attempt, and a node that stops first has its claim released rather than an
 * attempt recorded lost (so the run is still judged by its misfire policy when it finally starts,
 * and is never counted as run when it was not).
 *
 * <p>A run must not execute before its mark is durable, so the slot waits for it; the fires of
 * one second all start at that second, so the marks of everything starting at once share one
 * statement (whatever is waiting when a write starts, up to {@code maxBatch}).
 */
final class StartMarks implements AutoCloseable {
    private record Pending(long runId, int attempt, CompletableFuture<Boolean> began) {
    }

    private final RunStore runs;
    private final String node;
    private final Clock clock;
    private final Duration lease;
    private final int maxBatch;
    private final BlockingQueue<Pending> queue = new LinkedBlockingQueue<>();
    private final Thread thread;
    private volatile boolean closed;

    StartMarks(RunStore runs, String node, Clock clock, Duration lease, int maxBatch, String name) {
        this.runs = runs;
        this.node = node;
        this.clock = clock;
        this.lease = lease;
        this.maxBatch = maxBatch;
        this.thread = new Thread(this::loop, name);
        this.thread.setDaemon(true);
        this.thread.start();
    }

    /**
     * Marks the run begun (and renews its lease); true if it may execute now. False: this node no
     * longer holds that attempt, or a cancel was asked for.
     *
     * @throws IllegalStateException when the mark could not be written (the store is away): the
     *                               run must not execute, its claim lapses and is released
     */
    boolean begin(long runId, int attempt) throws InterruptedException {
        Pending pending = new Pending(runId, attempt, new CompletableFuture<>());
        if (closed) {
            throw new IllegalStateException("node " + node + " is stopping");
        }
        queue.add(pending);
        if (closed) {
            failWaiting();
        }
        try {
            return pending.began().get();
        } catch (ExecutionException e) {
            throw new IllegalStateException("could not mark run " + runId + " started: " + e.getCause().getMessage(),
                    e.getCause());
        }
    }

    private void loop() {
        List<Pending> batch = new ArrayList<>(maxBatch);
        while (!closed) {
            try {
                batch.add(queue.take());
            } catch (InterruptedException e) {
                break;
            }
            queue.drainTo(batch, maxBatch - 1);
            write(batch);
            batch.clear();
        }
        failWaiting();
    }

    private void write(List<Pending> batch) {
        Instant leaseUntil = clock.instant().plus(lease);
        List<RunStore.StartMark> marks = new ArrayList<>(batch.size());
        for (Pending pending : batch) {
            marks.add(new RunStore.StartMark(pending.runId(), pending.attempt(), leaseUntil));
        }
        try {
            List<Boolean> applied = runs.markStarted(node, marks);
            for (int i = 0; i < batch.size(); i++) {
                batch.get(i).began().complete(applied.get(i));
            }
        } catch (RuntimeException e) {
            batch.forEach(pending -> pending.began().completeExceptionally(e));
        }
    }

    private void failWaiting() {
        List<Pending> left = new ArrayList<>();
        queue.drainTo(left);
        IllegalStateException stopping = new IllegalStateException("node " + node + " is stopping");
        left.forEach(pending -> pending.began().completeExceptionally(stopping));
    }

    @Override
    public void close() {
        closed = true;
        thread.interrupt();
        failWaiting();
    }
}
