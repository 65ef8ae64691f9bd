package io.redcron.bench;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class RetentionReadingTest {

    @Test
    void readsThePurgedRunsTheBacklogAndTheOldestAgeFromThePrometheusPage() {
        String page = """
                # HELP redcron_history_purged_total History deleted by retention
                # TYPE redcron_history_purged_total counter
                redcron_history_purged_total{namespace="ns",node="n1",what="audit"} 7.0
                redcron_history_purged_total{namespace="ns",node="n1",what="outputs"} 120.0
                redcron_history_purged_total{namespace="ns",node="n1",what="runs"} 45500.0
                # TYPE redcron_history_purge_backlog_seconds gauge
                redcron_history_purge_backlog_seconds{namespace="ns",node="n1"} 1.9872E6
                redcron_history_oldest_run_age_seconds{namespace="ns",node="n1"} 0.0
                """;

        RetentionReading reading = RetentionReading.parse(page);

        assertThat(reading.runsPurged()).isEqualTo(45_500);
        assertThat(reading.backlogSeconds()).isEqualTo(1_987_200);
        assertThat(reading.oldestRunAgeSeconds()).isZero();
    }

    @Test
    void aMetricThePageLacksIsNotANumber() {
        RetentionReading reading = RetentionReading.parse("redcron_history_purge_backlog_seconds 5.0\n");

        assertThat(reading.backlogSeconds()).isEqualTo(5);
        assertThat(reading.runsPurged()).isNaN();
        assertThat(reading.oldestRunAgeSeconds()).isNaN();
    }

    @Test
    void aMetricWhoseNameStartsTheSameIsNotTakenForAnother() {
        RetentionReading reading = RetentionReading.parse("redcron_history_purge_backlog_seconds_max 9.0\n");

        assertThat(reading.backlogSeconds()).isNaN();
    }
}
