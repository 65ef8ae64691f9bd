package io.redcron.schedule;

import java.time.Instant;

/**
 * One fire the scheduler records as a run: queued for a worker, or skipped because the misfire
 * policy dropped it (a skipped fire still gets its run row, so every fire is accounted for).
 */
public record PlannedFire(Instant scheduledAt, boolean skipped, String reason) {

    static PlannedFire queued(Instant at) {
        return new PlannedFire(at, false, null);
    }

    static PlannedFire skipped(Instant at, String reason) {
        return new PlannedFire(at, true, reason);
    }
}
