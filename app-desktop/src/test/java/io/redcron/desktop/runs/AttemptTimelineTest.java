package io.redcron.desktop.runs;

import io.redcron.desktop.session.Workspace;
import io.redcron.desktop.ui.Messages;
import io.redcron.desktop.ui.TimeDisplay;
import io.redcron.desktop.ui.UiExecutor;
import io.redcron.domain.AttemptEnding;
import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.ShellPayload;
import io.redcron.domain.Task;
import io.redcron.ops.Operations;
import io.redcron.ops.OperatorPorts;
import io.redcron.port.RunOutcome;
import io.redcron.testkit.InMemoryStores;
import io.redcron.testkit.ManualClock;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Locale;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The runs screen lists every attempt of the selected run, each with its own end and output. */
class AttemptTimelineTest {
    private static final Instant NOW = Instant.parse("2026-11-30T08:00:00Z");
    private static final String NAMESPACE = "desk";

    private final ManualClock clock = new ManualClock(NOW);
    private final InMemoryStores stores = new InMemoryStores(clock);
    private final Messages messages = new Messages(Locale.ENGLISH, new TimeDisplay(TimeDisplay.Mode.UTC, ZoneOffset.UTC));
    private final RunsViewModel model = new RunsViewModel(new Operations(new OperatorPorts(stores.tasks(), stores.runs(),
            stores.queue(), stores.events(), stores.audit(), stores.deadLetters(), stores.liveOutput()), NAMESPACE, "tester",
            clock), stores.runs(), stores.retention(), new Workspace(NAMESPACE, "tester", clock), UiExecutor.direct(), messages, ZoneOffset.UTC);

    @Test
    void aRunRetriedAfterATimeoutShowsBothAttemptsOldestFirst() {
        Task task = stores.tasks().create(Task.builder().namespace(NAMESPACE).name("backup").cron("0 3 * * *")
                .payload(new ShellPayload("backup.sh", null, Map.of())).build(), "test");
        Run run = stores.runs().insertManual(task.id(), NOW, 3, Map.of());
        stores.runs().claim(run.id(), "node-1", NOW, NOW.plusSeconds(60));
        stores.runs().complete(run.id(), 1, RunStatus.RUNNING, new RunOutcome(RunStatus.RETRYING, NOW.plusSeconds(30), 124,
                "dumping…\nkilled", "timed out after 30s; retry 1 of 2", NOW.plusSeconds(60), AttemptEnding.TIMED_OUT));
        clock.set(NOW.plusSeconds(60));
        stores.runs().claim(run.id(), "node-2", clock.instant(), clock.instant().plusSeconds(60));
        clock.advance(Duration.ofSeconds(5));
        stores.runs().complete(run.id(), 2, RunStatus.RUNNING, new RunOutcome(RunStatus.SUCCEEDED, clock.instant(), 0,
                "done", null));
        model.load();

        model.select(model.rows().get(0));

        assertThat(model.attempts()).hasSize(2);
        AttemptRow first = model.attempts().get(0);
        assertThat(first).isEqualTo(new AttemptRow(1, "node-1", "2026-11-30 08:00:00 +00:00", "2026-11-30 08:00:30 +00:00",
                "Timed out", "124", "timed out after 30s; retry 1 of 2", "30s", "dumping…\nkilled", false));
        AttemptRow latest = model.attempts().get(1);
        assertThat(latest.attempt()).isEqualTo(2);
        assertThat(latest.node()).isEqualTo("node-2");
        assertThat(latest.how()).isEqualTo("Succeeded");
        assertThat(latest.latest()).isTrue();
        assertThat(model.attemptsTitleProperty().get()).isEqualTo("Attempts (2)");
        assertThat(model.retryQuestion()).as("a retry is asked first, saying what it does")
                .isEqualTo("Run task backup again now, as a new run (run " + run.id() + " was Succeeded)?");
    }

    @Test
    void aRunNeverAttemptedHasNoAttempt() {
        Task task = stores.tasks().create(Task.builder().namespace(NAMESPACE).name("report").cron("0 3 * * *")
                .payload(new ShellPayload("report.sh", null, Map.of())).build(), "test");
        stores.runs().insertManual(task.id(), NOW, 1, Map.of());
        model.load();

        model.select(model.rows().get(0));

        assertThat(model.attempts()).isEmpty();
        assertThat(model.attemptsTitleProperty().get()).isEqualTo("Attempts (0)");
    }
}
