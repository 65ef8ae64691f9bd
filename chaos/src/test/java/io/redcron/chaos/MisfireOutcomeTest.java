package io.redcron.chaos;

import io.redcron.domain.MisfirePolicy;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class MisfireOutcomeTest {
    private static final Instant F1 = Instant.parse("2026-01-01T00:00:08Z");
    private static final List<Instant> MISSED = List.of(F1, F1.plusSeconds(3), F1.plusSeconds(6), F1.plusSeconds(9));
    private static final Workload.Planned PROBE = new Workload.Planned(7, "probe", Workload.Kind.PROBE, F1,
            List.of(CronPeriod.from("8,11,14,17 0 0 * * ?", F1)));

    @Test
    void skipRunsNoneFireOnceTheNewestCatchUpTheNewestUpToItsLimit() {
        assertThat(MisfireOutcome.firesThatRun(MISSED, MisfirePolicy.SKIP, 2)).isEmpty();
        assertThat(MisfireOutcome.firesThatRun(MISSED, MisfirePolicy.FIRE_ONCE, 2)).containsExactly(F1.plusSeconds(9));
        assertThat(MisfireOutcome.firesThatRun(MISSED, MisfirePolicy.CATCH_UP, 2))
                .containsExactly(F1.plusSeconds(6), F1.plusSeconds(9));
        assertThat(MisfireOutcome.firesThatRun(MISSED, MisfirePolicy.CATCH_UP, 10)).hasSize(4);
    }

    @Test
    void theExpectedRowsHold() {
        List<RunRow> rows = List.of(skipped(1, 0), skipped(2, 3), skipped(3, 6), ran(4, 9));
        Effects effects = Effects.parse(List.of("4 1 a start", "4 1 a end"));

        assertThat(MisfireOutcome.check(PROBE, MISSED, List.of(), MisfirePolicy.FIRE_ONCE, 2, rows, effects)).isEmpty();
    }

    @Test
    void aCatchUpOneShortOfItsLimitIsReported() {
        List<RunRow> rows = List.of(skipped(1, 0), skipped(2, 3), skipped(3, 6), ran(4, 9));
        Effects effects = Effects.parse(List.of("4 1 a start", "4 1 a end"));

        assertThat(MisfireOutcome.check(PROBE, MISSED, List.of(), MisfirePolicy.CATCH_UP, 2, rows, effects)).containsExactly(
                "probe (catch-up): the missed fire at 2026-01-01T00:00:14Z must run, but run 3 is SKIPPED"
                        + " (misfire: skipped) after 0 executions");
    }

    @Test
    void aMissedFireRunUnderSkipOrSkippedForAnotherReasonIsReported() {
        RunRow waited = new RunRow(2, 7, F1.plusSeconds(3), "SKIPPED", "CRON", 0, 3, 0, null)
                .withError("skipped: run 1 of this task was still running (policy forbid)");
        List<RunRow> rows = List.of(ran(1, 0), waited, skipped(3, 6), skipped(4, 9));
        Effects effects = Effects.parse(List.of("1 1 a start", "1 1 a end"));

        assertThat(MisfireOutcome.check(PROBE, MISSED, List.of(), MisfirePolicy.SKIP, 2, rows, effects)).containsExactly(
                "probe (skip): the missed fire at 2026-01-01T00:00:08Z must be SKIPPED as a misfire, but run 1 is SUCCEEDED"
                        + " after 1 executions",
                "probe (skip): the missed fire at 2026-01-01T00:00:11Z must be SKIPPED as a misfire, but run 2 is SKIPPED"
                        + " (skipped: run 1 of this task was still running (policy forbid)) after 0 executions");
    }

    @Test
    void aMissedFireWithoutRowIsReported() {
        List<RunRow> rows = List.of(skipped(1, 0), skipped(2, 3), skipped(3, 6));

        assertThat(MisfireOutcome.check(PROBE, MISSED, List.of(), MisfirePolicy.SKIP, 2, rows, Effects.parse(List.of())))
                .containsExactly("probe (skip): the missed fire at 2026-01-01T00:00:17Z has no row");
    }

    @Test
    void aFireOnTimeRunsAndDoesNotCountAgainstTheCatchUpLimit() {
        Instant onTime = F1.plusSeconds(23);
        List<RunRow> oneFewer = List.of(skipped(1, 0), skipped(2, 3), skipped(3, 6), ran(4, 9), ran(5, 23));
        List<RunRow> exact = List.of(skipped(1, 0), skipped(2, 3), ran(3, 6), ran(4, 9), ran(5, 23));
        Effects effects = Effects.parse(List.of("3 1 a start", "3 1 a end", "4 1 a start", "4 1 a end", "5 1 a start",
                "5 1 a end"));

        assertThat(MisfireOutcome.check(PROBE, MISSED, List.of(onTime), MisfirePolicy.CATCH_UP, 2, exact, effects)).isEmpty();
        Effects oneFewerRan = Effects.parse(List.of("4 1 a start", "4 1 a end", "5 1 a start", "5 1 a end"));
        assertThat(MisfireOutcome.check(PROBE, MISSED, List.of(onTime), MisfirePolicy.CATCH_UP, 2, oneFewer, oneFewerRan))
                .containsExactly("probe (catch-up): the missed fire at 2026-01-01T00:00:14Z must run, but run 3 is SKIPPED"
                        + " (misfire: skipped) after 0 executions");
        assertThat(MisfireOutcome.check(PROBE, MISSED, List.of(onTime), MisfirePolicy.SKIP, 2,
                List.of(skipped(1, 0), skipped(2, 3), skipped(3, 6), skipped(4, 9), skipped(5, 23)), Effects.parse(List.of())))
                .containsExactly("probe (skip): the on-time fire at 2026-01-01T00:00:31Z must run, but run 5 is SKIPPED"
                        + " (misfire: skipped) after 0 executions");
    }

    @Test
    void theCronOfTheProbesNamesExactlyTheirFires() {
        assertThat(MisfireWhileDown.cronOf(MISSED)).isEqualTo("8,11,14,17 0 0 * * ?");
        assertThat(Invariants.fires(PROBE, F1.plusSeconds(3600))).containsExactlyInAnyOrderElementsOf(MISSED);
    }

    private static RunRow skipped(long id, int afterFirst) {
        return new RunRow(id, 7, F1.plusSeconds(afterFirst), "SKIPPED", "CRON", 0, 3, 0, null).withError("misfire: skipped");
    }

    private static RunRow ran(long id, int afterFirst) {
        return new RunRow(id, 7, F1.plusSeconds(afterFirst), "SUCCEEDED", "CRON", 1, 3, 0, "a");
    }
}
