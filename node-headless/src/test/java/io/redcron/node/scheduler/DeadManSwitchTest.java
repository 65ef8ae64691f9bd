package io.redcron.node.scheduler;

import io.redcron.domain.AlertRule;
import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.Task;
import io.redcron.node.alert.Alert;
import io.redcron.node.alert.AlertKind;
import io.redcron.node.alert.RecordedAlerts;
import io.redcron.port.RunOutcome;
import io.redcron.store.mysql.TaskFixtures;
import io.redcron.testkit.InMemoryStores;
import io.redcron.testkit.ManualClock;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.assertj.core.api.Assertions.assertThat;

/** NO_SUCCESS: the leader's dead-man switch over the tasks with {@code successWithin}, time moved by hand. */
class DeadManSwitchTest {
    private static final String NS = "prod";
    private static final Duration HOUR = Duration.ofHours(1);

    private final ManualClock clock = new ManualClock(Instant.parse("2030-01-01T00:00:00Z"));
    private final InMemoryStores stores = new InMemoryStores(clock);
    private final RecordedAlerts alerts = new RecordedAlerts();
    private final AtomicBoolean leading = new AtomicBoolean(true);
    private final DeadManSwitch deadMan = new DeadManSwitch(NS, stores.alertRules(), stores.tasks(), stores.runs(),
            alerts, leading::get, clock);

    @Test
    void aTaskThatNeverSucceedsIsReportedOncePerPeriodCountedFromItsCreation() {
        Task task = task("backup", HOUR);

        clock.advance(Duration.ofMinutes(59));
        deadMan.run();
        assertThat(alerts.all()).isEmpty();

        clock.advance(Duration.ofMinutes(2));
        deadMan.run();
        deadMan.run();
        clock.advance(Duration.ofMinutes(30));
        deadMan.run();
        assertThat(alerts.of(AlertKind.NO_SUCCESS)).singleElement().satisfies(alert -> {
            assertThat(alert.taskId()).isEqualTo(task.id());
            assertThat(alert.details()).containsEntry("lastSuccess", "never").containsEntry("periods", "1");
        });

        clock.advance(Duration.ofMinutes(30));
        deadMan.run();
        assertThat(alerts.of(AlertKind.NO_SUCCESS)).extracting(alert -> alert.details().get("periods"))
                .containsExactly("1", "2");
    }

    @Test
    void aSuccessStartsTheClockAgain() {
        Task task = task("report", HOUR);
        clock.advance(Duration.ofMinutes(50));
        Instant succeededAt = succeed(task);

        clock.advance(Duration.ofMinutes(50));
        deadMan.run();
        assertThat(alerts.all()).as("50 minutes after the success").isEmpty();

        clock.advance(Duration.ofMinutes(11));
        deadMan.run();
        assertThat(alerts.of(AlertKind.NO_SUCCESS)).singleElement()
                .satisfies(alert -> assertThat(alert.details()).containsEntry("lastSuccess", succeededAt.toString()));
    }

    @Test
    void onlyTheLeaderWithARuleOnAnEnabledTaskReports() {
        task("with-rule", HOUR);
        Task disabled = task("disabled", HOUR);
        stores.tasks().setEnabled(disabled.id(), false, "alice");
        stores.tasks().create(TaskFixtures.shell(NS, "no-rule").build(), "alice");
        leading.set(false);
        clock.advance(Duration.ofHours(2));

        deadMan.run();
        assertThat(alerts.all()).as("not leading").isEmpty();

        leading.set(true);
        deadMan.run();
        assertThat(alerts.all()).extracting(Alert::taskName).containsExactly("with-rule");
    }

    private Task task(String name, Duration successWithin) {
        Task task = stores.tasks().create(TaskFixtures.shell(NS, name).build(), "alice");
        stores.alertRules().change(NS, task.id(), new AlertRule(null, null, successWithin), "alice");
        return task;
    }

    /** A run of the task that succeeds now; when it ended. */
    private Instant succeed(Task task) {
        Instant now = clock.instant();
        Run run = stores.runs().insertManual(task.id(), now, 1, Map.of());
        stores.runs().claim(run.id(), "node-a", now, now.plusSeconds(30));
        stores.runs().complete(run.id(), 1, RunStatus.RUNNING,
                new RunOutcome(RunStatus.SUCCEEDED, now, 0, "", null, null, null));
        return now;
    }
}
