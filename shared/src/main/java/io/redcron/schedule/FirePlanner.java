package io.redcron.schedule;

import io.redcron.domain.MisfirePolicy;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Turns a task's due fire time into the runs to record, applying the misfire policy. Pure: all
 * time comes in as arguments, so every case is a unit test.
 *
 * <p>A fire is a misfire when it is more than {@code threshold} older than now (the scheduler was
 * down, the database unreachable). Every fire gets a run row either way: misfires the policy
 * drops are recorded as skipped, so history shows each fire exactly once. One pass records at
 * most {@code limit} fires; a long outage is worked off over several passes.
 *
 * <p>With a lookahead the planner also takes the fires due after now up to a horizon, so that
 * their runs are recorded and queued before they are due. Those are never misfires: lateness is
 * always judged against now, never against the horizon.
 */
public final class FirePlanner {
    private final Duration threshold;
    private final int limit;

    public FirePlanner(Duration threshold, int limit) {
        if (limit < 1) {
            throw new IllegalArgumentException("limit must be positive");
        }
        this.threshold = threshold;
        this.limit = limit;
    }

    /** The most fires one plan holds. */
    public int limit() {
        return limit;
    }

    /**
     * @param due the task's planned next fire, at or before {@code now}
     */
    public FirePlan plan(Schedule schedule, ZoneId zone, Instant due, Instant now, MisfirePolicy policy,
                         int catchUpLimit) {
        return plan(schedule, zone, due, now, now, policy, catchUpLimit);
    }

    /**
     * @param due     the task's planned next fire, at or before {@code horizon}
     * @param horizon the latest fire to plan in this pass: now plus the lookahead
     */
    public FirePlan plan(Schedule schedule, ZoneId zone, Instant due, Instant now, Instant horizon,
                         MisfirePolicy policy, int catchUpLimit) {
        if (horizon.isBefore(now)) {
            throw new IllegalArgumentException("horizon " + horizon + " is before now " + now);
        }
        Instant misfireBefore = now.minus(threshold);
        // Fires at or after the boundary run; earlier misfires are skipped. Only misfires are
        // ever dropped: a fire within the threshold always runs.
        Instant keepFrom = due.isBefore(misfireBefore) ? keepFrom(schedule, zone, policy, catchUpLimit, misfireBefore)
                : due;
        List<PlannedFire> fires = new ArrayList<>();
        Instant fire = due;
        while (fire != null && !fire.isAfter(horizon) && fires.size() < limit) {
            if (fire.isBefore(keepFrom)) {
                fires.add(PlannedFire.skipped(fire, reason(policy)));
            } else {
                fires.add(PlannedFire.queued(fire));
            }
            fire = schedule.nextAfter(fire, zone).map(ZonedDateTime::toInstant).orElse(null);
        }
        return new FirePlan(fires, fire);
    }

    /**
     * The oldest misfire kept: the policy keeps the newest {@code keep} misfires (none, one, or the
     * catch-up limit). Fires within the threshold are not misfires: they always run and take no
     * misfire's place, and a fire not due yet never counts.
     */
    private static Instant keepFrom(Schedule schedule, ZoneId zone, MisfirePolicy policy, int catchUpLimit,
                                    Instant misfireBefore) {
        Instant boundary = misfireBefore;
        for (int i = 0; i < policy.firesKept(catchUpLimit); i++) {
            Optional<ZonedDateTime> previous = schedule.previousBefore(boundary, zone);
            if (previous.isEmpty()) {
                break;
            }
            boundary = previous.get().toInstant();
        }
        return boundary;
    }

    private static String reason(MisfirePolicy policy) {
        return switch (policy) {
            case SKIP -> "misfire: skipped (policy skip)";
            case FIRE_ONCE -> "misfire: skipped, a later fire runs instead (policy fire-once)";
            case CATCH_UP -> "misfire: skipped, beyond the catch-up limit (policy catch-up)";
        };
    }
}
