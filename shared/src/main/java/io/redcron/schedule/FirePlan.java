package io.redcron.schedule;

import java.time.Instant;
import java.util.List;

/**
 * What to do for one due task in one pass.
 *
 * @param fires the fires to record, oldest first
 * @param next  the fire after the last one recorded; null when the schedule never fires again
 */
public record FirePlan(List<PlannedFire> fires, Instant next) {
    public FirePlan {
        fires = List.copyOf(fires);
    }
}
