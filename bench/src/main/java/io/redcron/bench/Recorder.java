package io.redcron.bench;

import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What the in-process baselines' no-op jobs report: each execution's start, its scheduled time,
 * and the first start and last end of all of them.
 */
public final class Recorder {
    /** The key under which Quartz jobs find the recorder in the scheduler context. */
    public static final String KEY = "bench-recorder";

    private final AtomicInteger completed = new AtomicInteger();
    private final AtomicLong firstStart = new AtomicLong(Long.MAX_VALUE);
    private final AtomicLong lastEnd = new AtomicLong(Long.MIN_VALUE);
    private final ConcurrentLinkedQueue<long[]> fires = new ConcurrentLinkedQueue<>();

    /** A one-off execution that started at {@code startMillis} has just ended. */
    public void executed(long startMillis) {
        firstStart.accumulateAndGet(startMillis, Math::min);
        lastEnd.accumulateAndGet(System.currentTimeMillis(), Math::max);
        completed.incrementAndGet();
    }

    /** A scheduled fire due at {@code scheduledMillis} started at {@code startMillis}. */
    public void fired(long scheduledMillis, long startMillis) {
        fires.add(new long[] {scheduledMillis, startMillis});
    }

    public int completed() {
        return completed.get();
    }

    public double spanSeconds() {
        return completed.get() == 0 ? 0 : (lastEnd.get() - firstStart.get()) / 1000.0;
    }

    /** Lateness in milliseconds of the fires scheduled in [fromMillis, toMillis). */
    public long[] latenessBetween(long fromMillis, long toMillis) {
        return fires.stream().filter(fire -> fire[0] >= fromMillis && fire[0] < toMillis)
                .mapToLong(fire -> fire[1] - fire[0]).toArray();
    }
}
