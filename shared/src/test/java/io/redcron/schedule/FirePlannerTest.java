package io.redcron.schedule;

import io.redcron.domain.MisfirePolicy;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

class FirePlannerTest {
    private static final ZoneId UTC = ZoneOffset.UTC;
    private static final Instant T0 = Instant.parse("2026-12-01T10:00:00Z");
    private final FirePlanner planner = new FirePlanner(Duration.ofSeconds(60), 500);

    @Test
    void onTimeFireIsQueuedAndTheNextOneFollows() {
        FirePlan plan = planner.plan(every(10), UTC, T0, T0.plusMillis(30), MisfirePolicy.FIRE_ONCE, 10);

        assertThat(plan.fires()).containsExactly(PlannedFire.queued(T0));
        assertThat(plan.next()).isEqualTo(T0.plusSeconds(10));
    }

    @Test
    void lateFiresWithinTheThresholdAllRun() {
        FirePlan plan = planner.plan(every(10), UTC, T0, T0.plusSeconds(35), MisfirePolicy.SKIP, 10);

        assertThat(queued(plan)).containsExactly(T0, T0.plusSeconds(10), T0.plusSeconds(20), T0.plusSeconds(30));
        assertThat(plan.next()).isEqualTo(T0.plusSeconds(40));
    }

    @Test
    void fireOnceRunsOnlyTheLatestMisfireAndSkipsTheRest() {
        Instant now = T0.plus(Duration.ofMinutes(10)).plusSeconds(5);
        FirePlan plan = new FirePlanner(Duration.ofSeconds(5), 500)
                .plan(every(60), UTC, T0, now, MisfirePolicy.FIRE_ONCE, 10);

        // 10:10 is five seconds old: on time, it runs and takes no misfire's place; of the missed
        // fires 10:00 to 10:09, the latest runs once for all.
        assertThat(plan.fires()).hasSize(11);
        assertThat(queued(plan)).containsExactly(T0.plus(Duration.ofMinutes(9)), T0.plus(Duration.ofMinutes(10)));
        assertThat(plan.fires().get(0).reason()).contains("fire-once");
        assertThat(plan.next()).isEqualTo(T0.plus(Duration.ofMinutes(11)));
    }

    @Test
    void skipDropsEveryMisfireButKeepsARowForEach() {
        Instant now = T0.plus(Duration.ofMinutes(10)).plusSeconds(30);
        FirePlan plan = new FirePlanner(Duration.ofSeconds(5), 500)
                .plan(every(60), UTC, T0, now, MisfirePolicy.SKIP, 10);

        assertThat(plan.fires()).hasSize(11).allMatch(PlannedFire::skipped);
    }

    @Test
    void catchUpRunsTheMostRecentUpToTheLimit() {
        Instant now = T0.plus(Duration.ofMinutes(10)).plusSeconds(30);
        FirePlan plan = new FirePlanner(Duration.ofSeconds(5), 500)
                .plan(every(60), UTC, T0, now, MisfirePolicy.CATCH_UP, 3);

        assertThat(queued(plan)).containsExactly(T0.plus(Duration.ofMinutes(8)), T0.plus(Duration.ofMinutes(9)),
                T0.plus(Duration.ofMinutes(10)));
        assertThat(plan.fires()).hasSize(11);
    }

    @Test
    void catchUpCountsOnlyFiresThatAreDue() {
        // Half a second before the next fire: that fire is not due yet, so it takes no place of the limit.
        Instant now = T0.plus(Duration.ofMinutes(10)).minusMillis(500);
        FirePlan plan = new FirePlanner(Duration.ofSeconds(5), 500)
                .plan(every(60), UTC, T0, now, MisfirePolicy.CATCH_UP, 3);

        assertThat(queued(plan)).containsExactly(T0.plus(Duration.ofMinutes(7)), T0.plus(Duration.ofMinutes(8)),
                T0.plus(Duration.ofMinutes(9)));
    }

    @Test
    void fireOnceRunsTheNewestDueFireWhenTheNextIsAlmostDue() {
        Instant now = T0.plus(Duration.ofMinutes(10)).minusMillis(1);
        FirePlan plan = new FirePlanner(Duration.ofSeconds(5), 500)
                .plan(every(60), UTC, T0, now, MisfirePolicy.FIRE_ONCE, 1);

        assertThat(queued(plan)).containsExactly(T0.plus(Duration.ofMinutes(9)));
    }

    @Test
    void aLongOutageIsWorkedOffInBoundedPasses() {
        FirePlanner small = new FirePlanner(Duration.ofSeconds(5), 100);
        Instant now = T0.plus(Duration.ofHours(1));

        FirePlan first = small.plan(every(1), UTC, T0, now, MisfirePolicy.FIRE_ONCE, 10);
        assertThat(first.fires()).hasSize(100).allMatch(PlannedFire::skipped);
        assertThat(first.next()).isEqualTo(T0.plusSeconds(100));

        Instant due = first.next();
        int passes = 1;
        FirePlan plan = first;
        int queued = 0;
        while (due != null && !due.isAfter(now)) {
            plan = small.plan(every(1), UTC, due, now, MisfirePolicy.FIRE_ONCE, 10);
            queued += queued(plan).size();
            due = plan.next();
            passes++;
        }
        assertThat(passes).isEqualTo(37);
        assertThat(queued).isEqualTo(7); // the six fires within the 5 s threshold, and the latest misfire
        assertThat(due).isEqualTo(now.plusSeconds(1));
    }

    @Test
    void aScheduleThatEndsLeavesNoNextFire() {
        Schedule once = new Schedule() {
            @Override
            public Optional<ZonedDateTime> nextAfter(Instant after, ZoneId zone) {
                return after.isBefore(T0) ? Optional.of(T0.atZone(zone)) : Optional.empty();
            }

            @Override
            public Optional<ZonedDateTime> previousBefore(Instant before, ZoneId zone) {
                return before.isAfter(T0) ? Optional.of(T0.atZone(zone)) : Optional.empty();
            }
        };

        FirePlan plan = planner.plan(once, UTC, T0, T0.plusSeconds(1), MisfirePolicy.FIRE_ONCE, 10);

        assertThat(queued(plan)).containsExactly(T0);
        assertThat(plan.next()).isNull();
    }

    @Test
    void firesWithinTheLookaheadArePlannedBeforeTheyAreDue() {
        Instant now = T0.minusMillis(1500);

        FirePlan plan = planner.plan(every(1), UTC, T0, now, now.plusSeconds(2), MisfirePolicy.SKIP, 10);

        assertThat(plan.fires()).containsExactly(PlannedFire.queued(T0));
        assertThat(plan.next()).isEqualTo(T0.plusSeconds(1));
    }

    @Test
    void everyFireUpToTheHorizonIsPlannedAndNoneAfterIt() {
        FirePlan plan = planner.plan(every(1), UTC, T0, T0.plusMillis(100), T0.plusMillis(2100), MisfirePolicy.FIRE_ONCE,
                10);

        assertThat(queued(plan)).containsExactly(T0, T0.plusSeconds(1), T0.plusSeconds(2));
        assertThat(plan.next()).isEqualTo(T0.plusSeconds(3));
    }

    @Test
    void aFireAtTheHorizonItselfIsPlanned() {
        Instant now = T0.minusSeconds(2);

        FirePlan plan = planner.plan(every(1), UTC, T0, now, T0, MisfirePolicy.FIRE_ONCE, 10);

        assertThat(queued(plan)).containsExactly(T0);
    }

    @Test
    void misfiresAreJudgedAgainstNowNeverAgainstTheHorizon() {
        Instant now = T0.plusSeconds(10);
        FirePlanner strict = new FirePlanner(Duration.ofSeconds(5), 500);

        for (MisfirePolicy policy : MisfirePolicy.values()) {
            FirePlan plan = strict.plan(every(1), UTC, T0, now, now.plusSeconds(2), policy, 1);

            // Older than now minus 5 s: T0 to T0+4 are misfires, of which skip keeps none and the
            // others the latest one; T0+5 to the horizon all run.
            Instant firstKept = policy == MisfirePolicy.SKIP ? T0.plusSeconds(5) : T0.plusSeconds(4);
            assertThat(plan.fires()).as(policy.name()).filteredOn(PlannedFire::skipped).extracting(PlannedFire::scheduledAt)
                    .allMatch(at -> at.isBefore(firstKept)).hasSize((int) Duration.between(T0, firstKept).toSeconds());
            assertThat(queued(plan)).as(policy.name()).first().isEqualTo(firstKept);
            assertThat(queued(plan)).as(policy.name()).last().isEqualTo(now.plusSeconds(2));
        }
    }

    @Test
    void theLimitHoldsWithinTheLookaheadToo() {
        FirePlanner small = new FirePlanner(Duration.ofSeconds(60), 3);

        FirePlan plan = small.plan(every(1), UTC, T0, T0, T0.plusSeconds(10), MisfirePolicy.FIRE_ONCE, 10);

        assertThat(queued(plan)).containsExactly(T0, T0.plusSeconds(1), T0.plusSeconds(2));
        assertThat(plan.next()).isEqualTo(T0.plusSeconds(3));
    }

    @Test
    void anOutageAcrossTheRepeatedHourRecordsEveryFireOfBothPassesInOrder() {
        ZoneId berlin = ZoneId.of("Europe/Berlin");
        Schedule quarterHours = CronSchedule.parse("0 */15 * * * ?", CronDialect.QUARTZ);
        Instant due = Instant.parse("2027-10-31T00:00:00Z"); // 02:00+02:00, the first pass starts
        Instant now = Instant.parse("2027-10-31T02:31:00Z"); // 03:31+01:00

        FirePlan catchUp = new FirePlanner(Duration.ofSeconds(5), 500)
                .plan(quarterHours, berlin, due, now, MisfirePolicy.CATCH_UP, 20);
        List<Instant> everyQuarter = IntStream.range(0, 11)
                .mapToObj(i -> due.plus(Duration.ofMinutes(15L * i))).toList();
        assertThat(queued(catchUp)).isEqualTo(everyQuarter);
        assertThat(catchUp.next()).isEqualTo(Instant.parse("2027-10-31T02:45:00Z"));

        FirePlan fireOnce = new FirePlanner(Duration.ofSeconds(5), 500)
                .plan(quarterHours, berlin, due, now, MisfirePolicy.FIRE_ONCE, 20);
        assertThat(fireOnce.fires()).extracting(PlannedFire::scheduledAt).isEqualTo(everyQuarter);
        assertThat(queued(fireOnce)).containsExactly(Instant.parse("2027-10-31T02:30:00Z"));
    }

    @Test
    void anOutageAcrossTheRepeatedHourRecordsAFixedTimeOnce() {
        ZoneId berlin = ZoneId.of("Europe/Berlin");
        Schedule halfPastTwo = CronSchedule.parse("30 2 * * *", CronDialect.UNIX);
        Instant due = Instant.parse("2027-10-31T00:30:00Z"); // 02:30+02:00

        FirePlan plan = new FirePlanner(Duration.ofSeconds(5), 500).plan(halfPastTwo, berlin, due,
                Instant.parse("2027-10-31T03:00:00Z"), MisfirePolicy.CATCH_UP, 20);

        assertThat(queued(plan)).containsExactly(due);
        assertThat(plan.next()).isEqualTo(Instant.parse("2027-11-01T01:30:00Z"));
    }

    @Test
    void aHorizonBeforeNowIsRefused() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> planner.plan(every(1), UTC, T0, T0, T0.minusMillis(1),
                MisfirePolicy.FIRE_ONCE, 10)).isInstanceOf(IllegalArgumentException.class);
    }

    private static List<Instant> queued(FirePlan plan) {
        return plan.fires().stream().filter(f -> !f.skipped()).map(PlannedFire::scheduledAt).toList();
    }

    /** Fires every {@code seconds} seconds on the epoch grid. */
    private static Schedule every(long seconds) {
        return new Schedule() {
            @Override
            public Optional<ZonedDateTime> nextAfter(Instant after, ZoneId zone) {
                long s = Math.floorDiv(after.getEpochSecond(), seconds) * seconds + seconds;
                return Optional.of(Instant.ofEpochSecond(s).atZone(zone));
            }

            @Override
            public Optional<ZonedDateTime> previousBefore(Instant before, ZoneId zone) {
                long s = Math.floorDiv(before.getEpochSecond() - 1, seconds) * seconds;
                if (before.getNano() > 0 && (before.getEpochSecond() % seconds == 0)) {
                    s = before.getEpochSecond();
                }
                return Optional.of(Instant.ofEpochSecond(s).atZone(zone));
            }
        };
    }
}
