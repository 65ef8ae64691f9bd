package io.redcron.node.worker;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * Writes what several threads hand in a batch at a time: whatever is waiting when a write starts,
 * up to {@code maxBatch} items, goes in one statement and commit. A durable commit is what a write
 * costs, so each item then pays a fraction of one; nothing waits to fill a batch, so a lone item is
 * written at once.
 *
 * <p>Until {@link #start} and after {@link #close} there is no writing thread: an item is then
 * written at once on the thread that hands it in (so a worker driven by hand writes synchronously).
 */
final class GroupCommit<T, R> {
    private static final Logger LOG = LoggerFactory.getLogger(GroupCommit.class);
    /** How long a hand-in blocked by a full queue waits before it looks whether writing stopped. */
    private static final Duration OFFER_WAIT = Duration.ofMillis(100);

    /** What becomes of one item; called on the thread that wrote its batch. */
    interface Done<R> {
        void written(R result);

        void failed(RuntimeException error);
    }

    private record Pending<T, R>(T item, Done<R> done) {
    }

    private final String name;
    private final int maxBatch;
    private final Function<List<T>, List<R>> write;
    private final Runnable afterBatch;
    private final BlockingQueue<Pending<T, R>> queue;
    private Thread thread;
    private volatile boolean running;
    private volatile boolean halted;

    /**
     * @param write      writes a batch in one go, one result per item in order
     * @param afterBatch runs after the items of each batch were called back
     */
    GroupCommit(String name, int maxBatch, Function<List<T>, List<R>> write, Runnable afterBatch) {
        if (maxBatch < 1) {
            throw new IllegalArgumentException("maxBatch: must be at least 1, got " + maxBatch);
        }
        this.name = name;
        this.maxBatch = maxBatch;
        this.write = write;
        this.afterBatch = afterBatch;
        // Bounded: when the database falls behind, the threads handing in wait here instead of piling up.
        this.queue = new ArrayBlockingQueue<>(maxBatch * 4);
    }

    /** Starts the thread that writes queued items. */
    synchronized void start() {
        if (thread == null && !halted) {
            running = true;
            thread = new Thread(this::loop, name);
            thread.setDaemon(true);
            thread.start();
        }
    }

    /** Hands in an item; blocks while the queue is full. Without a writing thread it is written at once. */
    void submit(T item, Done<R> done) {
        Pending<T, R> pending = new Pending<>(item, done);
        try {
            while (running) {
                if (queue.offer(pending, OFFER_WAIT.toMillis(), TimeUnit.MILLISECONDS)) {
                    return;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (!halted) {
            writeBatch(List.of(pending));
        }
    }

    /** Writes one batch of what is queued now, on this thread; how many items it held. */
    int flush() {
        List<Pending<T, R>> batch = new ArrayList<>(maxBatch);
        queue.drainTo(batch, maxBatch);
        if (!batch.isEmpty() && !halted) {
            writeBatch(batch);
        }
        return batch.size();
    }

    private void loop() {
        while (!halted && (running || !queue.isEmpty())) {
            try {
                Pending<T, R> first = queue.poll(OFFER_WAIT.toMillis(), TimeUnit.MILLISECONDS);
                if (first == null) {
                    continue;
                }
                List<Pending<T, R>> batch = new ArrayList<>(maxBatch);
                batch.add(first);
                queue.drainTo(batch, maxBatch - 1);
                if (!halted) {
                    writeBatch(batch);
                }
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private void writeBatch(List<Pending<T, R>> batch) {
        List<T> items = new ArrayList<>(batch.size());
        for (Pending<T, R> pending : batch) {
            items.add(pending.item());
        }
        List<R> results;
        try {
            results = write.apply(items);
        } catch (RuntimeException e) {
            for (Pending<T, R> pending : batch) {
                call(() -> pending.done().failed(e));
            }
            return;
        }
        for (int i = 0; i < batch.size(); i++) {
            R result = results.get(i);
            Done<R> done = batch.get(i).done();
            call(() -> done.written(result));
        }
        call(afterBatch);
    }

    private void call(Runnable step) {
        try {
            step.run();
        } catch (RuntimeException e) {
            LOG.warn("{}: after a write: {}", name, e.getMessage());
        }
    }

    /** Stops at once, writing and calling back nothing more (the node halted as if it crashed). */
    synchronized void halt() {
        halted = true;
        running = false;
        queue.clear();
        if (thread != null) {
            thread.interrupt();
        }
    }

    /** Fails what is queued and stops its thread; later items are written at once. */
    synchronized void abandon(RuntimeException why) {
        running = false;
        List<Pending<T, R>> left = new ArrayList<>();
        queue.drainTo(left);
        left.forEach(pending -> call(() -> pending.done().failed(why)));
        if (thread != null) {
            thread.interrupt();
        }
    }

    /** Writes what is queued, then stops its thread, waiting for it at most {@code wait}. */
    void close(Duration wait) {
        Thread writer;
        synchronized (this) {
            running = false;
            writer = thread;
        }
        try {
            if (writer != null) {
                writer.join(wait.toMillis());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        while (flush() > 0) {
            // Queued before the thread started, or left by one that did not finish in time.
        }
    }
}
