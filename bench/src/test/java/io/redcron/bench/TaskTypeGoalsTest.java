package io.redcron.bench;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class TaskTypeGoalsTest {
    private final List<Result> results = List.of(
            new Result("process", "machine", ProcessScenario.PLAIN, "processes/s", 200, "processes/s"),
            new Result("process", "machine", ProcessScenario.SESSION, "processes/s", 160, "processes/s"),
            new Result("process", "Redcron", "exec", "runs/s", 150, "runs/s"),
            new Result("process", "Redcron", "shell", "runs/s", 100, "runs/s"),
            new Result("process", "Redcron", "exec at 100 fires/s", "p99", 12, "ms"),
            new Result("process", "Redcron", "shell at 100 fires/s", "p99", 40, "ms"),
            new Result("http", "local server", HttpScenario.CEILING, "requests/s", 4000, "requests/s"),
            new Result("http", "Redcron", "http", "runs/s", 1000, "runs/s"),
            new Result("http", "Redcron", "http at 100 fires/s", "p99", 9, "ms"));

    @Test
    void processGoalsCompareEachTypeToTheMachinesCeiling() {
        assertThat(ProcessScenario.goals(results)).containsExactly(
                "Process tasks on one node, as a fraction of the machine's 200 processes/s: exec 150 runs/s = 0.750"
                        + " (0.938 of the ceiling through setsid); shell 100 runs/s = 0.500 (0.625 of the ceiling through setsid)"
                        + " (goal ≥ 0.7)",
                "Process task lateness at 100 fires/s: exec p99 12 ms, shell p99 40 ms (goal: p99 ≤ 50 ms)");
    }

    @Test
    void httpGoalComparesToTheLocalServersCeiling() {
        assertThat(HttpScenario.goals(results)).containsExactly(
                "HTTP tasks on one node: 1000 runs/s = 0.250 of the local server's 4000 requests/s from a Java client;"
                        + " lateness p99 at 100 fires/s 9 ms");
    }

    @Test
    void theReportListsThemWithTheOtherGoalsAndTablesThem() {
        Report report = new Report(results);

        assertThat(report.ratios()).hasSize(3);
        assertThat(report.markdown("t", Map.of(), Map.of(), Map.of(), "c"))
                .contains("\n## Process\n").contains("\n## Http\n")
                .contains("| Redcron | exec at 100 fires/s | p99 | 12 | ms |");
    }

    @Test
    void nothingMeasuredNoGoals() {
        assertThat(ProcessScenario.goals(List.of())).isEmpty();
        assertThat(HttpScenario.goals(List.of())).isEmpty();
    }
}
