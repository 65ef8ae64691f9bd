package io.redcron.store.mysql;

import static io.redcron.store.mysql.TaskFixtures.shell;
import static io.redcron.testkit.Concurrently.runTogether;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.zaxxer.hikari.HikariDataSource;
import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.RetryPolicy;
import io.redcron.domain.Task;
import io.redcron.domain.TriggerType;
import io.redcron.port.FencedOutException;
import io.redcron.port.SchedulerStore;
import io.redcron.port.SchedulerStore.Fire;
import io.redcron.port.SchedulerStore.ScheduleState;
import io.redcron.port.SchedulerStore.TaskFires;
import io.redcron.port.TaskStore;
import io.redcron.schedule.CronDialect;
import io.redcron.testing.MysqlStores;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

class MysqlSchedulerStoreIT {
    private static final Instant CREATED = Instant.parse("2030-01-01T10:00:00.250Z");
    /** The first fire of a "every five minutes" task created at {@link #CREATED}. */
    private static final Instant FIRE = Instant.parse("2030-01-01T10:05:00Z");
    private static final Instant NEXT = FIRE.plus(Duration.ofMinutes(5));
    private static final Instant RECORDED = FIRE.plusMillis(400);

    @RegisterExtension
    static final MysqlStores mysql = MysqlStores.freshDatabase();
    private static final HikariDataSource pool = mysql.pool();
    private static EngineSql sql;

    private final MutableClock clock = new MutableClock(CREATED);
    private TaskStore tasks;
    private SchedulerStore store;
    private MysqlFencingEpochs epochs;
    private String ns;
    private long epoch;

    @BeforeAll
    static void openDatabase() {
        sql = new EngineSql(pool);
    }

    @BeforeEach
    void setUp() {
        tasks = new MysqlTaskStore(pool, clock);
        store = new MysqlSchedulerStore(pool, clock);
        epochs = new MysqlFencingEpochs(pool, clock);
        ns = TaskFixtures.freshNamespace();
        epoch = epochs.advance(ns, "node-a");
    }

    @Test
    void eachFireIsRecordedAsOneRunAndTheTasksMoveOn() {
        Task backup = create(shell(ns, "backup").group("batch").retry(RetryPolicy.retries(2)));
        Task report = create(shell(ns, "report"));
        clock.set(RECORDED);

        List<Run> runs = store.recordFires(ns, epoch, List.of(
                fires(backup, NEXT, queued(FIRE)),
                fires(report, NEXT, skipped(FIRE.minusSeconds(600), "misfire: skipped (policy skip)"),
                        queued(FIRE.minusSeconds(300)), queued(FIRE))));

        assertThat(runs).extracting(Run::taskId, Run::scheduledAt, Run::status).containsExactly(
                tuple(report.id(), FIRE.minusSeconds(300), RunStatus.QUEUED),
                tuple(backup.id(), FIRE, RunStatus.QUEUED),
                tuple(report.id(), FIRE, RunStatus.QUEUED),
                tuple(report.id(), FIRE.minusSeconds(600), RunStatus.SKIPPED));
        Run queued = runs.get(1);
        assertThat(queued.trigger()).isEqualTo(TriggerType.CRON);
        assertThat(queued.namespace()).isEqualTo(ns);
        assertThat(queued.taskName()).isEqualTo("backup");
        assertThat(queued.group()).isEqualTo("batch");
        assertThat(queued.attempt()).isZero();
        assertThat(queued.maxAttempts()).isEqualTo(3);
        assertThat(queued.createdAt()).isEqualTo(RECORDED);
        assertThat(queued.finishedAt()).isNull();
        assertThat(queued.error()).isNull();
        Run skipped = runs.get(3);
        assertThat(skipped.finishedAt()).isEqualTo(RECORDED);
        assertThat(skipped.error()).isEqualTo("misfire: skipped (policy skip)");
        assertThat(sql.runsOf(ns)).isEqualTo(4);
        assertThat(tasks.get(backup.id()).orElseThrow().nextFireAt()).isEqualTo(NEXT);
        assertThat(tasks.get(report.id()).orElseThrow().nextFireAt()).isEqualTo(NEXT);
    }

    @Test
    void aShardedTasksFireIsRecordedAsItsParentAndReadBackWithoutItsShards() {
        Task fanOut = create(shell(ns, "fan-out").sharding(io.redcron.domain.Sharding.fixed(4))
                .concurrencyPolicy(io.redcron.domain.ConcurrencyPolicy.ALLOW));
        clock.set(RECORDED);
        List<TaskFires> batch = List.of(fires(fanOut, NEXT, skipped(FIRE.minusSeconds(300), "misfire"), queued(FIRE)));

        List<Run> runs = store.recordFires(ns, epoch, batch);

        assertThat(runs).extracting(Run::scheduledAt, Run::status).containsExactly(
                tuple(FIRE.minusSeconds(300), RunStatus.SKIPPED), tuple(FIRE, RunStatus.SHARDED));
        long parent = runs.get(1).id();
        new MysqlShardedRuns(pool).split(ns, epoch, parent, 4, FIRE.plusSeconds(1));
        assertThat(store.recordFires(ns, epoch, batch)).as("the same fires again: the parents, not their shards")
                .extracting(Run::id).containsExactly(runs.get(0).id(), parent);
    }

    @Test
    void recordingTheSameFiresAgainFindsTheRunsOfTheFirstTime() {
        Task backup = create(shell(ns, "backup"));
        Task report = create(shell(ns, "report"));
        clock.set(RECORDED);
        List<TaskFires> batch = List.of(fires(backup, NEXT, queued(FIRE)),
                fires(report, NEXT, skipped(FIRE.minusSeconds(300), "misfire"), queued(FIRE)));

        List<Run> first = store.recordFires(ns, epoch, batch);
        clock.advance(Duration.ofSeconds(3));
        List<Run> again = store.recordFires(ns, epoch, batch);
        // A repeat that planned differently (the first pass crashed, the policy changed) keeps
        // what was recorded first.
        List<Run> replanned = store.recordFires(ns, epoch, List.of(fires(backup, NEXT, skipped(FIRE, "misfire"))));

        assertThat(again).isEqualTo(first);
        Run backupRun = first.stream().filter(r -> r.taskId() == backup.id()).findFirst().orElseThrow();
        assertThat(replanned).containsExactly(backupRun);
        assertThat(sql.runsOf(ns)).isEqualTo(3);
        assertThat(tasks.get(backup.id()).orElseThrow().nextFireAt()).isEqualTo(NEXT);
    }

    @Test
    void aPassThatReadATaskBeforeAnEditRecordsNoFirePlannedFromTheOldVersion() {
        Task planned = create(shell(ns, "backup"));
        clock.set(RECORDED);
        Task edited = tasks.update(planned.toBuilder().description("nightly").build(), "alice");
        assertThat(edited.nextFireAt()).isEqualTo(FIRE);

        List<Run> runs = store.recordFires(ns, epoch, List.of(fires(planned, NEXT, queued(FIRE))));

        // The edit committed first: its own plan stands, and the next pass plans from it.
        assertThat(runs).isEmpty();
        assertThat(sql.runsOf(ns)).isZero();
        assertThat(tasks.get(planned.id()).orElseThrow()).isEqualTo(edited);
        assertThat(store.recordFires(ns, epoch, List.of(fires(edited, NEXT, queued(FIRE)))))
                .extracting(Run::scheduledAt).containsExactly(FIRE);
    }

    @Test
    void inOneBatchOnlyTheTaskEditedMeanwhileKeepsItsPlannedFire() {
        Task backup = create(shell(ns, "backup"));
        Task report = create(shell(ns, "report"));
        Task cleanup = create(shell(ns, "cleanup"));
        clock.set(RECORDED);
        Task edited = tasks.update(report.toBuilder().description("weekly").build(), "alice");

        store.recordFires(ns, epoch, List.of(fires(backup, NEXT, queued(FIRE)), fires(report, NEXT, queued(FIRE)),
                fires(cleanup, NEXT, queued(FIRE))));

        assertThat(sql.nextFireAt(backup.id())).isEqualTo(NEXT);
        assertThat(tasks.get(report.id()).orElseThrow()).isEqualTo(edited);
        assertThat(sql.nextFireAt(cleanup.id())).isEqualTo(NEXT);
    }

    @Test
    void aTaskWhoseNextFireMovedMeanwhileIsLeftWhereItIs() {
        Task planned = create(shell(ns, "backup"));
        clock.set(RECORDED);
        store.recordFires(ns, epoch, List.of(fires(planned, NEXT, queued(FIRE))));

        // A second pass that still saw the old next fire plans from there to somewhere else.
        store.recordFires(ns, epoch, List.of(fires(planned, FIRE.plus(Duration.ofHours(1)), queued(FIRE))));

        assertThat(sql.nextFireAt(planned.id())).isEqualTo(NEXT);
        assertThat(tasks.get(planned.id()).orElseThrow().version()).isEqualTo(planned.version());
    }

    @Test
    void aTaskThatFiresNoMoreHasNoNextFire() {
        Task planned = create(shell(ns, "once"));
        clock.set(RECORDED);

        store.recordFires(ns, epoch, List.of(fires(planned, null, queued(FIRE))));

        assertThat(tasks.get(planned.id()).orElseThrow().nextFireAt()).isNull();
        assertThat(store.planned(ns, 0, 10)).isEmpty();
    }

    @Test
    void anOldLeaderIsFencedOffAndWritesNothing() {
        Task planned = create(shell(ns, "backup"));
        clock.set(RECORDED);
        long newer = epochs.advance(ns, "node-b");
        List<TaskFires> batch = List.of(fires(planned, NEXT, queued(FIRE)));

        assertThatThrownBy(() -> store.recordFires(ns, epoch, batch))
                .isInstanceOf(FencedOutException.class)
                .hasMessageContaining("epoch " + epoch).hasMessageContaining("epoch " + newer + " is current");

        assertThat(sql.runsOf(ns)).isZero();
        assertThat(sql.nextFireAt(planned.id())).isEqualTo(FIRE);
        assertThat(store.recordFires(ns, newer, batch)).hasSize(1);
        assertThat(sql.nextFireAt(planned.id())).isEqualTo(NEXT);
    }

    @Test
    void aNamespaceNobodyLeadsTakesNoFencedWrites() {
        String unled = TaskFixtures.freshNamespace();
        Task planned = create(shell(unled, "backup"));
        clock.set(RECORDED);

        assertThatThrownBy(() -> store.recordFires(unled, 0, List.of(fires(planned, NEXT, queued(FIRE)))))
                .isInstanceOf(FencedOutException.class);
        assertThat(sql.runsOf(unled)).isZero();
    }

    @Test
    void theFenceOfOneNamespaceAdmitsNoTaskOfAnother() {
        String other = TaskFixtures.freshNamespace();
        Task foreign = create(shell(other, "backup"));
        clock.set(RECORDED);

        assertThatThrownBy(() -> store.recordFires(ns, epoch, List.of(fires(foreign, NEXT, queued(FIRE)))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(other);
        assertThat(sql.runsOf(other)).isZero();
        assertThat(sql.nextFireAt(foreign.id())).isEqualTo(FIRE);
    }

    @Test
    void aCronFireIsAWholeSecond() {
        Task planned = create(shell(ns, "backup"));
        clock.set(RECORDED);

        List<TaskFires> batch = List.of(fires(planned, NEXT, queued(FIRE.plusMillis(1))));

        assertThatThrownBy(() -> store.recordFires(ns, epoch, batch))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("whole second");
        assertThat(sql.runsOf(ns)).isZero();
    }

    @Test
    void aNewLeaderWaitsForTheFencedTransactionInFlightThenFencesItsLeaderOff() throws Exception {
        Task planned = create(shell(ns, "backup"));
        clock.set(RECORDED);
        EngineCommitGate gate = new EngineCommitGate(pool);
        SchedulerStore oldLeader = new MysqlSchedulerStore(gate, clock);
        List<TaskFires> batch = List.of(fires(planned, NEXT, queued(FIRE)));

        gate.holdNextCommit();
        CompletableFuture<List<Run>> recording =
                CompletableFuture.supplyAsync(() -> oldLeader.recordFires(ns, epoch, batch));
        gate.awaitHeld();
        // What the new leader sees the moment its epoch is taken: the fenced transaction's fire, committed.
        CompletableFuture<Long> runsWhenTaken = new CompletableFuture<>();
        CompletableFuture<Long> takeover = CompletableFuture.supplyAsync(() -> {
            long taken = epochs.advance(ns, "node-b");
            runsWhenTaken.complete((long) sql.runsOf(ns));
            return taken;
        });
        sql.awaitLockWaitOr(takeover::isDone);
        assertThat(takeover).as("the new leader's epoch bump waits for the fenced transaction").isNotDone();
        gate.release();

        List<Run> recorded = recording.get(30, TimeUnit.SECONDS);
        long newer = takeover.get(30, TimeUnit.SECONDS);
        assertThat(newer).isEqualTo(epoch + 1);
        assertThat(runsWhenTaken.join()).as("fires committed before the epoch was taken").isEqualTo(1);
        assertThat(recorded).hasSize(1);
        assertThat(sql.runsOf(ns)).isEqualTo(1);
        assertThat(sql.nextFireAt(planned.id())).isEqualTo(NEXT);
        Task moved = tasks.get(planned.id()).orElseThrow();
        List<TaskFires> nextBatch = List.of(fires(moved, NEXT.plusSeconds(300), queued(NEXT)));
        assertThatThrownBy(() -> oldLeader.recordFires(ns, epoch, nextBatch))
                .isInstanceOf(FencedOutException.class);
        assertThat(sql.runsOf(ns)).isEqualTo(1);
    }

    @Test
    void passesRacingWithTheSameBatchRecordEachFireOnce() throws Exception {
        for (int round = 0; round < 15; round++) {
            clock.set(CREATED);
            List<Task> planned = List.of(create(shell(ns, "a" + round)), create(shell(ns, "b" + round)),
                    create(shell(ns, "c" + round)));
            clock.set(RECORDED);
            List<TaskFires> batch = planned.stream()
                    .map(task -> fires(task, NEXT, skipped(FIRE.minusSeconds(300), "misfire"), queued(FIRE))).toList();
            List<Callable<List<Run>>> passes = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                passes.add(() -> store.recordFires(ns, epoch, batch));
            }

            List<List<Run>> results = runTogether(passes);

            assertThat(results).allSatisfy(runs -> assertThat(runs).hasSize(6).isEqualTo(results.get(0)));
            assertThat(sql.runsOf(ns)).isEqualTo(6L * (round + 1));
            assertThat(planned).allSatisfy(task -> assertThat(sql.nextFireAt(task.id())).isEqualTo(NEXT));
        }
    }

    @Test
    void ofAnOldAndANewLeaderRacingOnlyTheNewOneRecords() throws Exception {
        for (int round = 0; round < 10; round++) {
            clock.set(CREATED);
            Task planned = create(shell(ns, "task" + round));
            clock.set(RECORDED);
            long old = epochs.current(ns).orElseThrow().value();
            long newer = epochs.advance(ns, "node-" + round);
            List<TaskFires> batch = List.of(fires(planned, NEXT, queued(FIRE)));
            List<Callable<String>> passes = List.of(() -> outcome(() -> store.recordFires(ns, old, batch)),
                    () -> outcome(() -> store.recordFires(ns, newer, batch)));

            assertThat(runTogether(passes)).containsExactly("fenced", "recorded 1");
            assertThat(sql.runsOf(ns)).isEqualTo(round + 1);
        }
    }

    @Test
    void changedTasksComeOldestChangeFirstFromTheGivenMoment() {
        Task first = create(shell(ns, "first"));
        clock.advance(Duration.ofSeconds(1));
        Task second = create(shell(ns, "second"));
        Task third = create(shell(ns, "third"));
        clock.advance(Duration.ofSeconds(1));
        Task disabled = tasks.setEnabled(first.id(), false, "alice");
        create(shell(TaskFixtures.freshNamespace(), "elsewhere"));

        assertThat(store.changedSince(ns, CREATED, 0, 10)).extracting(ScheduleState::taskId)
                .containsExactly(second.id(), third.id(), first.id());
        assertThat(store.changedSince(ns, second.updatedAt(), 0, 2)).extracting(ScheduleState::taskId)
                .containsExactly(second.id(), third.id());
        assertThat(store.changedSince(ns, second.updatedAt(), second.id(), 10)).as("the page after the second")
                .extracting(ScheduleState::taskId).containsExactly(third.id(), first.id());
        assertThat(store.changedSince(ns, disabled.updatedAt(), 0, 10))
                .containsExactly(new ScheduleState(first.id(), false, null, disabled.updatedAt(), 2));
        assertThat(store.changedSince(ns, disabled.updatedAt().plusMillis(1), 0, 10)).isEmpty();
        assertThat(store.changedSince(ns, CREATED, 0, 10).get(0))
                .isEqualTo(new ScheduleState(second.id(), true, FIRE, second.updatedAt(), 1));
    }

    @Test
    void plannedTasksArePagedByIdAndLeaveOutTasksThatDoNotFire() {
        List<Long> ids = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            ids.add(create(shell(ns, "task" + i)).id());
        }
        tasks.setEnabled(ids.get(2), false, "alice");
        create(shell(ns, "past").dialect(CronDialect.QUARTZ).cron("0 0 0 1 1 ? 2020"));
        create(shell(TaskFixtures.freshNamespace(), "elsewhere"));

        List<ScheduleState> page1 = store.planned(ns, 0, 2);
        List<ScheduleState> page2 = store.planned(ns, page1.get(1).taskId(), 2);
        List<ScheduleState> page3 = store.planned(ns, page2.get(1).taskId(), 2);

        assertThat(page1).extracting(ScheduleState::taskId).containsExactly(ids.get(0), ids.get(1));
        assertThat(page2).extracting(ScheduleState::taskId).containsExactly(ids.get(3), ids.get(4));
        assertThat(page3).isEmpty();
        assertThat(page1.get(0)).isEqualTo(new ScheduleState(ids.get(0), true, FIRE, CREATED, 1));
    }

    @Test
    void tasksAreFoundByIdOnceEachAndMissingOnesAreLeftOut() {
        Task backup = create(shell(ns, "backup"));
        Task report = create(shell(ns, "report"));

        Map<Long, Task> found = store.tasks(List.of(backup.id(), report.id(), backup.id(), Long.MAX_VALUE));

        assertThat(found).containsOnly(Map.entry(backup.id(), backup), Map.entry(report.id(), report));
        assertThat(store.tasks(List.of())).isEmpty();
        assertThat(store.tasks(List.of(Long.MAX_VALUE))).isEmpty();
    }

    @Test
    void theGroupsAreThoseOfTheNamespacesTasks() {
        create(shell(ns, "a").group("batch"));
        create(shell(ns, "b").group("batch"));
        create(shell(ns, "c"));
        create(shell(TaskFixtures.freshNamespace(), "d").group("gpu"));

        assertThat(store.groups(ns)).isEqualTo(Set.of("batch", "default"));
        assertThat(store.groups(TaskFixtures.freshNamespace())).isEmpty();
    }

    private static String outcome(Callable<List<Run>> pass) throws Exception {
        try {
            return "recorded " + pass.call().size();
        } catch (FencedOutException e) {
            return "fenced";
        }
    }

    private Task create(Task.Builder task) {
        return tasks.create(task.build(), "alice");
    }

    private static TaskFires fires(Task task, Instant next, Fire... fires) {
        return new TaskFires(task, Arrays.asList(fires), next);
    }

    private static Fire queued(Instant at) {
        return new Fire(at, false, null);
    }

    private static Fire skipped(Instant at, String reason) {
        return new Fire(at, true, reason);
    }

    private static org.assertj.core.groups.Tuple tuple(Object... values) {
        return org.assertj.core.groups.Tuple.tuple(values);
    }
}
