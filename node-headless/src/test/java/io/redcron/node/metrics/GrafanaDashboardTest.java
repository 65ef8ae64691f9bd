package io.redcron.node.metrics;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.redcron.domain.RunStatus;
import io.redcron.port.QueueInspector;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The sample Grafana dashboard in installers/grafana may only query what a node exports: every
 * metric named in a panel, variable or annotation query must appear in a real scrape of
 * {@link NodeMetrics}, with the labels the query filters or groups on.
 */
class GrafanaDashboardTest {
    private static final Path DASHBOARD = Path.of("..", "installers", "grafana", "redcron.json");
    /** A metric selector: a name followed by its label matchers, e.g. {@code redcron_runs_total{status="FAILED"}}. */
    private static final Pattern SELECTOR = Pattern.compile("([a-zA-Z_:][a-zA-Z0-9_:]*)\\{([^}]*)}");
    private static final Pattern MATCHER_LABEL = Pattern.compile("([a-zA-Z_][a-zA-Z0-9_]*)\\s*(?:=~|!~|!=|=)");
    /** A Grafana variable query, {@code label_values(selector, label)}: its label. */
    private static final Pattern LABEL_VALUES = Pattern.compile("^label_values\\(.*,\\s*([a-zA-Z_][a-zA-Z0-9_]*)\\s*\\)$");
    private static final Pattern GROUPING = Pattern.compile("\\b(?:by|without)\\s*\\(([^)]*)\\)");
    /** A sample line of the Prometheus text format: name, optional labels, value. */
    private static final Pattern SAMPLE = Pattern.compile("^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\\{(.*)})?\\s");
    private static final Pattern SAMPLE_LABEL = Pattern.compile("([a-zA-Z_][a-zA-Z0-9_]*)=\"");

    private static Map<String, Set<String>> exported;
    private static List<String> queries;

    @BeforeAll
    static void scrapeANodeAndReadTheDashboard() throws IOException {
        NodeMetrics metrics = new NodeMetrics("n1", "default");
        metrics.runFinished("backup", RunStatus.SUCCEEDED, Duration.ofSeconds(2));
        metrics.runFinished("backup", RunStatus.RETRYING, Duration.ofSeconds(1));
        metrics.deadRun();
        metrics.fireStarted(Duration.ofMillis(40));
        metrics.leadership(() -> true, () -> 7);
        metrics.heartbeat(() -> 1);
        metrics.queues(new QueueInspector.QueueStats(
                List.of(new QueueInspector.StreamStats("default", 4, 1, Map.of("n1", 1L))), 2, 1, List.of()));
        // Micrometer registers the GC pause timer on the first collection it is told about.
        System.gc();
        await().atMost(Duration.ofSeconds(20)).until(() -> metrics.scrape().contains("jvm_gc_pause_seconds"));
        exported = samples(metrics.scrape());
        queries = queriesOf(new ObjectMapper().readTree(DASHBOARD.toFile()));
    }

    @Test
    void everyQueriedMetricIsExportedWithTheLabelsTheQueryUses() {
        assertThat(queries).as("queries in %s", DASHBOARD).hasSizeGreaterThan(20);
        for (String query : queries) {
            Matcher selector = SELECTOR.matcher(query);
            boolean any = false;
            while (selector.find()) {
                any = true;
                String metric = selector.group(1);
                assertThat(exported).as("metric %s queried by %s", metric, query).containsKey(metric);
                Matcher label = MATCHER_LABEL.matcher(selector.group(2));
                while (label.find()) {
                    assertThat(exported.get(metric)).as("label %s of %s in %s", label.group(1), metric, query)
                            .contains(label.group(1));
                }
            }
            assertThat(any).as("query names no metric with a selector: %s", query).isTrue();
        }
    }

    @Test
    void everyGroupingAndVariableLabelExistsOnTheMetricsOfItsQuery() {
        for (String query : queries) {
            Set<String> labels = new HashSet<>(Set.of("le"));
            Matcher selector = SELECTOR.matcher(query);
            while (selector.find()) {
                labels.addAll(exported.getOrDefault(selector.group(1), Set.of()));
            }
            Matcher variable = LABEL_VALUES.matcher(query);
            if (variable.find()) {
                assertThat(labels).as("variable label in %s", query).contains(variable.group(1));
            }
            Matcher grouping = GROUPING.matcher(query);
            while (grouping.find()) {
                for (String label : grouping.group(1).split(",")) {
                    assertThat(labels).as("grouping label %s in %s", label.trim(), query).contains(label.trim());
                }
            }
        }
    }

    @Test
    void theDashboardCoversWhatAnOperatorWatches() {
        String all = String.join("\n", queries);
        assertThat(all).contains("redcron_runs_total", "redcron_run_duration_seconds_bucket",
                "redcron_fire_lateness_seconds_bucket", "redcron_queue_waiting", "redcron_queue_pending",
                "redcron_runs_retries_total", "redcron_runs_dead_total", "redcron_scheduler_leader",
                "redcron_scheduler_epoch", "redcron_heartbeat_age_seconds", "jvm_memory_used_bytes");
    }

    /** Metric name to the label names it carries in the scrape. */
    private static Map<String, Set<String>> samples(String scrape) {
        Map<String, Set<String>> names = new HashMap<>();
        for (String line : scrape.split("\n")) {
            Matcher sample = SAMPLE.matcher(line);
            if (line.startsWith("#") || !sample.find()) {
                continue;
            }
            Set<String> labels = names.computeIfAbsent(sample.group(1), n -> new HashSet<>());
            if (sample.group(2) != null) {
                Matcher label = SAMPLE_LABEL.matcher(sample.group(2));
                while (label.find()) {
                    labels.add(label.group(1));
                }
            }
        }
        return names;
    }

    /** The PromQL of every panel target, template variable and annotation. */
    private static List<String> queriesOf(JsonNode dashboard) {
        List<String> found = new ArrayList<>();
        for (JsonNode panel : dashboard.path("panels")) {
            panel.path("targets").forEach(target -> found.add(target.path("expr").asText()));
            for (JsonNode nested : panel.path("panels")) {
                nested.path("targets").forEach(target -> found.add(target.path("expr").asText()));
            }
        }
        dashboard.path("templating").path("list").forEach(variable -> found.add(variable.path("definition").asText()));
        dashboard.path("annotations").path("list").forEach(annotation -> {
            if (annotation.has("expr")) {
                found.add(annotation.path("expr").asText());
            }
        });
        return found;
    }
}
