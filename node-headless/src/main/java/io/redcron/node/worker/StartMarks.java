package io.redcron.node.worker;

import io.redcron.port.RunStore;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

/**
 * Marks runs claimed ahead of their time as begun, just before they execute: until then such a
 * claim is not an attempt, and a node that stops first has its claim released rather than an
 * attempt recorded lost (so the run is still judged by its misfire policy when it finally starts,
 * and is never counted as run when it was not).
 *
 * <p>A run must not execute before its mark is durable, so the slot waits for it; the fires of
 * one second all start at that second, so the marks of everything starting at once share one
 * statement.
 */
final class StartMarks {
    private record Mark(long runId, int attempt) {
    }

    private final String node;
    private final GroupCommit<Mark, Boolean> marks;
    private volatile boolean closed;

    StartMarks(RunStore runs, String node, Clock clock, Duration lease, int maxBatch) {
        this.node = node;
        this.marks = new GroupCommit<>("redcron-starts-" + node, maxBatch, batch -> {
            var leaseUntil = clock.instant().plus(lease);
            List<RunStore.StartMark> rows = new ArrayList<>(batch.size());
            for (Mark mark : batch) {
                rows.add(new RunStore.StartMark(mark.runId(), mark.attempt(), leaseUntil));
            }
            return runs.markStarted(node, rows);
        }, () -> { });
    }

    /**
     * Marks the run begun (and renews its lease); true if it may execute now. False: this node no
     * longer holds that attempt, or a cancel was asked for.
     *
     * @throws IllegalStateException when the mark could not be written (the store is away, or the
     *                               node is stopping): the run must not execute, its claim is released
     */
    boolean begin(long runId, int attempt) throws InterruptedException {
        if (closed) {
            throw stopping();
        }
        CompletableFuture<Boolean> began = new CompletableFuture<>();
        marks.submit(new Mark(runId, attempt), new GroupCommit.Done<>() {
            @Override
            public void written(Boolean applied) {
                began.complete(applied);
            }

            @Override
            public void failed(RuntimeException error) {
                began.completeExceptionally(error);
            }
        });
        if (closed) {
            marks.abandon(stopping());
        }
        try {
            return began.get();
        } catch (ExecutionException e) {
            throw new IllegalStateException("could not mark run " + runId + " started: " + e.getCause().getMessage(),
                    e.getCause());
        }
    }

    /** Writes one batch of the marks waiting now, on this thread; how many it held. */
    int flush() {
        return marks.flush();
    }

    void start() {
        marks.start();
    }

    /** Refuses further marks and fails those waiting: their runs do not start. */
    void close() {
        closed = true;
        marks.abandon(stopping());
    }

    private IllegalStateException stopping() {
        return new IllegalStateException("node " + node + " is stopping");
    }
}
