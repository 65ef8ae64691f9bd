package io.redcron.schedule;

import io.redcron.domain.MisfirePolicy;
import org.junit.jupiter.api.Test;

import java.time.DayOfWeek;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/** Calendar exclusions and maintenance windows in the planner. */
class FirePlannerRulesTest {
    private static final ZoneId UTC = ZoneOffset.UTC;
    private static final Instant T0 = Instant.parse("2026-12-01T10:00:00Z");
    private static final Schedule EVERY_MINUTE = CronSchedule.parse("* * * * *", CronDialect.UNIX);
    private final FirePlanner planner = new FirePlanner(Duration.ofSeconds(60), 500);

    @Test
    void anExcludedFireIsRecordedSkippedWithTheRulesReason() {
        FireExclusion oddMinutes = fire -> fire.getMinute() % 2 == 1 ? Optional.of("calendar ops: odd minute")
                : Optional.empty();
        FirePlan plan = planner.plan(EVERY_MINUTE, UTC, T0, T0.plusSeconds(150), T0.plusSeconds(150),
                MisfirePolicy.FIRE_ONCE, 10, FireRules.NONE.withExclusion(oddMinutes));

        assertThat(plan.fires()).extracting(PlannedFire::skipped).containsExactly(false, true, false);
        assertThat(plan.fires().get(1).reason()).isEqualTo("calendar ops: odd minute");
        assertThat(plan.next()).isEqualTo(min(3));
        assertThat(plan.heldBy()).isNull();
    }

    @Test
    void aWindowThatHasNotEndedHoldsItsFiresAndEverythingAfter() {
        PauseWindow window = window(7, min(2), null, null, MisfirePolicy.SKIP);
        FirePlan plan = planner.plan(EVERY_MINUTE, UTC, T0, min(5), min(5), MisfirePolicy.CATCH_UP, 10,
                FireRules.NONE.withWindows(List.of(window)));

        assertThat(plan.fires()).extracting(PlannedFire::scheduledAt).containsExactly(min(0), min(1));
        assertThat(plan.next()).isEqualTo(min(2));
        assertThat(plan.heldBy()).isEqualTo(window);
    }

    @Test
    void aWindowStartingWithinTheLookaheadHoldsTheFiresAheadToo() {
        PauseWindow window = window(7, min(1), min(30), null, MisfirePolicy.SKIP);
        FirePlan plan = planner.plan(EVERY_MINUTE, UTC, T0, T0, min(3), MisfirePolicy.SKIP, 10,
                FireRules.NONE.withWindows(List.of(window)));

        assertThat(plan.fires()).extracting(PlannedFire::scheduledAt).containsExactly(min(0));
        assertThat(plan.heldBy()).isEqualTo(window);
    }

    @Test
    void onResumeSkipRecordsEveryFireOfTheWindowSkippedWhateverTheMisfirePolicy() {
        PauseWindow window = window(7, min(1), min(4), null, MisfirePolicy.SKIP);
        FirePlan plan = planner.plan(EVERY_MINUTE, UTC, min(1), min(4).plusMillis(10), min(4).plusMillis(10),
                MisfirePolicy.CATCH_UP, 10, FireRules.NONE.withWindows(List.of(window)));

        assertThat(plan.fires()).extracting(PlannedFire::skipped).containsExactly(true, true, true, false);
        assertThat(plan.fires().get(0).reason()).isEqualTo("maintenance window 7: skipped on resume (policy skip)");
        assertThat(plan.fires().get(3).scheduledAt()).isEqualTo(min(4));
    }

    @Test
    void onResumeFireOnceRunsTheNewestFireOfTheWindowHoweverOld() {
        PauseWindow window = window(7, min(0), min(10), null, MisfirePolicy.FIRE_ONCE);
        Instant now = min(10).plus(Duration.ofHours(2));
        FirePlan plan = planner.plan(EVERY_MINUTE, UTC, min(0), now, now, MisfirePolicy.SKIP, 10,
                FireRules.NONE.withWindows(List.of(window)));

        List<PlannedFire> inWindow = plan.fires().subList(0, 10);
        assertThat(inWindow).filteredOn(f -> !f.skipped()).extracting(PlannedFire::scheduledAt).containsExactly(min(9));
        assertThat(inWindow.get(0).reason()).contains("fire-once");
        // After the window the fires are two hours late: misfires under the task's own policy.
        assertThat(plan.fires().get(10).reason()).contains("policy skip");
    }

    @Test
    void onResumeCatchUpRunsTheNewestFiresUpToTheCatchUpLimit() {
        PauseWindow window = window(7, min(0), min(10), null, MisfirePolicy.CATCH_UP);
        FirePlan plan = planner.plan(EVERY_MINUTE, UTC, min(0), min(10), min(10), MisfirePolicy.SKIP, 3,
                FireRules.NONE.withWindows(List.of(window)));

        assertThat(plan.fires()).filteredOn(f -> !f.skipped()).extracting(PlannedFire::scheduledAt)
                .containsExactly(min(7), min(8), min(9), min(10));
    }

    @Test
    void aWindowResumedEarlyCoversOnlyUntilItsResumption() {
        PauseWindow window = window(7, min(0), min(60), min(3), MisfirePolicy.SKIP);
        FirePlan plan = planner.plan(EVERY_MINUTE, UTC, min(0), min(5), min(5), MisfirePolicy.CATCH_UP, 3,
                FireRules.NONE.withWindows(List.of(window)));

        assertThat(plan.fires()).extracting(PlannedFire::skipped).containsExactly(true, true, true, false, false, false);
        assertThat(plan.heldBy()).isNull();
    }

    @Test
    void aFireTheCalendarExcludesIsNotTheOneAWindowKeeps() {
        FireExclusion minuteNine = fire -> fire.getMinute() == 9 ? Optional.of("holiday") : Optional.empty();
        PauseWindow window = window(7, min(0), min(10), null, MisfirePolicy.FIRE_ONCE);
        FirePlan plan = planner.plan(EVERY_MINUTE, UTC, min(0), min(10), min(10), MisfirePolicy.SKIP, 3,
                new FireRules(minuteNine, List.of(window)));

        assertThat(plan.fires()).filteredOn(f -> !f.skipped()).extracting(PlannedFire::scheduledAt)
                .containsExactly(min(8), min(10));
        assertThat(plan.fires().get(9).reason()).isEqualTo("holiday");
    }

    @Test
    void aMisfireKeptByFireOnceIsNeverAnExcludedOne() {
        // Weekdays only; the scheduler was down over a weekend: fire-once runs Friday's last fire.
        Schedule hourly = CronSchedule.parse("0 * * * *", CronDialect.UNIX);
        FireExclusion weekends = fire -> fire.getDayOfWeek() == DayOfWeek.SATURDAY
                || fire.getDayOfWeek() == DayOfWeek.SUNDAY ? Optional.of("weekend") : Optional.empty();
        Instant friday = Instant.parse("2026-12-04T20:00:00Z");
        Instant monday = Instant.parse("2026-12-07T00:00:30Z");
        FirePlan plan = planner.plan(hourly, UTC, friday, monday, monday, MisfirePolicy.FIRE_ONCE, 1,
                FireRules.NONE.withExclusion(weekends));

        assertThat(plan.fires()).filteredOn(f -> !f.skipped()).extracting(PlannedFire::scheduledAt)
                .containsExactly(Instant.parse("2026-12-04T23:00:00Z"), Instant.parse("2026-12-07T00:00:00Z"));
        assertThat(plan.fires()).filteredOn(f -> "weekend".equals(f.reason())).hasSize(48);
    }

    @Test
    void settlingAnEndingScheduleSkipsTheFiresAWindowStillHolds() {
        PauseWindow window = window(7, min(2), null, null, MisfirePolicy.FIRE_ONCE);
        FirePlan plan = planner.settle(EVERY_MINUTE, UTC, min(0), min(5), MisfirePolicy.CATCH_UP, 10,
                FireRules.NONE.withWindows(List.of(window)), "the task was disabled");

        assertThat(plan.fires()).extracting(PlannedFire::scheduledAt)
                .containsExactly(min(0), min(1), min(2), min(3), min(4), min(5));
        assertThat(plan.fires()).extracting(PlannedFire::skipped).containsExactly(false, false, true, true, true, true);
        assertThat(plan.fires().get(2).reason())
                .isEqualTo("maintenance window 7: held when the task was disabled, so it never ran");
        assertThat(plan.next()).isEqualTo(min(6));
        assertThat(plan.heldBy()).isNull();
    }

    @Test
    void anOpenEndedWindowEndsWhenResumed() {
        PauseWindow open = window(7, min(0), null, null, MisfirePolicy.SKIP);
        PauseWindow resumed = window(7, min(0), null, min(2), MisfirePolicy.SKIP);

        assertThat(open.holdsAt(min(100))).isTrue();
        assertThat(resumed.holdsAt(min(2))).isFalse();
        assertThat(resumed.covers(min(1))).isTrue();
        assertThat(resumed.covers(min(2))).isFalse();
    }

    private static PauseWindow window(long id, Instant from, Instant until, Instant resumed, MisfirePolicy onResume) {
        return new PauseWindow(id, from, until, resumed, onResume, "maintenance window " + id);
    }

    private static Instant min(int minutes) {
        return T0.plus(Duration.ofMinutes(minutes));
    }
}
