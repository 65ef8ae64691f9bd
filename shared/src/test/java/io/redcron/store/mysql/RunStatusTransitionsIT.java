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
import io.redcron.testing.MysqlStores;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.function.Consumer;

/**
 * Every store operation that changes a run's status, tried on a run in every status, attempted
 * and not: each change it makes must be one the table of {@link RunStatus} allows, and a run that
 * has been attempted is never skipped. Each operation is called as its real caller calls it, with
 * the attempt, node and status the row holds, so that every guard it has is what stops it.
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

    /** One operation as its caller runs it on a row: id, attempt, status, node. */
    private record Operation(String name, Consumer<Run> apply) {
    }

    private static List<Operation> operations() {
        RunStore runs = new MysqlRunStore(pool, CLOCK);
        MysqlRecoveryStore recovery = new MysqlRecoveryStore(pool);
        List<Operation> operations = new ArrayList<>();
        operations.add(new Operation("claim", run -> runs.claim(run.id(), "node-b", NOW, NOW.plus(LEASE))));
        operations.add(new Operation("claim under the task's rules", run -> runs.claim(run.id(), "node-b", NOW,
                NOW.plus(LEASE), Duration.ZERO, NOW)));
        operations.add(new Operation("claimAll", run -> runs.claimAll(List.of(run.id()), "node-b", NOW,
                NOW.plus(LEASE), Duration.ZERO)));
        for (RunStatus outcome : RunStatus.values()) {
            operations.add(new Operation("complete as " + outcome, run -> ignoreRefusal(() -> runs.complete(run.id(),
                    run.attempt(), run.status(), new RunOutcome(outcome, NOW, 0, "", "done", NOW.plusSeconds(10))))));
            operations.add(new Operation("completeAll as " + outcome, run -> ignoreRefusal(() -> runs.completeAll(List.of(
                    new RunStore.Completion(run.id(), run.attempt(), run.status(),
                            new RunOutcome(outcome, NOW, 0, "", "done", NOW.plusSeconds(10)), NOW))))));
            operations.add(new Operation("changeIdle to " + outcome, run -> ignoreRefusal(() -> runs.changeIdle(run.id(),
                    run.status(), outcome, "changed", NOW))));
        }
        operations.add(new Operation("handBack", run -> runs.handBack(run.id(), run.attempt(), "node-a", NOW,
                "draining")));
        operations.add(new Operation("requestCancel", run -> runs.requestCancel(run.id(), NOW, "not today")));
        operations.add(new Operation("recoverLost", run -> recovery.recoverLost(run.id(), run.attempt(),
                NOW.plus(LEASE).plusSeconds(1), 3, "lost")));
        operations.add(new Operation("recoverLost, too many", run -> recovery.recoverLost(run.id(), run.attempt(),
                NOW.plus(LEASE).plusSeconds(1), 0, "lost")));
        return operations;
    }

    @Test
    void everyStatusChangeOfEveryOperationIsOneTheTableAllows() {
        MysqlTaskStore tasks = new MysqlTaskStore(pool, CLOCK);
        int changed = 0;
        for (Operation operation : operations()) {
            for (RunStatus status : RunStatus.values()) {
                for (int attempt : new int[] {0, 1}) {
                    for (boolean cancelRequested : new boolean[] {false, true}) {
                        String ns = TaskFixtures.freshNamespace();
                        Task task = tasks.create(shell(ns, "t").retry(RetryPolicy.retries(2))
                                .concurrencyPolicy(ConcurrencyPolicy.FORBID).misfirePolicy(MisfirePolicy.SKIP)
                                .build(), "alice");
                        Run run = seed(task, status, attempt, cancelRequested);
                        operation.apply().accept(run);
                        RunStatus after = status(run.id());
                        String what = operation.name() + " on a " + status + " run, attempt " + attempt
                                + (cancelRequested ? ", cancel requested" : "");
                        if (after != status) {
                            changed++;
                            CHANGES.add(what + " -> " + after);
                            assertThat(status.canBecome(after)).as(what + " -> " + after).isTrue();
                            assertThat(EnumSet.allOf(RunTransition.class)).as(what + " -> " + after)
                                    .anyMatch(transition -> transition.allows(status, after));
                            if (after == RunStatus.SKIPPED) {
                                assertThat(attempt).as(what + ": a run attempted is never skipped").isZero();
                            }
                        }
                    }
                }
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
    void everyNamedTransitionIsAllowedByTheTable() {
        for (RunTransition transition : RunTransition.values()) {
            for (RunStatus from : transition.from()) {
                for (RunStatus to : transition.to()) {
                    assertThat(from.canBecome(to)).as(transition + ": " + from + " -> " + to).isTrue();
                }
            }
        }
        assertThat(RunTransition.SKIP.from()).containsExactly(RunStatus.QUEUED);
        assertThat(RunStatus.RETRYING.canBecome(RunStatus.SKIPPED)).isFalse();
    }

    /** A run of the task in {@code status}, as the engine leaves one: due, its lease expired if running. */
    private static Run seed(Task task, RunStatus status, int attempt, boolean cancelRequested) {
        Instant fire = NOW.minusSeconds(5);
        CLOCK.set(fire.minusSeconds(1));
        Run run = new MysqlRunStore(pool, CLOCK).insertOrGetCronFire(task.id(), fire, 3);
        CLOCK.set(NOW);
        sql.update("UPDATE task_run SET status = ?, attempt = ?, node = ?, lease_until = ?, due_at = ?,"
                        + " cancel_requested = ?, finished_at = ? WHERE id = ?", status.name(), attempt,
                attempt > 0 ? "node-a" : null, status == RunStatus.RUNNING ? NOW.plusSeconds(1) : null,
                NOW.minusSeconds(1), cancelRequested, status.isFinal() ? NOW : null, run.id());
        return new MysqlRunStore(pool, CLOCK).get(run.id()).orElseThrow();
    }

    private static RunStatus status(long runId) {
        return new MysqlRunStore(pool, CLOCK).get(runId).orElseThrow().status();
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
