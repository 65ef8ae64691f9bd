package io.redcron.bench;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;

/**
 * How many times per second {@code threads} threads of this JVM can do one thing back to back: the
 * machine's own ceiling for the work a node's slots do, measured in the same run as the node.
 */
final class Ceilings {
    /** Not counted: the first round of a fresh JVM compiles the loop and warms the JDK's caches. */
    private static final Duration WARM_UP = Duration.ofMillis(500);

    /** One unit of the work; a failure ends the measurement, since a ceiling of failures means nothing. */
    @FunctionalInterface
    interface Work {
        void once() throws Exception;
    }

    private Ceilings() {
    }

    static double perSecond(int threads, Duration window, Work work) {
        loop(threads, WARM_UP, work);
        return loop(threads, window, work);
    }

    private static double loop(int threads, Duration window, Work work) {
        AtomicLong done = new AtomicLong();
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        long start = System.nanoTime();
        long deadline = start + window.toNanos();
        try {
            List<Future<?>> loops = new ArrayList<>();
            for (int i = 0; i < threads; i++) {
                loops.add(pool.submit(() -> {
                    while (System.nanoTime() < deadline) {
                        work.once();
                        done.incrementAndGet();
                    }
                    return null;
                }));
            }
            for (Future<?> each : loops) {
                each.get();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        } catch (Exception e) {
            throw new IllegalStateException("ceiling: " + e.getMessage(), e);
        } finally {
            pool.shutdownNow();
        }
        return done.get() / ((System.nanoTime() - start) / 1e9);
    }
}
