package io.redcron.bench;

import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class ReportTest {
    private final Report report = new Report(List.of(
            new Result("throughput", "Redcron", "1 node", "runs/s", 6000, "runs/s"),
            new Result("throughput", "Redcron", "1 node", "Redis commands/run", 8, ""),
            new Result("throughput", "Redcron", "2 nodes", "runs/s", 9000, "runs/s"),
            new Result("throughput", "Quartz", "1 process", "runs/s", 200, "runs/s"),
            new Result("throughput", "db-scheduler", "1 process", "runs/s", 2000, "runs/s", "cut short, after 60 s"),
            new Result("lateness", "Redcron", "1000 fires/s", "p50", 4, "ms"),
            new Result("lateness", "Redcron", "1000 fires/s", "p99", 31, "ms"),
            new Result("scale", "Redcron", "1000 tasks", "leader CPU", 0.02, "s/s"),
            new Result("scale", "Redcron", "100000 tasks", "leader CPU", 0.03, "s/s"),
            new Result("ceiling", "MariaDB", "10 connections", "commits/s", 4000, "commits/s"),
            new Result("ceiling", "Redis", "pipeline 100", "ops/s", 400000, "ops/s"),
            new Result("throughput", "JobRunr", "1 process", "runs/s", 1500, "runs/s"),
            new Result("lateness", "JobRunr", "1000 fires/s", "p50", -1200, "ms"),
            new Result("lateness", "JobRunr", "1000 fires/s", "p99", 2400, "ms")));

    @Test
    void ratiosNameTheBaselinesAndTheGoals() {
        assertThat(report.ratios()).contains(
                "Throughput Redcron/Quartz: 1 node 30×, 2 nodes 45× (goal ≥ 50×)",
                "Throughput Redcron/db-scheduler: 1 node 3×, 2 nodes 4.50× (goal ≥ 3×)",
                "Throughput Redcron/JobRunr: 1 node 4×, 2 nodes 6× (goal ≥ 3×)",
                "Lateness at 1000 fires/s: Redcron p50 4 ms, p99 31 ms; JobRunr p50 -1200 ms, p99 2400 ms"
                        + " (goal for Redcron: p50 ≤ 10 ms, p99 ≤ 50 ms)",
                "Leader CPU: 1000 tasks 0.0200 s/s, 100000 tasks 0.0300 s/s (last/first 1.50×; goal: flat)",
                "Redcron 1 node runs/s as a fraction of MariaDB's single-row commits/s with 10 connections: 1.50");
    }

    @Test
    void ratiosLeaveOutWhatWasNotMeasured() {
        Report onlyCeilings = new Report(List.of(new Result("ceiling", "Redis", "pipeline 100", "ops/s", 1, "ops/s")));

        assertThat(onlyCeilings.ratios()).isEmpty();
        assertThat(onlyCeilings.capacityModel()).isEmpty();
    }

    @Test
    void theCapacityModelDividesTheMeasuredFigures() {
        assertThat(report.capacityModel()).anySatisfy(line -> assertThat(line).contains("1.50 runs per single-row commit"))
                .anySatisfy(line -> assertThat(line).contains("caps a namespace at about 50000 runs/s"));
    }

    @Test
    void csvQuotesNotesWithCommas() {
        assertThat(report.csv().lines().toList())
                .startsWith("scenario,scheduler,variant,metric,value,unit,note")
                .contains("throughput,db-scheduler,1 process,runs/s,2000.000,runs/s,\"cut short, after 60 s\"");
    }

    @Test
    void theTableAlignsValuesToTheRight() {
        List<String> lines = report.table().lines().toList();

        assertThat(lines.get(0)).startsWith("scenario");
        int valueEnd = lines.get(1).indexOf("6000") + 4;
        assertThat(lines.get(4).indexOf("200") + 3).isEqualTo(valueEnd);
    }

    @Test
    void markdownHasTheMachineAGoalsSectionAndATablePerScenario() {
        Map<String, String> machine = new LinkedHashMap<>();
        machine.put("CPU", "Test CPU");
        String page = report.markdown("Redcron benchmarks (quick mode)", machine, Map.of("MariaDB", "10.11"),
                Map.of("Quartz", "threadCount=16"), "scripts/bench.sh --quick");

        assertThat(page).startsWith("# Redcron benchmarks (quick mode)")
                .contains("| CPU | Test CPU |", "| MariaDB | 10.11 |", "## Goals", "## Throughput", "## Lateness",
                        "## Scale", "## Ceiling", "## Capacity model", "- **Quartz**: threadCount=16")
                .contains("| Quartz | 1 process | runs/s | 200 | runs/s |  |");
    }

    @Test
    void numbersKeepAboutThreeSignificantFigures() {
        assertThat(Report.number(12345.6)).isEqualTo("12346");
        assertThat(Report.number(12.345)).isEqualTo("12.3");
        assertThat(Report.number(1.2345)).isEqualTo("1.23");
        assertThat(Report.number(0.012345)).isEqualTo("0.0123");
        assertThat(Report.number(Double.NaN)).isEqualTo("n/a");
    }
}
