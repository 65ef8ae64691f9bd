package io.redcron.store.mysql;

import java.time.Instant;

/**
 * A task's failed and timed-out runs, counted, and the latest fire among them: what the rollup
 * keeps per task and minute, and what the dashboard ranks the failing tasks by.
 */
final class TaskFailures {
    private long count;
    private Instant lastFire;

    void add(long failures, Instant fire) {
        count += failures;
        lastFire = lastFire == null || fire.isAfter(lastFire) ? fire : lastFire;
    }

    long count() {
        return count;
    }

    Instant lastFire() {
        return lastFire;
    }
}
