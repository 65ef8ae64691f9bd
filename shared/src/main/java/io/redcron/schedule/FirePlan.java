package io.redcron.schedule;

import java.time.Instant;
import java.util.List;

/**
 * What to do for one due task in one pass.
 *
 * @param fires  the fires to record, oldest first
 * @param next   the fire after the last one recorded; null when the schedule never fires again
 * @param heldBy the maintenance window that holds {@code next} back, or null: the task waits, and
 *               is planned again once the window is over
 */
public record FirePlan(List<PlannedFire> fires, Instant next, PauseWindow heldBy) {
    public FirePlan {
        fires = List.copyOf(fires);
    }

    public FirePlan(List<PlannedFire> fires, Instant next) {
        this(fires, next, null);
    }
}
