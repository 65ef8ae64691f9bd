package io.redcron.store.mysql;

import static io.redcron.store.mysql.TaskFixtures.shell;
import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariDataSource;
import io.redcron.domain.ConcurrencyPolicy;
import io.redcron.domain.MisfirePolicy;
import io.redcron.domain.RetryPolicy;
import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.RunTransition;
import io.redcron.domain.Task;
import io.redcron.port.RunOutcome;
import io.redcron.port.RunStore;
import io.redcron.port.SchedulerStore;
import io.redcron.testing.MysqlStores;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Every store operation that changes a run's status, tried on a run in every status, attempted
 * and not: each change it makes must be one of the named transitions the operation stands for,
 * and so one the table of {@link RunStatus} allows, and a run that has been attempted is never
 * skipped. Every named transition is enumerated, and each of its source statuses must really be
 * left by some operation. Each operation is called as its real caller calls it, with the attempt,
 * node and status the row holds, so that every guard it has is what stops it.
 */
class RunStatusTransitionsIT {
    private static final Instant NOW = Instant.parse("2030-06-01T12:00:00Z");
    private static final Duration LEASE = Duration.ofSeconds(30);

    @RegisterExtension
    static final MysqlStores mysql = MysqlStores.freshDatabase();
    private static final HikariDataSource pool = mysql.pool();
    private static EngineSql sql;
    private static final MutableClock CLOCK = new MutableClock(NOW);
    private static final List<String> CHANGES = new ArrayList<>();

    @BeforeAll
    static void openDatabase() {
        sql = new EngineSql(pool);
    }

    /** One operation as its caller runs it on a row (id, attempt, status, node), and the transitions it stands for. */
    private record Operation(String name, Set<RunTransition> makes, Consumer<Run> apply) {
        Operation(String name, RunTransition first, Consumer<Run> apply, RunTransition... more) {
            this(name, EnumSet.of(first, more), apply);
        }
    }

    private static List<Operation> operations() {
        RunStore runs = new MysqlRunStore(pool, CLOCK);
        MysqlRecoveryStore recovery = new MysqlRecoveryStore(pool);
        List<Operation> operations = new ArrayList<>();
        operations.add(new Operation("claim", RunTransition.CLAIM,
                run -> runs.claim(run.id(), "node-b", NOW, NOW.plus(LEASE))));
        // The task forbids overlaps and skips misfires: with no threshold, a run never attempted is a misfire.
        operations.add(new Operation("begin under the task's rules", RunTransition.DROP_HELD, run -> runs.beginAll(
                "node-a", List.of(RunStore.StartMark.of(run, NOW.plus(LEASE))), NOW, Duration.ZERO,
                NOW), RunTransition.RELEASE_UNSTARTED));
        operations.add(new Operation("claimAll", RunTransition.CLAIM, run -> runs.claimAll(List.of(run.id()), "node-b",
                NOW, NOW.plus(LEASE), Duration.ZERO), RunTransition.CANCEL_WAITING));
        for (RunStatus outcome : RunStatus.values()) {
            operations.add(new Operation("complete as " + outcome, RunTransition.RECORD_OUTCOME,
                    run -> ignoreRefusal(() -> runs.complete(run.id(), run.attempt(), run.status(),
                            outcome(outcome))), RunTransition.RETRY));
            operations.add(new Operation("completeAll as " + outcome, RunTransition.RECORD_OUTCOME,
                    run -> ignoreRefusal(() -> runs.completeAll(List.of(new RunStore.Completion(run.id(), run.attempt(),
                            run.status(), outcome(outcome), NOW)))), RunTransition.RETRY));
            operations.add(new Operation("changeIdle to " + outcome, RunTransition.FAIL_WAITING,
                    run -> ignoreRefusal(() -> runs.changeIdle(run.id(), run.status(), outcome, "changed", NOW)),
                    RunTransition.CANCEL_WAITING, RunTransition.SKIP));
        }
        operations.add(new Operation("handBack", RunTransition.HAND_BACK, run -> runs.handBack(run.id(), run.attempt(),
                run.claim(), "node-a", NOW, "draining"), RunTransition.RELEASE_UNSTARTED));
        operations.add(new Operation("requestCancel", RunTransition.CANCEL_WAITING,
                run -> runs.requestCancel(run.id(), NOW, "not today"), RunTransition.SETTLE_SHARDS));
        MysqlShardedRuns sharded = new MysqlShardedRuns(pool);
        MysqlFencingEpochs epochs = new MysqlFencingEpochs(pool, CLOCK);
        // The leader's coordinator: a split changes no status of the parent (its shards are new runs).
        operations.add(new Operation("split", RunTransition.SETTLE_SHARDS, run -> sharded.split(run.namespace(),
                epochs.advance(run.namespace(), "node-a"), run.id(), 2, NOW)));
        operations.add(new Operation("settle", RunTransition.SETTLE_SHARDS, run -> sharded.settle(run.namespace(),
                epochs.advance(run.namespace(), "node-a"), run.id(), NOW)));
        operations.add(new Operation("recoverLost", RunTransition.REQUEUE_LOST, run -> recovery.recoverLost(run.id(),
                run.attempt(), NOW.plus(LEASE).plusSeconds(1), 3, "lost"), RunTransition.CANCEL_LOST,
                RunTransition.RELEASE_UNSTARTED));
        operations.add(new Operation("recoverLost, too many", RunTransition.FAIL_LOST, run -> recovery.recoverLost(
                run.id(), run.attempt(), NOW.plus(LEASE).plusSeconds(1), 0, "lost"), RunTransition.CANCEL_LOST,
                RunTransition.RELEASE_UNSTARTED));
        return operations;
    }

    @Test
    void everyStatusChangeOfEveryOperationIsOneOfItsNamedTransitions() {
        MysqlTaskStore tasks = new MysqlTaskStore(pool, CLOCK);
        int changed = 0;
        Map<RunTransition, Set<RunStatus>> left = new EnumMap<>(RunTransition.class);
        for (Operation operation : operations()) {
            for (RunStatus status : RunStatus.values()) {
                for (int attempt : new int[] {0, 1}) {
                    for (boolean cancelRequested : new boolean[] {false, true}) {
                        // A run in flight was claimed as an attempt, or claimed ahead of its time and held.
                        for (boolean began : status == RunStatus.RUNNING && attempt > 0 ? new boolean[] {true, false}
                                : new boolean[] {true}) {
                            String ns = TaskFixtures.freshNamespace();
                            Task task = tasks.create(shell(ns, "t").retry(RetryPolicy.retries(2))
                                    .concurrencyPolicy(ConcurrencyPolicy.FORBID).misfirePolicy(MisfirePolicy.SKIP)
                                    .build(), "alice");
                            Run run = seed(task, status, attempt, cancelRequested, began);
                            operation.apply().accept(run);
                            RunStatus after = status(run.id());
                            String what = operation.name() + " on a " + status + " run, attempt " + attempt
                                    + (cancelRequested ? ", cancel requested" : "") + (began ? "" : ", not begun");
                            if (after != status) {
                                changed++;
                                CHANGES.add(what + " -> " + after);
                                assertThat(status.canBecome(after)).as(what + " -> " + after).isTrue();
                                List<RunTransition> named = operation.makes().stream()
                                        .filter(transition -> transition.allows(status, after)).toList();
                                assertThat(named).as(what + " -> " + after + ": one of " + operation.makes())
                                        .isNotEmpty();
                                named.forEach(transition -> left.computeIfAbsent(transition,
                                        t -> EnumSet.noneOf(RunStatus.class)).add(status));
                                if (after == RunStatus.SKIPPED) {
                                    // A claim that never began took no attempt.
                                    int attempted = began ? attempt : attempt - 1;
                                    assertThat(attempted).as(what + ": a run attempted is never skipped").isZero();
                                }
                            }
                        }
                    }
                }
            }
        }
        // Every named transition, from every status it names, was made by an operation that stands for it.
        for (RunTransition transition : RunTransition.values()) {
            if (transition != RunTransition.RECORD_NEW) {
                assertThat(left.getOrDefault(transition, Set.of())).as(transition + " left from; changes: " + CHANGES)
                        .containsExactlyInAnyOrderElementsOf(transition.from());
            }
        }
        // The operations really were tried where they apply (a guard too strict would pass above).
        assertThat(changed).as("status changes made: " + CHANGES).isGreaterThan(40);
        assertThat(CHANGES).anyMatch(change -> change.endsWith("-> SKIPPED"))
                .anyMatch(change -> change.startsWith("recoverLost on a RUNNING") && change.endsWith("-> QUEUED"))
                .anyMatch(change -> change.startsWith("handBack on a RUNNING") && change.endsWith("-> QUEUED"))
                .anyMatch(change -> change.startsWith("claim on a RETRYING") && change.endsWith("-> RUNNING"));
    }

    @Test
    void everyNewRunIsRecordedInAStatusOfRecordNew() {
        MysqlTaskStore tasks = new MysqlTaskStore(pool, CLOCK);
        String ns = TaskFixtures.freshNamespace();
        Task task = tasks.create(shell(ns, "t").build(), "alice");
        MysqlRunStore runs = new MysqlRunStore(pool, CLOCK);
        MysqlSchedulerStore scheduler = new MysqlSchedulerStore(pool, CLOCK);
        long epoch = new MysqlFencingEpochs(pool, CLOCK).advance(ns, "node-a");
        Task planned = tasks.get(task.id()).orElseThrow();

        List<Run> recorded = new ArrayList<>();
        recorded.add(runs.insertOrGetCronFire(task.id(), NOW.minusSeconds(60), 3));
        recorded.add(runs.insertManual(task.id(), NOW, 3, Map.of()));
        recorded.addAll(scheduler.recordFires(ns, epoch, List.of(new SchedulerStore.TaskFires(planned, List.of(
                new SchedulerStore.Fire(NOW.minusSeconds(120), true, "misfire: skipped (policy skip)"),
                new SchedulerStore.Fire(NOW.minusSeconds(30), false, null)), NOW.plusSeconds(60)))));

        Task shardedTask = tasks.create(shell(ns, "sharded").sharding(io.redcron.domain.Sharding.fixed(2)).build(), "alice");
        Run parent = runs.insertManual(shardedTask.id(), NOW, 3, Map.of());
        recorded.add(parent);
        recorded.addAll(new MysqlShardedRuns(pool).split(ns, epoch, parent.id(), 2, NOW.plusSeconds(1)).shards());

        assertThat(recorded).extracting(Run::status).allMatch(RunTransition.RECORD_NEW.to()::contains)
                .containsAll(RunTransition.RECORD_NEW.to());
    }

    /** A run of the task in {@code status}, as the engine leaves one: due, its lease expired if running. */
    private static Run seed(Task task, RunStatus status, int attempt, boolean cancelRequested, boolean began) {
        Instant fire = NOW.minusSeconds(5);
        CLOCK.set(fire.minusSeconds(1));
        Run run = new MysqlRunStore(pool, CLOCK).insertOrGetCronFire(task.id(), fire, 3);
        CLOCK.set(NOW);
        sql.update("UPDATE task_run SET status = ?, attempt = ?, node = ?, lease_until = ?, due_at = ?,"
                        + " cancel_requested = ?, finished_at = ?, attempt_began = ? WHERE id = ?", status.name(), attempt,
                attempt > 0 ? "node-a" : null, status == RunStatus.RUNNING ? NOW.plusSeconds(1) : null,
                NOW.minusSeconds(1), cancelRequested, status.isFinal() ? NOW : null, began, run.id());
        return new MysqlRunStore(pool, CLOCK).get(run.id()).orElseThrow();
    }

    private static RunStatus status(long runId) {
        return new MysqlRunStore(pool, CLOCK).get(runId).orElseThrow().status();
    }

    private static RunOutcome outcome(RunStatus status) {
        return new RunOutcome(status, NOW, 0, "", "done", status == RunStatus.RETRYING ? NOW.plusSeconds(10) : null);
    }

    /** A call the store refuses before touching anything (an outcome from a non-running status). */
    private static void ignoreRefusal(Runnable call) {
        try {
            call.run();
        } catch (IllegalStateException | IllegalArgumentException refused) {
            // Refused without a change: the status is compared all the same.
        }
    }
}
