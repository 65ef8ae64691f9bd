package io.redcron.node.scheduler;

import io.redcron.domain.Run;
import io.redcron.domain.Task;
import io.redcron.node.alert.AlertKind;
import io.redcron.node.alert.RecordedAlerts;
import io.redcron.store.mysql.TaskFixtures;
import io.redcron.testkit.InMemoryStores;
import io.redcron.testkit.ManualClock;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** BACKLOG: runs of a group waiting, due, longer than {@code alerts.backlog-after}; time moved by hand. */
class BacklogWatchTest {
    private static final String NS = "prod";
    private static final Duration AFTER = Duration.ofMinutes(5);
    private static final Duration PERIOD = Duration.ofMinutes(10);

    private final ManualClock clock = new ManualClock(Instant.parse("2030-01-01T00:00:00Z"));
    private final InMemoryStores stores = new InMemoryStores(clock);
    private final RecordedAlerts alerts = new RecordedAlerts();

    @Test
    void aGroupWhoseRunsWaitTooLongIsReportedOncePerPeriod() {
        Task etl = stores.tasks().create(TaskFixtures.shell(NS, "load").group("etl").build(), "alice");
        stores.tasks().create(TaskFixtures.shell(NS, "idle").group("gpu").build(), "alice");
        Run waiting = stores.runs().insertManual(etl.id(), clock.instant(), 1, Map.of());
        BacklogWatch watch = watch(AFTER);

        clock.advance(AFTER.minusSeconds(1));
        watch.run();
        assertThat(alerts.all()).as("not yet waiting long enough").isEmpty();

        clock.advance(Duration.ofSeconds(2));
        watch.run();
        clock.advance(PERIOD.minusSeconds(1));
        watch.run();
        assertThat(alerts.of(AlertKind.BACKLOG)).singleElement().satisfies(alert -> {
            assertThat(alert.group()).isEqualTo("etl");
            assertThat(alert.details()).containsEntry("waiting", "1")
                    .containsEntry("oldestDueAt", waiting.scheduledAt().toString());
        });

        clock.advance(Duration.ofSeconds(1));
        watch.run();
        assertThat(alerts.of(AlertKind.BACKLOG)).as("the period is over").hasSize(2);
    }

    @Test
    void zeroTurnsTheCheckOff() {
        Task etl = stores.tasks().create(TaskFixtures.shell(NS, "load").group("etl").build(), "alice");
        stores.runs().insertManual(etl.id(), clock.instant(), 1, Map.of());
        clock.advance(Duration.ofHours(1));

        watch(Duration.ZERO).run();

        assertThat(alerts.all()).isEmpty();
    }

    private BacklogWatch watch(Duration after) {
        return new BacklogWatch(NS, stores.scheduler(), stores.recovery(), alerts, after, PERIOD, () -> true, clock);
    }
}
