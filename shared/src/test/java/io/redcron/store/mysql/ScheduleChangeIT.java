package io.redcron.store.mysql;

import static io.redcron.store.mysql.TaskFixtures.shell;
import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariDataSource;
import io.redcron.domain.MisfirePolicy;
import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.Task;
import io.redcron.port.PageRequest;
import io.redcron.port.RunFilter;
import io.redcron.port.RunStore;
import io.redcron.port.TaskStore;
import io.redcron.testing.MysqlStores;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.stream.IntStream;

/**
 * A change that ends a schedule settles that schedule's fires in its own transaction: those due
 * before it are recorded (while no scheduler ran, nobody else would), those recorded ahead for
 * after it are withdrawn.
 */
class ScheduleChangeIT {
    /** Created half a minute before the first fire of an every-minute task. */
    private static final Instant CREATED = Instant.parse("2030-01-01T10:00:30Z");
    private static final Instant FIRST = Instant.parse("2030-01-01T10:01:00Z");

    @RegisterExtension
    static final MysqlStores mysql = MysqlStores.freshDatabase();
    private static final HikariDataSource pool = mysql.pool();
    private static EngineSql sql;

    private final MutableClock clock = new MutableClock(CREATED);
    private TaskStore tasks;
    private RunStore runs;
    private String ns;

    @BeforeAll
    static void openDatabase() {
        sql = new EngineSql(pool);
    }

    @BeforeEach
    void setUp() {
        tasks = new MysqlTaskStore(pool, clock);
        runs = new MysqlRunStore(pool, clock);
        ns = TaskFixtures.freshNamespace();
    }

    @Test
    void anEditWhileNoSchedulerRanRecordsEveryFireOfTheOldScheduleUpToItsCommit() {
        Task task = everyMinute("report", MisfirePolicy.CATCH_UP, 100);
        clock.set(FIRST.plus(Duration.ofMinutes(19)).plusSeconds(30));

        Task edited = tasks.update(task.toBuilder().cron("*/5 * * * *").build(), "alice");

        assertThat(fires(task)).extracting(Run::scheduledAt).containsExactlyElementsOf(minutes(FIRST, 20));
        assertThat(fires(task)).allSatisfy(run -> assertThat(run.status()).isEqualTo(RunStatus.QUEUED));
        assertThat(edited.nextFireAt()).isEqualTo(Instant.parse("2030-01-01T10:25:00Z"));
    }

    @Test
    void theOldSchedulesMissedFiresFollowItsMisfirePolicyUnderTheDefaultThreshold() {
        Task task = everyMinute("report", MisfirePolicy.SKIP, 1);
        clock.set(FIRST.plus(Duration.ofMinutes(19)).plusSeconds(30));

        tasks.update(task.toBuilder().cron("*/5 * * * *").build(), "alice");

        List<Run> fires = fires(task);
        assertThat(fires).hasSize(20);
        // Only the fire within a minute of the change is not a misfire.
        assertThat(fires.subList(0, 19)).allSatisfy(run -> {
            assertThat(run.status()).isEqualTo(RunStatus.SKIPPED);
            assertThat(run.error()).contains("policy skip");
        });
        assertThat(fires.get(19).status()).isEqualTo(RunStatus.QUEUED);
    }

    @Test
    void theThresholdTheLeaderPublishedJudgesTheMissedFires() {
        Task task = everyMinute("report", MisfirePolicy.SKIP, 1);
        new MysqlFencingEpochs(pool, clock, Duration.ofMinutes(10)).advance(ns, "node-a");
        clock.set(FIRST.plus(Duration.ofMinutes(19)).plusSeconds(30));

        tasks.setEnabled(task.id(), false, "alice");

        List<Run> fires = fires(task);
        assertThat(fires).hasSize(20);
        assertThat(fires).filteredOn(run -> run.status() == RunStatus.QUEUED).extracting(Run::scheduledAt)
                .containsExactlyElementsOf(minutes(FIRST.plus(Duration.ofMinutes(10)), 10));
    }

    @Test
    void aPauseRecordsTheFiresDueBeforeItAndNoneAfter() {
        Task task = everyMinute("report", MisfirePolicy.CATCH_UP, 100);
        clock.set(FIRST.plus(Duration.ofMinutes(4)).plusSeconds(10));

        Task paused = tasks.setEnabled(task.id(), false, "alice");

        assertThat(fires(task)).extracting(Run::scheduledAt).containsExactlyElementsOf(minutes(FIRST, 5));
        assertThat(paused.nextFireAt()).isNull();
    }

    @Test
    void firesAMaintenanceWindowStillHoldsAreRecordedSkippedInItsNameWhenTheScheduleEnds() {
        Task task = everyMinute("report", MisfirePolicy.CATCH_UP, 100);
        clock.set(FIRST.plus(Duration.ofMinutes(2)).plusSeconds(10));
        io.redcron.domain.MaintenanceWindow window = new MysqlMaintenanceWindows(pool, clock).open(ns,
                new io.redcron.domain.MaintenanceWindow.Request(null, null, null, MisfirePolicy.FIRE_ONCE,
                        "database upgrade"), "alice");
        clock.set(FIRST.plus(Duration.ofMinutes(6)).plusSeconds(10));

        tasks.setEnabled(task.id(), false, "alice");

        List<Run> fires = fires(task);
        assertThat(fires).extracting(Run::scheduledAt).containsExactlyElementsOf(minutes(FIRST, 7));
        assertThat(fires.subList(0, 3)).as("due before the window").allSatisfy(run ->
                assertThat(run.status()).isEqualTo(RunStatus.QUEUED));
        assertThat(fires.subList(3, 7)).allSatisfy(run -> {
            assertThat(run.status()).isEqualTo(RunStatus.SKIPPED);
            assertThat(run.error()).isEqualTo("maintenance window " + window.id() + " (namespace " + ns
                    + ": database upgrade): held when the task was disabled, so it never ran");
        });
    }

    @Test
    void aDeletedTasksMissedFiresAreRecordedSkipped() {
        Task task = everyMinute("report", MisfirePolicy.CATCH_UP, 100);
        clock.set(FIRST.plus(Duration.ofMinutes(2)).plusSeconds(10));

        tasks.delete(task.id(), "alice");

        assertThat(fires(task)).hasSize(3).allSatisfy(run -> {
            assertThat(run.status()).isEqualTo(RunStatus.SKIPPED);
            assertThat(run.error()).contains("deleted");
        });
    }

    @Test
    void anEditThatKeepsTheScheduleLeavesItsFiresToTheScheduler() {
        Task task = everyMinute("report", MisfirePolicy.CATCH_UP, 100);
        clock.set(FIRST.plus(Duration.ofMinutes(4)).plusSeconds(10));

        Task edited = tasks.update(task.toBuilder().description("renamed").build(), "alice");

        assertThat(fires(task)).isEmpty();
        assertThat(edited.nextFireAt()).isEqualTo(FIRST);
    }

    @Test
    void firesRecordedAheadThatTheNewScheduleDoesNotHaveAreWithdrawn() {
        Task task = everyMinute("report", MisfirePolicy.CATCH_UP, 100);
        Instant fiveMinutes = Instant.parse("2030-01-01T10:05:00Z");
        clock.set(fiveMinutes.minusSeconds(2));
        Run kept = runs.insertOrGetCronFire(task.id(), fiveMinutes, 1);
        Run dropped = runs.insertOrGetCronFire(task.id(), fiveMinutes.plusSeconds(60), 1);
        Run held = runs.insertOrGetCronFire(task.id(), fiveMinutes.plusSeconds(120), 1);
        runs.claim(held.id(), "node-a", clock.instant(), clock.instant().plusSeconds(30)).orElseThrow();
        sql.update("UPDATE task SET next_fire_at = ? WHERE id = ?", fiveMinutes.plusSeconds(180), task.id());

        tasks.update(tasks.get(task.id()).orElseThrow().toBuilder().cron("*/5 * * * *").build(), "alice");

        assertThat(runs.get(kept.id()).orElseThrow().status()).isEqualTo(RunStatus.QUEUED);
        Run withdrawn = runs.get(dropped.id()).orElseThrow();
        assertThat(withdrawn.status()).isEqualTo(RunStatus.SKIPPED);
        assertThat(withdrawn.error()).contains("withdrawn").contains("another schedule");
        assertThat(runs.get(held.id()).orElseThrow().status()).isEqualTo(RunStatus.RUNNING);
        assertThat(sql.cancelRequested(held.id())).isTrue();
    }

    @Test
    void aPauseWithdrawsEveryFireRecordedAheadAndKeepsThoseDueBeforeIt() {
        Task task = everyMinute("report", MisfirePolicy.CATCH_UP, 100);
        clock.set(FIRST.minusSeconds(2));
        Run ahead = runs.insertOrGetCronFire(task.id(), FIRST, 1);
        sql.update("UPDATE task SET next_fire_at = ? WHERE id = ?", FIRST.plusSeconds(60), task.id());
        clock.set(FIRST.minusMillis(500));

        tasks.setEnabled(task.id(), false, "alice");

        Run withdrawn = runs.get(ahead.id()).orElseThrow();
        assertThat(withdrawn.status()).isEqualTo(RunStatus.SKIPPED);
        assertThat(withdrawn.error()).contains("disabled");
        assertThat(withdrawn.attempt()).isZero();
    }

    @Test
    void aPauseWithdrawsAShardedFireRecordedAheadBeforeItIsSplit() {
        Task task = tasks.create(shell(ns, "fan-out").cron("* * * * *").sharding(io.redcron.domain.Sharding.fixed(3))
                .build(), "alice");
        clock.set(FIRST.minusSeconds(2));
        Run ahead = runs.insertOrGetCronFire(task.id(), FIRST, 1);
        assertThat(ahead.status()).isEqualTo(RunStatus.SHARDED);
        sql.update("UPDATE task SET next_fire_at = ? WHERE id = ?", FIRST.plusSeconds(60), task.id());
        clock.set(FIRST.minusMillis(500));

        tasks.setEnabled(task.id(), false, "alice");

        Run withdrawn = runs.get(ahead.id()).orElseThrow();
        assertThat(withdrawn.status()).isEqualTo(RunStatus.SKIPPED);
        assertThat(withdrawn.error()).contains("disabled");
        assertThat(runs.shards(withdrawn)).isEmpty();
    }

    private Task everyMinute(String name, MisfirePolicy policy, int catchUpLimit) {
        Task task = tasks.create(shell(ns, name).cron("* * * * *").misfirePolicy(policy).catchUpLimit(catchUpLimit)
                .build(), "alice");
        assertThat(task.nextFireAt()).isEqualTo(FIRST);
        return task;
    }

    private List<Run> fires(Task task) {
        return runs.list(RunFilter.all(ns).forTask(task.id()), PageRequest.first(1000)).items()
                .stream().sorted(Comparator.comparing(Run::scheduledAt)).toList();
    }

    private static List<Instant> minutes(Instant from, int count) {
        return IntStream.range(0, count).mapToObj(i -> from.plus(Duration.ofMinutes(i))).toList();
    }
}
