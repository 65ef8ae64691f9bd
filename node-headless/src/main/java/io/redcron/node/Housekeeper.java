package io.redcron.node;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The node's periodic duties (election, heartbeats, lease renewals, live log flushes) on one
 * scheduled executor. Each duty catches and reports its own failures, so one bad pass never
 * cancels the schedule.
 */
final class Housekeeper implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(Housekeeper.class);

    private final ScheduledExecutorService executor;

    /** @param threads duties that may run at once; a slow store call holds one thread */
    Housekeeper(String nodeId, int threads) {
        AtomicInteger count = new AtomicInteger();
        ThreadFactory factory = runnable -> {
            Thread thread = new Thread(runnable, "redcron-" + nodeId + "-duty-" + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
        executor = Executors.newScheduledThreadPool(threads, factory);
    }

    void every(Duration period, String name, Runnable duty) {
        executor.scheduleWithFixedDelay(() -> {
            try {
                duty.run();
            } catch (RuntimeException e) {
                LOG.warn("{} failed: {}", name, e.getMessage());
            }
        }, 0, period.toMillis(), TimeUnit.MILLISECONDS);
    }

    @Override
    public void close() {
        executor.shutdownNow();
        try {
            executor.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
