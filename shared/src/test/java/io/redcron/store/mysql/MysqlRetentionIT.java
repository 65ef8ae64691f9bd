package io.redcron.store.mysql;

import io.redcron.testing.MysqlStores;
import org.junit.jupiter.api.extension.RegisterExtension;
import io.redcron.testkit.RetentionContract;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import io.redcron.domain.RetentionPolicy;
import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.port.HistoryCleanup;
import io.redcron.port.RunOutcome;

import static org.assertj.core.api.Assertions.assertThat;

class MysqlRetentionIT extends RetentionContract {
    @RegisterExtension
    static final MysqlStores mysql = MysqlStores.freshDatabase();

    @Override
    protected void openStores(Clock clock) {
        tasks = new MysqlTaskStore(mysql.pool(), clock);
        runs = new MysqlRunStore(mysql.pool(), clock);
        retention = new MysqlRetentionStore(mysql.pool(), clock);
        cleanup = MysqlHistoryCleanup.forOperator(mysql.pool());
        audit = new MysqlAuditLog(mysql.pool());
        workflows = new MysqlWorkflowStore(mysql.pool(), clock);
        workflowRuns = new MysqlWorkflowRuns(mysql.pool());
        epochs = new MysqlFencingEpochs(mysql.pool(), clock, Duration.ofSeconds(5));
    }

    /**
     * A node's account deletes through history_purge, which judges by the stored policies and the
     * database's clock whatever the node asks: here it asks for every run, far in the future.
     */
    @Test
    void aNodeDeletesOnlyWhatTheStoredPolicyLetsGo() {
        MysqlRunStore live = new MysqlRunStore(mysql.pool(), Clock.systemUTC());
        io.redcron.domain.Task keeper = tasks.create(TaskFixtures.shell(ns, "keeper").build(), "alice");
        Instant now = Instant.now();
        long oldSuccess = ended(live, task.id(), now.minus(Duration.ofDays(40)), RunStatus.SUCCEEDED);
        long oldFailure = ended(live, task.id(), now.minus(Duration.ofDays(40)).plusSeconds(1), RunStatus.FAILED);
        long young = ended(live, task.id(), now.minus(Duration.ofDays(10)), RunStatus.SUCCEEDED);
        long pinned = ended(live, task.id(), now.minus(Duration.ofDays(50)), RunStatus.SUCCEEDED);
        long keptByTask = ended(live, keeper.id(), now.minus(Duration.ofDays(40)), RunStatus.SUCCEEDED);
        long hour = ended(live, task.id(), now.minus(Duration.ofHours(1)), RunStatus.SUCCEEDED);
        retention.pin(pinned, null, "alice");
        retention.changeTask(ns, keeper.id(), new RetentionPolicy(60, null, null, null, null), "alice");
        List<Long> all = List.of(oldSuccess, oldFailure, young, pinned, keptByTask, hour);
        HistoryCleanup node = MysqlHistoryCleanup.forNode(mysql.pool());

        assertThat(node.delete(ns, all, Instant.parse("2100-01-01T00:00:00Z"))).as("the defaults: 30 days").isOne();
        assertThat(live.get(oldSuccess)).isEmpty();

        retention.changeNamespace(ns, new RetentionPolicy(1, 5, null, null, null), "alice");
        assertThat(node.delete(ns, all, Instant.parse("2100-01-01T00:00:00Z"))).isEqualTo(2);
        assertThat(live.getAll(all).keySet()).containsExactlyInAnyOrder(pinned, keptByTask, hour);

        retention.changeTask(ns, keeper.id(), new RetentionPolicy(0, null, null, null, null), "alice");
        retention.changeNamespace(ns, new RetentionPolicy(1, 1, null, null, null), "alice");
        assertThat(node.delete(ns, all, Instant.parse("2100-01-01T00:00:00Z"))).as("0 keeps forever").isZero();
    }

    private static long ended(MysqlRunStore store, long taskId, Instant at, RunStatus status) {
        Run run = store.insertManual(taskId, at, 1, Map.of());
        store.claim(run.id(), "node-1", at, at.plusSeconds(60));
        store.complete(run.id(), 1, RunStatus.RUNNING, new RunOutcome(status, at.plusSeconds(5), 0, "out", null));
        return run.id();
    }

    /** The database stamps audit rows itself, so old ones can only be written around the store. */
    @Test
    void auditRowsOlderThanAskedGoOldestFirstInBatches() throws SQLException {
        try (Connection connection = mysql.pool().getConnection();
             PreparedStatement insert = connection.prepareStatement("INSERT INTO audit_log (at, actor, action,"
                     + " subject, namespace) VALUES (UTC_TIMESTAMP(3) - INTERVAL ? DAY, 'alice', 'task.update', 'task:1', ?)")) {
            for (int days : new int[]{400, 500, 600, 45}) {
                insert.setInt(1, days);
                insert.setString(2, ns);
                insert.executeUpdate();
            }
        }
        Instant yearAgo = Instant.now().minus(java.time.Duration.ofDays(365));

        assertThat(cleanup.purgeAudit(ns, yearAgo, 2)).isEqualTo(2);
        assertThat(cleanup.purgeAudit(ns, yearAgo, 2)).isEqualTo(1);
        assertThat(cleanup.purgeAudit(ns, yearAgo, 2)).isZero();
        assertThat(cleanup.purgeAudit(ns, Instant.now(), 10)).as("45 days old, past the 30-day floor").isEqualTo(1);
    }
}
