package io.redcron.node.worker;

import io.redcron.port.RunStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Writes finished attempts to the run store a batch at a time: whatever is waiting when a write
 * starts, up to {@code maxBatch} outcomes, goes in one transaction, each still fenced by its
 * attempt. A durable commit is what a result costs, so a short run then pays a fraction of one;
 * nothing waits to fill a batch, so a lone result is written at once.
 */
final class ResultWriter implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ResultWriter.class);
    private static final long POLL_MILLIS = 100;

    /** What to do once an outcome was written, or could not be. Called on the writer's thread. */
    interface Callback {
        void written(boolean applied);

        void failed(RuntimeException error);
    }

    private record Pending(RunStore.Completion completion, Callback callback) {
    }

    private final RunStore runs;
    private final int maxBatch;
    private final Runnable afterBatch;
    private final BlockingQueue<Pending> queue;
    private final Thread thread;
    private volatile boolean closing;
    private volatile boolean halted;

    /** @param afterBatch runs on the writer's thread after the callbacks of each batch */
    ResultWriter(RunStore runs, int maxBatch, String name, Runnable afterBatch) {
        if (maxBatch < 1) {
            throw new IllegalArgumentException("maxBatch: must be at least 1, got " + maxBatch);
        }
        this.runs = runs;
        this.maxBatch = maxBatch;
        this.afterBatch = afterBatch;
        // Bounded: when the database falls behind, finishing runs wait here instead of piling up.
        this.queue = new ArrayBlockingQueue<>(maxBatch * 4);
        this.thread = new Thread(this::loop, name);
        this.thread.setDaemon(true);
        this.thread.start();
    }

    /** Queues an outcome; blocks while the queue is full. After {@link #close} it is written at once. */
    void submit(RunStore.Completion completion, Callback callback) {
        Pending pending = new Pending(completion, callback);
        try {
            while (!closing) {
                if (queue.offer(pending, POLL_MILLIS, TimeUnit.MILLISECONDS)) {
                    return;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        write(List.of(pending));
    }

    private void loop() {
        List<Pending> batch = new ArrayList<>(maxBatch);
        while (!halted && !(closing && queue.isEmpty())) {
            try {
                Pending first = queue.poll(POLL_MILLIS, TimeUnit.MILLISECONDS);
                if (first == null) {
                    continue;
                }
                batch.add(first);
                queue.drainTo(batch, maxBatch - 1);
                if (!halted) {
                    write(batch);
                }
            } catch (InterruptedException e) {
                return;
            } finally {
                batch.clear();
            }
        }
    }

    private void write(List<Pending> batch) {
        List<RunStore.Completion> completions = new ArrayList<>(batch.size());
        for (Pending pending : batch) {
            completions.add(pending.completion());
        }
        List<Boolean> applied;
        try {
            applied = runs.completeAll(completions);
        } catch (RuntimeException e) {
            for (Pending pending : batch) {
                call(() -> pending.callback().failed(e));
            }
            return;
        }
        for (int i = 0; i < batch.size(); i++) {
            boolean written = applied.get(i);
            Callback callback = batch.get(i).callback();
            call(() -> callback.written(written));
        }
        call(afterBatch);
    }

    private static void call(Runnable step) {
        try {
            step.run();
        } catch (RuntimeException e) {
            LOG.warn("After recording a result: {}", e.getMessage());
        }
    }

    /** Stops at once, writing nothing more (the node halted as if it crashed). */
    void halt() {
        halted = true;
        closing = true;
        queue.clear();
        thread.interrupt();
    }

    /** Writes what is queued, then stops. */
    @Override
    public void close() {
        closing = true;
        try {
            thread.join(TimeUnit.SECONDS.toMillis(30));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
