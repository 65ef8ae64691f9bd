package io.redcron.schedule;

import io.redcron.domain.MisfirePolicy;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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
    /** Fires looked at, at most, when walking back to find the ones a policy keeps. */
    private static final int WALK_LIMIT = 100_000;

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
        return plan(schedule, zone, due, now, horizon, policy, catchUpLimit, FireRules.NONE);
    }

    /**
     * Plans under calendar rules and maintenance windows too. A fire the rules exclude is recorded
     * skipped with their reason whatever else holds. A fire in a window that has not ended yet
     * ends the plan: it and every later fire wait, and {@link FirePlan#heldBy()} names the window.
     * The fires of a window that has ended follow its resume policy, not the misfire policy: they
     * are the fires an operator chose to hold, however old. Only the other fires can be misfires.
     */
    public FirePlan plan(Schedule schedule, ZoneId zone, Instant due, Instant now, Instant horizon,
                         MisfirePolicy policy, int catchUpLimit, FireRules rules) {
        if (horizon.isBefore(now)) {
            throw new IllegalArgumentException("horizon " + horizon + " is before now " + now);
        }
        Instant misfireBefore = now.minus(threshold);
        // Fires at or after a boundary run; earlier ones are skipped. Computed on first need: most
        // passes meet no misfire and no window.
        Instant misfireKeepFrom = null;
        Map<Long, Instant> windowKeepFrom = new HashMap<>();
        List<PlannedFire> fires = new ArrayList<>();
        Instant fire = due;
        while (fire != null && !fire.isAfter(horizon) && fires.size() < limit) {
            Optional<String> excluded = rules.exclusion() == FireExclusion.NONE ? Optional.empty()
                    : rules.exclusion().reason(fire.atZone(zone));
            PauseWindow window = excluded.isPresent() ? null : rules.windowOf(fire);
            if (excluded.isPresent()) {
                fires.add(PlannedFire.skipped(fire, excluded.get()));
            } else if (window != null && window.holdsAt(now)) {
                return new FirePlan(fires, fire, window);
            } else if (window != null) {
                Instant keepFrom = windowKeepFrom.computeIfAbsent(window.id(),
                        id -> windowKeepFrom(schedule, zone, window, catchUpLimit, rules.exclusion()));
                fires.add(fire.isBefore(keepFrom) ? PlannedFire.skipped(fire, window.skipReason())
                        : PlannedFire.queued(fire));
            } else if (fire.isBefore(misfireBefore)) {
                if (misfireKeepFrom == null) {
                    misfireKeepFrom = misfireKeepFrom(schedule, zone, policy, catchUpLimit, misfireBefore, rules);
                }
                fires.add(fire.isBefore(misfireKeepFrom) ? PlannedFire.skipped(fire, reason(policy))
                        : PlannedFire.queued(fire));
            } else {
                fires.add(PlannedFire.queued(fire));
            }
            fire = schedule.nextAfter(fire, zone).map(ZonedDateTime::toInstant).orElse(null);
        }
        return new FirePlan(fires, fire);
    }

    /**
     * The fires of a schedule that ends now (its task was disabled, deleted or given another
     * schedule) from {@code due} up to now, as {@link #plan} decides them, except that fires a
     * maintenance window still holds can never run any more: each is recorded skipped, in the
     * window's name, saying {@code why}. At most {@link #limit()} fires; {@link FirePlan#next()}
     * is where the next step goes on, never held.
     *
     * @param why what ended the schedule, e.g. "the task was disabled"
     */
    public FirePlan settle(Schedule schedule, ZoneId zone, Instant due, Instant now, MisfirePolicy policy,
                           int catchUpLimit, FireRules rules, String why) {
        FirePlan plan = plan(schedule, zone, due, now, now, policy, catchUpLimit, rules);
        if (plan.heldBy() == null) {
            return plan;
        }
        String reason = plan.heldBy().label() + ": held when " + why + ", so it never ran";
        List<PlannedFire> fires = new ArrayList<>(plan.fires());
        Instant fire = plan.next();
        while (fire != null && !fire.isAfter(now) && fires.size() < limit) {
            fires.add(PlannedFire.skipped(fire, reason));
            fire = schedule.nextAfter(fire, zone).map(ZonedDateTime::toInstant).orElse(null);
        }
        return new FirePlan(fires, fire);
    }

    /**
     * The oldest misfire kept: the policy keeps the newest {@code keep} misfires (none, one, or the
     * catch-up limit). Fires within the threshold are not misfires: they always run and take no
     * misfire's place, and a fire not due yet never counts. Nor does a fire the calendar excludes
     * or one a window decides.
     */
    private static Instant misfireKeepFrom(Schedule schedule, ZoneId zone, MisfirePolicy policy, int catchUpLimit,
                                           Instant misfireBefore, FireRules rules) {
        return keepFrom(schedule, zone, misfireBefore, null, policy.firesKept(catchUpLimit),
                fire -> rules.exclusion().reason(fire).isEmpty() && rules.windowOf(fire.toInstant()) == null);
    }

    /** The oldest fire of an ended window that its resume policy runs; the window's end when none. */
    private static Instant windowKeepFrom(Schedule schedule, ZoneId zone, PauseWindow window, int catchUpLimit,
                                          FireExclusion exclusion) {
        return keepFrom(schedule, zone, window.end(), window.from(), window.onResume().firesKept(catchUpLimit),
                fire -> exclusion.reason(fire).isEmpty());
    }

    /**
     * Walks back from {@code before} over the schedule's fires, counting those {@code counts}
     * accepts, and returns the {@code keep}-th one (or where the walk stopped: at {@code floor},
     * the schedule's first fire, or after {@link #WALK_LIMIT} steps over uncounted fires, so that a
     * calendar excluding nearly everything cannot make a pass endless).
     */
    private static Instant keepFrom(Schedule schedule, ZoneId zone, Instant before, Instant floor, int keep,
                                    java.util.function.Predicate<ZonedDateTime> counts) {
        Instant boundary = before;
        int kept = 0;
        for (int steps = 0; kept < keep && steps < WALK_LIMIT; steps++) {
            Optional<ZonedDateTime> previous = schedule.previousBefore(boundary, zone);
            if (previous.isEmpty() || (floor != null && previous.get().toInstant().isBefore(floor))) {
                break;
            }
            boundary = previous.get().toInstant();
            if (counts.test(previous.get())) {
                kept++;
            }
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
