package io.redcron.bench;

import io.redcron.domain.RetentionPolicy;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class PurgeScenarioTest {
    private static final Stats FAST = Stats.of(new long[] {20, 30, 40});

    @Test
    void tenMillionRunsInFullModeAMillionInQuickEachSizeSpanningTheSameWeeks() {
        assertThat(PurgeScenario.runsFor(Mode.full())).isEqualTo(10_000_000);
        assertThat(PurgeScenario.runsFor(Mode.quick())).isEqualTo(1_000_000);
        assertThat(PurgeScenario.tasksFor(10_000_000)).isEqualTo(50_000);
        assertThat(PurgeScenario.tasksFor(1_000_000)).isEqualTo(5_000);
        assertThat(PurgeScenario.tasksFor(10)).isEqualTo(1);
    }

@Test
    void thePurgeScenariosHistoryIsPastEveryAgeOfTheDefaultPolicy() {
        int oldestKept = Math.max(RetentionPolicy.DEFAULTS.succeededDays(), Math.max(RetentionPolicy.DEFAULTS.failedDays(),
                RetentionPolicy.DEFAULTS.outputDays()));

        assertThat(PurgeScenario.AGE).isGreaterThan(Duration.ofDays(oldestKept));
    }

    @Test
    void aWindowSeesSeveralPassesOfTheSweep() {
        assertThat(PurgeScenario.window(Mode.quick())).isEqualTo(Duration.ofSeconds(30));
        assertThat(PurgeScenario.window(Mode.full())).isEqualTo(Duration.ofSeconds(60));
    }

    @Test
    void thePurgeRateIsOfTheWindowAndTheSweepFinishedOnlyIfItSaidTheOldestAge() {
        PurgeScenario.Phase phase = phase(new RetentionReading(1_000, 86_400 * 70, 0),
                new RetentionReading(31_000, 86_400 * 60, 0));

        List<Result> results = PurgeScenario.purgeResults(phase, 9_500_000, 9_470_000);

        assertThat(value(results, "runs purged/s")).isEqualTo(1_000);
        assertThat(value(results, "backlog at start")).isEqualTo(70);
        assertThat(value(results, "backlog at end")).isEqualTo(60);
        assertThat(value(results, "finished")).isZero();
        assertThat(results).filteredOn(r -> r.metric().equals("runs past the horizon after"))
                .singleElement().extracting(Result::note).isEqualTo("at that rate the rest takes up to 158 min");
        assertThat(phase(new RetentionReading(0, 0, 0), new RetentionReading(10, 0, 8_640_000)).sweepFinished()).isTrue();
    }

    @Test
    void theEstimateSaysWhenNothingWasPurgedOrNothingIsLeft() {
        assertThat(PurgeScenario.estimate(0, 0)).isEqualTo("none left");
        assertThat(PurgeScenario.estimate(5, 0)).isEqualTo("nothing was purged in the window");
        assertThat(PurgeScenario.estimate(5, Double.NaN)).isEqualTo("nothing was purged in the window");
    }

    @Test
    void theGoalLinePutsThePhasesSideBySide() {
        List<Result> results = new ArrayList<>();
        results.add(new Result("purge", "Redcron", "10,000,000 runs", "generation", 500, "s"));
        results.addAll(PurgeScenario.results(PurgeScenario.BASELINE, phase(FAST), ""));
        results.addAll(PurgeScenario.results(PurgeScenario.PURGING, phase(Stats.of(new long[] {50, 60, 200})), "x"));
        results.addAll(PurgeScenario.results(PurgeScenario.BASELINE_AFTER, phase(FAST), ""));
        results.addAll(PurgeScenario.purgeResults(phase(new RetentionReading(0, 10, 0), new RetentionReading(3_000, 5, 0)),
                10, 5));

        assertThat(PurgeScenario.goals(results)).containsExactly("Lateness at 1000 fires/s while purging 10,000,000"
                + " runs: p50 60 ms, p99 200 ms; nothing to purge before it: p50 30 ms, p99 40 ms; nothing to purge"
                + " again after it: p50 30 ms, p99 40 ms; purged 100 runs/s, not finished (goal: no effect on lateness)");
        assertThat(new Report(results).ratios()).containsAll(PurgeScenario.goals(results));
        assertThat(new Report(results).markdown("t", java.util.Map.of(), java.util.Map.of(), java.util.Map.of(), "c"))
                .contains("## Purge").contains("| Redcron | 1000 fires/s, purging | p95 | 200 | ms |  |");
    }

    @Test
    void noPurgeResultsNoGoals() {
        assertThat(PurgeScenario.goals(PurgeScenario.results(PurgeScenario.BASELINE, phase(FAST), ""))).isEmpty();
    }

    private static PurgeScenario.Phase phase(Stats stats) {
        return new PurgeScenario.Phase(new Lateness(3, 3, 0, stats), new RetentionReading(0, 0, 0),
                new RetentionReading(0, 0, 0), Duration.ofSeconds(30), 15, 0, 600, new RowLocks(0, 0), 0, "1.00 1.00 1.00");
    }

    private static PurgeScenario.Phase phase(RetentionReading start, RetentionReading end) {
        return new PurgeScenario.Phase(new Lateness(3, 3, 0, FAST), start, end, Duration.ofSeconds(30), 15, 120, 600,
                new RowLocks(4, 9), 0, "1.00 1.00 1.00");
    }

    private static double value(List<Result> results, String metric) {
        return results.stream().filter(r -> r.metric().equals(metric)).findFirst().orElseThrow().value();
    }
}
