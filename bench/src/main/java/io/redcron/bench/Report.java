package io.redcron.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/** The results as a console table, CSV and Markdown, with the ratios the performance goals name. */
public final class Report {
    private static final String[] HEADER = {"scenario", "scheduler", "variant", "metric", "value", "unit", "note"};

    private final List<Result> results;

    public Report(List<Result> results) {
        this.results = List.copyOf(results);
    }

    /** A fixed-width table for the terminal. */
    public String table() {
        List<String[]> rows = new ArrayList<>();
        rows.add(HEADER);
        for (Result r : results) {
            rows.add(new String[] {r.scenario(), r.scheduler(), r.variant(), r.metric(), number(r.value()), r.unit(), r.note()});
        }
        int[] widths = new int[HEADER.length - 1];
        for (String[] row : rows) {
            for (int i = 0; i < widths.length; i++) {
                widths[i] = Math.max(widths[i], row[i].length());
            }
        }
        StringBuilder out = new StringBuilder();
        for (String[] row : rows) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < widths.length; i++) {
                String cell = i == 4 ? pad(row[i], widths[i], true) : pad(row[i], widths[i], false);
                line.append(cell).append("  ");
            }
            line.append(row[HEADER.length - 1]);
            out.append(line.toString().stripTrailing()).append('\n');
        }
        return out.toString();
    }

    public String csv() {
        StringBuilder out = new StringBuilder(String.join(",", HEADER)).append('\n');
        for (Result r : results) {
            out.append(String.join(",", csvCell(r.scenario()), csvCell(r.scheduler()), csvCell(r.variant()),
                    csvCell(r.metric()), String.format(Locale.ROOT, "%.3f", r.value()), csvCell(r.unit()),
                    csvCell(r.note()))).append('\n');
        }
        return out.toString();
    }

    /** The lines that answer the goals: ratios to the baselines, lateness at 1,000 fires/s, flatness. */
    public List<String> ratios() {
        List<String> lines = new ArrayList<>();
        for (String baseline : List.of("Quartz", "db-scheduler", "JobRunr")) {
            Optional<Double> theirs = value(ThroughputScenario.NAME, baseline, "1 process", "runs/s");
            List<String> parts = new ArrayList<>();
            for (String nodes : List.of("1 node", "2 nodes")) {
                Optional<Double> ours = value(ThroughputScenario.NAME, "Redcron", nodes, "runs/s");
                if (ours.isPresent() && theirs.isPresent() && theirs.get() > 0) {
                    parts.add(nodes + " " + number(ours.get() / theirs.get()) + "×");
                }
            }
            if (!parts.isEmpty()) {
                lines.add("Throughput Redcron/" + baseline + ": " + String.join(", ", parts) + " (goal ≥ " + throughputGoal(baseline) + "×)");
            }
        }
        Optional<Double> defaults = value(ThroughputScenario.NAME, "Redcron", "1 node, default settings", "runs/s");
        Optional<Double> allow = value(ThroughputScenario.NAME, "Redcron", "1 node", "runs/s");
        if (defaults.isPresent() && allow.isPresent() && allow.get() > 0) {
            lines.add("Throughput with tasks on default settings / concurrency ALLOW, 1 node: "
                    + number(defaults.get()) + " / " + number(allow.get()) + " runs/s = "
                    + number(defaults.get() / allow.get()) + " (goal ≥ 0.9)");
        }
        List<String> held = new ArrayList<>();
        int highest = 0;
        for (Result p99 : results.stream().filter(r -> r.scenario().equals(LatenessScenario.NAME)
                && r.scheduler().equals("Redcron") && r.metric().equals("p99")).toList()) {
            held.add(p99.variant() + " " + number(p99.value()) + " ms");
            if (!p99.variant().endsWith(LatenessScenario.ALLOW) && p99.value() <= 100) {
                highest = Math.max(highest, Integer.parseInt(p99.variant().replaceAll("[^0-9].*", "")));
            }
        }
        if (!held.isEmpty()) {
            lines.add("Redcron lateness p99 (default settings unless ALLOW): " + String.join(", ", held)
                    + " (goal ≤ 50 ms at 1000 and 5000 fires/s); highest rate measured with p99 ≤ 100 ms: "
                    + (highest == 0 ? "none" : highest + " fires/s"));
        }
        List<String> lateness = new ArrayList<>();
        for (String scheduler : List.of("Redcron", "Quartz", "db-scheduler", "JobRunr")) {
            Optional<Double> p50 = value(LatenessScenario.NAME, scheduler, "1000 fires/s", "p50");
            Optional<Double> p99 = value(LatenessScenario.NAME, scheduler, "1000 fires/s", "p99");
            if (p50.isPresent() && p99.isPresent()) {
                lateness.add(scheduler + " p50 " + number(p50.get()) + " ms, p99 " + number(p99.get()) + " ms");
            }
        }
        if (!lateness.isEmpty()) {
            lines.add("Lateness at 1000 fires/s: " + String.join("; ", lateness) + " (goal for Redcron: p50 ≤ 10 ms, p99 ≤ 50 ms)");
        }
        for (String metric : List.of("leader CPU", "leader heap")) {
            List<Result> points = results.stream().filter(r -> r.scenario().equals(ScaleScenario.NAME)
                    && r.metric().equals(metric)).toList();
            if (points.size() > 1) {
                List<String> parts = points.stream().map(r -> r.variant() + " " + number(r.value()) + " " + r.unit()).toList();
                double growth = points.get(points.size() - 1).value() / points.get(0).value();
                lines.add("Leader " + metric.substring(7) + ": " + String.join(", ", parts) + " (last/first "
                        + number(growth) + "×; goal: flat)");
            }
        }
        for (String[] pair : new String[][] {{"1 node", "10 connections"}, {"2 nodes", "20 connections"}}) {
            Optional<Double> ours = value(ThroughputScenario.NAME, "Redcron", pair[0], "runs/s");
            Optional<Double> ceiling = value(CeilingScenario.NAME, "MariaDB", pair[1], "commits/s");
            if (ours.isPresent() && ceiling.isPresent() && ceiling.get() > 0) {
                lines.add("Redcron " + pair[0] + " runs/s as a fraction of MariaDB's single-row commits/s with "
                        + pair[1] + ": " + number(ours.get() / ceiling.get()));
            }
        }
        lines.addAll(HistoryScenario.goals(results));
        lines.addAll(PurgeScenario.goals(results));
        lines.addAll(ProcessScenario.goals(results));
        lines.addAll(HttpScenario.goals(results));
        List<Result> scaling = results.stream().filter(r -> r.scenario().equals(ThroughputScenario.NAME)
                && r.scheduler().equals("Redcron") && r.metric().equals("runs/s")).toList();
        if (scaling.size() > 1) {
            lines.add("Redcron throughput by worker processes: " + String.join(", ",
                    scaling.stream().map(r -> r.variant() + " " + number(r.value()) + " runs/s").toList()));
        }
        return lines;
    }

    /** How many times a baseline's one-off throughput Redcron aims at. */
    private static int throughputGoal(String baseline) {
        return switch (baseline) {
            case "Quartz" -> 50;
            default -> 3;
        };
    }

    /** A rough model of capacity from the measured figures, for planning; empty when they are missing. */
    public List<String> capacityModel() {
        List<String> lines = new ArrayList<>();
        Optional<Double> runs = value(ThroughputScenario.NAME, "Redcron", "1 node", "runs/s");
        Optional<Double> commits = value(CeilingScenario.NAME, "MariaDB", "10 connections", "commits/s");
        Optional<Double> redisOps = value(CeilingScenario.NAME, "Redis", "pipeline " + CeilingScenario.PIPELINE, "ops/s");
        Optional<Double> redisPerRun = value(ThroughputScenario.NAME, "Redcron", "1 node", "Redis commands/run");
        Optional<Double> writesPerRun = value(ThroughputScenario.NAME, "Redcron", "1 node", "SQL writes/run");
        if (runs.isEmpty() || commits.isEmpty()) {
            return lines;
        }
        double perCommit = runs.get() / commits.get();
        lines.add("Database: one worker node ran " + number(runs.get()) + " runs/s where MariaDB commits "
                + number(commits.get()) + " single rows/s on as many connections, i.e. " + number(perCommit)
                + " runs per single-row commit. A database that commits C rows/s durably supports about "
                + number(perCommit) + " × C runs/s, as long as it, not the workers, is the bottleneck.");
        writesPerRun.ifPresent(w -> lines.add("Each run cost about " + number(w) + " SQL write statements (server-wide"
                + " counter, so an upper bound on a shared server); at the measured commit ceiling that caps one"
                + " database at about " + number(commits.get() / Math.max(w, 1e-9)) + " runs/s."));
        if (redisOps.isPresent() && redisPerRun.isPresent() && redisPerRun.get() > 0) {
            lines.add("Redis: each run cost about " + number(redisPerRun.get()) + " Redis commands; one Redis shard"
                    + " (namespaces are the unit of sharding) does " + number(redisOps.get())
                    + " pipelined ops/s, so it caps a namespace at about " + number(redisOps.get() / redisPerRun.get())
                    + " runs/s; more namespaces on more shards add up.");
        }
        List<Result> scaling = results.stream().filter(r -> r.scenario().equals(ThroughputScenario.NAME)
                && r.scheduler().equals("Redcron") && r.metric().equals("runs/s")).toList();
        if (scaling.size() > 1) {
            Result first = scaling.get(0);
            Result last = scaling.get(scaling.size() - 1);
            lines.add("Workers: from " + first.variant() + " to " + last.variant() + " throughput went from "
                    + number(first.value()) + " to " + number(last.value()) + " runs/s (" + number(last.value() / first.value())
                    + "×) on this machine's cores, which the nodes, MariaDB and Redis share.");
        }
        return lines;
    }

    public String markdown(String title, Map<String, String> machine, Map<String, String> stores,
                           Map<String, String> settings, String command) {
        StringBuilder out = new StringBuilder("# ").append(title).append("\n\n");
        out.append("Regenerated by `").append(command).append("`; do not edit by hand. See the end of this page for")
                .append(" how each figure is measured.\n\n## Machine\n\n| | |\n|---|---|\n");
        machine.forEach((key, value) -> out.append("| ").append(key).append(" | ").append(value).append(" |\n"));
        stores.forEach((key, value) -> out.append("| ").append(key).append(" | ").append(value).append(" |\n"));
        out.append("\n## Goals\n\n");
        ratios().forEach(line -> out.append("- ").append(line).append('\n'));
        for (String scenario : List.of(ThroughputScenario.NAME, LatenessScenario.NAME, ScaleScenario.NAME, CeilingScenario.NAME,
                HistoryScenario.NAME, PurgeScenario.NAME, ProcessScenario.NAME, HttpScenario.NAME)) {
            List<Result> rows = results.stream().filter(r -> r.scenario().equals(scenario)).toList();
            if (rows.isEmpty()) {
                continue;
            }
            out.append("\n## ").append(Character.toUpperCase(scenario.charAt(0))).append(scenario.substring(1))
                    .append("\n\n| scheduler | variant | metric | value | unit | note |\n|---|---|---|---:|---|---|\n");
            for (Result r : rows) {
                out.append("| ").append(r.scheduler()).append(" | ").append(r.variant()).append(" | ").append(r.metric())
                        .append(" | ").append(number(r.value())).append(" | ").append(r.unit()).append(" | ")
                        .append(r.note().replace("|", "\\|")).append(" |\n");
            }
        }
        List<String> model = capacityModel();
        if (!model.isEmpty()) {
            out.append("\n## Capacity model\n\n");
            model.forEach(line -> out.append("- ").append(line).append('\n'));
        }
        out.append("\n## Settings\n\n");
        settings.forEach((key, value) -> out.append("- **").append(key).append("**: ").append(value).append('\n'));
        return out.toString();
    }

    private Optional<Double> value(String scenario, String scheduler, String variant, String metric) {
        return results.stream().filter(r -> r.is(scenario, scheduler, variant, metric)).map(Result::value).findFirst();
    }

    /** Three significant figures or so: 12345 → "12345", 12.345 → "12.3", 0.01234 → "0.0123". */
    static String number(double value) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            return "n/a";
        }
        double abs = Math.abs(value);
        if (abs >= 100 || value == Math.rint(value)) {
            return String.format(Locale.ROOT, "%.0f", value);
        }
        if (abs >= 10) {
            return String.format(Locale.ROOT, "%.1f", value);
        }
        if (abs >= 1) {
            return String.format(Locale.ROOT, "%.2f", value);
        }
        return String.format(Locale.ROOT, "%.3g", value);
    }

    static String csvCell(String text) {
        if (text.contains(",") || text.contains("\"") || text.contains("\n")) {
            return "\"" + text.replace("\"", "\"\"") + "\"";
        }
        return text;
    }

    private static String pad(String text, int width, boolean right) {
        String spaces = " ".repeat(Math.max(0, width - text.length()));
        return right ? spaces + text : text + spaces;
    }
}
