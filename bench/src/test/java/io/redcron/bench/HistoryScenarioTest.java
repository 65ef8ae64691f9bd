package io.redcron.bench;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class HistoryScenarioTest {
    private static final String SCREENS = HistoryScenario.SCREENS + "; 200 samples";
    private static final String HOUSEKEEPING = HistoryScenario.HOUSEKEEPING + "; 200 samples";

    @Test
    void goalsNameTheQueriesOverTheirLimitAndCompareEachPassWithAnEmptyHistory() {
        List<Result> results = List.of(
                new Result("history", "Redcron", "10,000,000 runs", "generation", 442, "s", "generated in this run"),
                new Result("history", "Redcron", "runs: newest page", "p99", 12, "ms", SCREENS),
                new Result("history", "Redcron", "dashboard: day", "p99", 2500, "ms", SCREENS),
                new Result("history", "Redcron", "reaper pass, 10,000,000 runs", "p50", 0.6, "ms", HOUSEKEEPING),
                new Result("history", "Redcron", "reaper pass, empty history", "p50", 0.5, "ms", HOUSEKEEPING));

        assertThat(HistoryScenario.goals(results)).containsExactly(
                "History of 10,000,000 runs: 1 of 2 screen and CLI queries at p99 ≤ 100 ms; over it: dashboard: day 2500 ms",
                "Housekeeping on 10,000,000 runs vs an empty history, p50: reaper pass 0.600 ms vs 0.500 ms (+20 %)"
                        + " (goal: within 20 %)",
                "History generation: 10,000,000 runs in 442 s (generated in this run)");
        assertThat(new Report(results).ratios()).containsAll(HistoryScenario.goals(results));
    }

    @Test
    void noHistoryResultsNoGoals() {
        assertThat(HistoryScenario.goals(List.of(new Result("scale", "Redcron", "1000 tasks", "leader CPU", 1, "s/s"))))
                .isEmpty();
    }
}
