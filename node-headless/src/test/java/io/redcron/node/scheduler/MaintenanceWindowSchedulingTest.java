package io.redcron.node.scheduler;

import io.redcron.domain.MaintenanceWindow;
import io.redcron.domain.MisfirePolicy;
import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.Task;
import io.redcron.node.alert.Alert;
import io.redcron.node.alert.AlertKind;
import io.redcron.port.PageRequest;
import io.redcron.port.RunFilter;
import io.redcron.store.mysql.TaskFixtures;
import io.redcron.testkit.InMemoryStores;
import io.redcron.testkit.ManualClock;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A namespace or group paused and resumed under each resume policy, with hand-driven time: every
 * fire keeps exactly one row, the held ones are decided only once the window ends, and they
 * follow the window's policy.
 */
class MaintenanceWindowSchedulingTest {
    private static final Instant START = Instant.parse("2031-05-01T10:00:30Z");
    private static final String NAMESPACE = "paused";

    private final ManualClock clock = new ManualClock(START);
    private final InMemoryStores stores = new InMemoryStores(clock);
    private final List<Alert> alerts = new ArrayList<>();
    private final ManualScheduler scheduler = new ManualScheduler(stores, clock, NAMESPACE, "leader",
            Duration.ofSeconds(2), Duration.ofSeconds(60), Duration.ofSeconds(30), alerts::add);

    @Test
    void onResumeSkipRecordsEveryHeldFireSkippedAndTheScheduleGoesOn() {
        Task task = everyMinute("report", "default", MisfirePolicy.CATCH_UP);
        scheduler.lead();
        MaintenanceWindow window = open(null, null, MisfirePolicy.SKIP);

        passEvery30sUntil(at("10:10:30"));
        assertThat(runsOf(task)).as("nothing recorded while paused").isEmpty();

        resume(window);
        passEvery30sUntil(at("10:12:30"));

        List<Run> runs = runsOf(task);
        assertThat(runs).extracting(Run::scheduledAt).containsExactlyElementsOf(minutes(1, 12));
        assertThat(runs.subList(0, 10)).allSatisfy(run -> {
            assertThat(run.status()).isEqualTo(RunStatus.SKIPPED);
            assertThat(run.error()).isEqualTo("maintenance window " + window.id()
                    + " (namespace paused: database upgrade): skipped on resume (policy skip)");
        });
        assertThat(runs.subList(10, 12)).allSatisfy(run -> assertThat(run.status()).isEqualTo(RunStatus.QUEUED));
    }

    @Test
    void onResumeFireOnceRunsTheNewestHeldFire() {
        Task task = everyMinute("report", "default", MisfirePolicy.SKIP);
        scheduler.lead();
        MaintenanceWindow window = open(null, null, MisfirePolicy.FIRE_ONCE);
        passEvery30sUntil(at("10:30:30"));
        resume(window);
        passEvery30sUntil(at("10:31:00"));

        List<Run> runs = runsOf(task);
        assertThat(runs).extracting(Run::scheduledAt).containsExactlyElementsOf(minutes(1, 31));
        assertThat(runs).filteredOn(run -> run.status() == RunStatus.QUEUED).extracting(Run::scheduledAt)
                .containsExactly(at("10:30:00"), at("10:31:00"));
    }

    @Test
    void onResumeCatchUpRunsTheNewestHeldFiresUpToTheTasksLimit() {
        Task task = stores.tasks().create(TaskFixtures.shell(NAMESPACE, "report").cron("* * * * *")
                .misfirePolicy(MisfirePolicy.SKIP).catchUpLimit(3).build(), "test");
        scheduler.lead();
        MaintenanceWindow window = open(null, null, MisfirePolicy.CATCH_UP);
        passEvery30sUntil(at("10:10:30"));
        resume(window);
        clock.advance(MaintenanceWindowRules.REFRESH); // the leader reads the windows again within this
        scheduler.pass();

        assertThat(runsOf(task)).filteredOn(run -> run.status() == RunStatus.QUEUED).extracting(Run::scheduledAt)
                .containsExactly(at("10:08:00"), at("10:09:00"), at("10:10:00"));
        assertThat(runsOf(task)).hasSize(10);
    }

    @Test
    void aGroupWindowPausesOnlyThatGroupAndEndsByItselfAtItsPlannedEnd() {
        Task gpu = everyMinute("train", "gpu", MisfirePolicy.SKIP);
        Task other = everyMinute("report", "default", MisfirePolicy.SKIP);
        scheduler.lead();
        open("gpu", at("10:05:00"), MisfirePolicy.SKIP);

        passEvery30sUntil(at("10:10:30"));

        assertThat(runsOf(other)).extracting(Run::scheduledAt).containsExactlyElementsOf(minutes(1, 10));
        List<Run> trains = runsOf(gpu);
        assertThat(trains).extracting(Run::scheduledAt).containsExactlyElementsOf(minutes(1, 10));
        assertThat(trains.subList(0, 4)).as("10:01 to 10:04 were in the window")
                .allSatisfy(run -> assertThat(run.status()).isEqualTo(RunStatus.SKIPPED));
        assertThat(trains.subList(4, 10)).as("from its end at 10:05 the group fires again, with nobody resuming it")
                .allSatisfy(run -> assertThat(run.status()).isEqualTo(RunStatus.QUEUED));
        assertThat(runsOf(other)).allSatisfy(run -> assertThat(run.status()).isEqualTo(RunStatus.QUEUED));
    }

    @Test
    void aWindowRaisesOneAlertNamingTheTasksItHolds() {
        everyMinute("report", "default", MisfirePolicy.SKIP);
        everyMinute("export", "default", MisfirePolicy.SKIP);
        scheduler.lead();
        MaintenanceWindow window = open(null, null, MisfirePolicy.SKIP);

        passEvery30sUntil(at("10:05:30"));

        assertThat(alerts).filteredOn(alert -> alert.kind() == AlertKind.FIRES_HELD).singleElement()
                .satisfies(alert -> {
                    assertThat(alert.node()).isEqualTo("window " + window.id());
                    assertThat(alert.details()).containsEntry("tasks", "export, report");
                });
    }

    @Test
    void aWindowOpenedWhileTheLeaderRunsTakesHoldWithinASecond() {
        Task task = everyMinute("report", "default", MisfirePolicy.SKIP);
        scheduler.lead();
        passEvery30sUntil(at("10:02:30"));
        open(null, null, MisfirePolicy.SKIP);
        passEvery30sUntil(at("10:05:30"));

        assertThat(runsOf(task)).extracting(Run::scheduledAt).containsExactly(at("10:01:00"), at("10:02:00"));
    }

    @Test
    void aTaskDisabledWhileHeldGetsARowForEveryHeldFireAndNoRunOnResume() {
        Task task = everyMinute("report", "default", MisfirePolicy.CATCH_UP);
        scheduler.lead();
        MaintenanceWindow window = open(null, null, MisfirePolicy.CATCH_UP);
        passEvery30sUntil(at("10:05:30"));

        stores.tasks().setEnabled(task.id(), false, "alice");
        resume(window);
        passEvery30sUntil(at("10:08:30"));

        List<Run> runs = runsOf(task);
        assertThat(runs).extracting(Run::scheduledAt).containsExactlyElementsOf(minutes(1, 5));
        assertThat(runs).allSatisfy(run -> {
            assertThat(run.status()).isEqualTo(RunStatus.SKIPPED);
            assertThat(run.error()).endsWith(": held when the task was disabled, so it never ran");
        });
    }

    private Task everyMinute(String name, String group, MisfirePolicy misfire) {
        return stores.tasks().create(TaskFixtures.shell(NAMESPACE, name).cron("* * * * *").group(group)
                .misfirePolicy(misfire).build(), "test");
    }

    private MaintenanceWindow open(String group, Instant until, MisfirePolicy onResume) {
        return stores.windows().open(NAMESPACE,
                new MaintenanceWindow.Request(group, null, until, onResume, "database upgrade"), "alice");
    }

    private void resume(MaintenanceWindow window) {
        assertThat(stores.windows().resume(NAMESPACE, window.id(), "alice")).isTrue();
    }

    private void passEvery30sUntil(Instant end) {
        while (clock.instant().isBefore(end)) {
            clock.advance(Duration.ofSeconds(30));
            scheduler.pass();
        }
    }

    private List<Run> runsOf(Task task) {
        return stores.runs().list(RunFilter.all(NAMESPACE).forTask(task.id()), PageRequest.first(1000)).items()
                .stream().sorted(Comparator.comparing(Run::scheduledAt)).toList();
    }

    private static Instant at(String time) {
        return Instant.parse("2031-05-01T" + time + "Z");
    }

    /** 10:MM:00 for MM from {@code first} to {@code last}. */
    private static List<Instant> minutes(int first, int last) {
        List<Instant> times = new ArrayList<>();
        for (int m = first; m <= last; m++) {
            times.add(at(String.format("10:%02d:00", m)));
        }
        return times;
    }
}
