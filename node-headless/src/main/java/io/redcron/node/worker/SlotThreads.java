package io.redcron.node.worker;

import io.redcron.node.worker.execution.ExecutionResult;

import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * The threads runs execute on, one per slot. A thread kept by a java handler that ignored its
 * stop is replaced while it is kept (the run was recorded and its slot freed without it), so the
 * node still has a thread for every slot; the replacement goes once the handler gives the thread back.
 */
public final class SlotThreads {
    private final int slots;
    private final ThreadPoolExecutor pool;
    private final AtomicInteger kept = new AtomicInteger();

    public SlotThreads(int slots, String namePrefix) {
        if (slots < 1) {
            throw new IllegalArgumentException("slots: must be at least 1, got " + slots);
        }
        this.slots = slots;
        AtomicInteger count = new AtomicInteger();
        // Unbounded queue, fixed threads: the free slots (Slots) already bound what is queued.
        this.pool = new ThreadPoolExecutor(slots, slots, 60, TimeUnit.SECONDS, new LinkedBlockingQueue<>(),
                runnable -> new Thread(runnable, namePrefix + "-" + count.incrementAndGet()));
    }

    /** Runs {@code work} on a slot thread; throws RejectedExecutionException once shut down. */
    void execute(Runnable work) {
        pool.execute(work);
    }

    /** A slot thread is kept by code given up on: add a thread in its place. */
    void threadKept() {
        resize(kept.incrementAndGet());
    }

    /** A kept thread came back: the thread added in its place goes when next idle. */
    void threadReturned() {
        resize(kept.decrementAndGet());
    }

    private synchronized void resize(int keptNow) {
        if (pool.isShutdown()) {
            return;
        }
        int size = slots + Math.max(0, keptNow);
        // Raise the maximum first and lower it last: the core may never exceed it.
        if (size > pool.getMaximumPoolSize()) {
            pool.setMaximumPoolSize(size);
            pool.setCorePoolSize(size);
        } else {
            pool.setCorePoolSize(size);
            pool.setMaximumPoolSize(size);
        }
    }

    /**
     * Wraps the callback that gets a run's result; made on the slot thread that runs it. A
     * result handed over from another thread means the slot thread is kept by the run's code:
     * a thread is added in its place until {@link Handover#slotReturned} says it came back.
     */
    Handover handover(Consumer<ExecutionResult> ended) {
        return new Handover(Thread.currentThread(), ended);
    }

    final class Handover implements Consumer<ExecutionResult> {
        private static final int PENDING = 0;
        private static final int HANDED_ELSEWHERE = 1;
        private static final int SLOT_RETURNED = 2;

        private final Thread slot;
        private final Consumer<ExecutionResult> ended;
        private final AtomicInteger state = new AtomicInteger(PENDING);
        /** Read and written on the slot thread only. */
        private boolean onSlot;

        private Handover(Thread slot, Consumer<ExecutionResult> ended) {
            this.slot = slot;
            this.ended = ended;
        }

        @Override
        public void accept(ExecutionResult result) {
            if (Thread.currentThread() == slot) {
                onSlot = true;
                ended.accept(result);
                return;
            }
            // Before the slot is freed: the next run must find a thread.
            threadKept();
            try {
                ended.accept(result);
            } finally {
                if (state.getAndSet(HANDED_ELSEWHERE) == SLOT_RETURNED) {
                    threadReturned();
                }
            }
        }

        /** On the slot thread, once the run's code gave it back. */
        void slotReturned() {
            if (!onSlot && state.getAndSet(SLOT_RETURNED) == HANDED_ELSEWHERE) {
                threadReturned();
            }
        }
    }

    /** Threads kept by code given up on, now. */
    int kept() {
        return kept.get();
    }

    void shutdown() {
        pool.shutdown();
    }

    void shutdownNow() {
        pool.shutdownNow();
    }
}
