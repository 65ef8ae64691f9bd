package io.redcron.node.metrics;

import io.redcron.domain.RunStatus;
import io.redcron.port.QueueInspector;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class NodeMetricsTest {

    @Test
    void runsLatenessQueuesAndLeadershipAppearInTheScrape() {
        NodeMetrics metrics = new NodeMetrics("n1", "billing");
        metrics.runFinished("backup", RunStatus.SUCCEEDED, Duration.ofMillis(1200));
        metrics.runFinished("backup", RunStatus.RETRYING, Duration.ofMillis(300));
        metrics.deadRun();
        metrics.fireStarted(Duration.ofMillis(7));
        metrics.leadership(() -> true, () -> 42);
        metrics.queues(new QueueInspector.QueueStats(List.of(new QueueInspector.StreamStats("etl", 5, 2, Map.of("n1", 2L))),
                3, 1, List.of()));

        String scrape = metrics.scrape();

        assertThat(scrape)
                .contains("redcron_runs_total{namespace=\"billing\",node=\"n1\",status=\"SUCCEEDED\",task=\"backup\"} 1.0")
                .contains("redcron_runs_retries_total{namespace=\"billing\",node=\"n1\"} 1.0")
                .contains("redcron_runs_dead_total{namespace=\"billing\",node=\"n1\"} 1.0")
                .contains("redcron_fire_lateness_seconds_count{namespace=\"billing\",node=\"n1\"} 1")
                .contains("redcron_run_duration_seconds_bucket")
                .contains("redcron_queue_waiting{group=\"etl\",namespace=\"billing\",node=\"n1\"} 5.0")
                .contains("redcron_queue_pending{group=\"etl\",namespace=\"billing\",node=\"n1\"} 2.0")
                .contains("redcron_queue_delayed{namespace=\"billing\",node=\"n1\"} 3.0")
                .contains("redcron_scheduler_leader{namespace=\"billing\",node=\"n1\"} 1.0")
                .contains("redcron_scheduler_epoch{namespace=\"billing\",node=\"n1\"} 42.0")
                .contains("jvm_memory_used_bytes");
    }
}
