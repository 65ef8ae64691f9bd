package io.redcron.node.worker.execution;

import java.util.concurrent.Executor;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Threads that help an attempt along beside its slot thread: reading a program's output or an HTTP
 * body, killing a process tree on a cancel. They are kept between attempts. Starting a thread
 * (its stack mapped, then unmapped at its end) cost more than starting {@code /bin/true} itself,
 * and a thread per attempt was what capped short runs.
 *
 * <p>Unbounded, like a thread per attempt was: every running attempt needs its helper at once, so
 * a helper must never wait in a queue behind another attempt's. The node's slots bound how many
 * attempts run, hence how many helpers are busy. Idle ones end after a minute; all are daemons,
 * so none keeps the node from exiting.
 */
final class HelperThreads implements Executor {
    private static final long IDLE_SECONDS = 60;

    private final ThreadPoolExecutor pool;

    HelperThreads(String namePrefix) {
        AtomicInteger count = new AtomicInteger();
        this.pool = new ThreadPoolExecutor(0, Integer.MAX_VALUE, IDLE_SECONDS, TimeUnit.SECONDS, new SynchronousQueue<>(),
                runnable -> {
                    Thread thread = new Thread(runnable, namePrefix + "-" + count.incrementAndGet());
                    thread.setDaemon(true);
                    return thread;
                });
    }

    @Override
    public void execute(Runnable task) {
        pool.execute(task);
    }

    /** Helper threads alive now, busy or idle. */
    int size() {
        return pool.getPoolSize();
    }
}
