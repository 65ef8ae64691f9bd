package io.redcron.store.mysql;

import io.redcron.port.AlertOutbox;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import javax.sql.DataSource;

/**
 * The alert outbox in {@code alert_outbox}. A claim is one conditional UPDATE per row: it only
 * matches a row that is still due and unclaimed (or whose claim expired), so of two nodes
 * claiming at once exactly one changes it. It counts the attempt too, and (claimer, attempts)
 * fences everything the claimer writes afterwards: once another node claimed the row again,
 * the first one's writes match nothing.
 */
public final class MysqlAlertOutbox implements AlertOutbox {
    private static final int MAX_ERROR = 2000;
    private static final String COLUMNS = "id, namespace, dedupe_key, kind, task_id, run_id, payload, created_at,"
            + " attempts, settled_targets, claimed_by, claimed_until";
    private static final String ADD = "INSERT IGNORE INTO alert_outbox (namespace, dedupe_key, kind, task_id, run_id,"
            + " payload, created_at, next_attempt_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)";
    private static final String UNFINISHED = " delivered_at IS NULL AND given_up_at IS NULL";
    private static final String CLAIMABLE = UNFINISHED + " AND next_attempt_at <= ?"
            + " AND (claimed_until IS NULL OR claimed_until <= ?)";
    private static final String DUE = "SELECT id FROM alert_outbox WHERE namespace = ? AND" + CLAIMABLE
            + " ORDER BY next_attempt_at, id LIMIT ?";
    private static final String CLAIM = "UPDATE alert_outbox SET claimed_by = ?, claimed_until = ?,"
            + " attempts = attempts + 1 WHERE id = ? AND" + CLAIMABLE;
    private static final String READ = "SELECT " + COLUMNS + " FROM alert_outbox WHERE id = ?";
    private static final String FENCE = " WHERE id = ? AND claimed_by = ? AND attempts = ? AND" + UNFINISHED;
    private static final String DELIVERED = "UPDATE alert_outbox SET delivered_at = ?, claimed_until = NULL,"
            + " last_error = ?" + FENCE;
    private static final String RETRY = "UPDATE alert_outbox SET next_attempt_at = ?, claimed_until = NULL,"
            + " settled_targets = ?, last_error = ?" + FENCE;
    private static final String GIVE_UP = "UPDATE alert_outbox SET given_up_at = ?, claimed_until = NULL,"
            + " last_error = ?" + FENCE;
    private static final String PURGE_DELIVERED = "DELETE FROM alert_outbox WHERE namespace = ? AND delivered_at < ?"
            + " ORDER BY delivered_at LIMIT ?";
    private static final String PURGE_GIVEN_UP = "DELETE FROM alert_outbox WHERE namespace = ?"
            + " AND delivered_at IS NULL AND given_up_at < ? LIMIT ?";
    /** Rows another node wins are skipped, so a claim looks at a few more rows than it wants. */
    private static final int CANDIDATES_PER_CLAIM = 4;

    private final Jdbc jdbc;

    public MysqlAlertOutbox(DataSource dataSource) {
        this.jdbc = new Jdbc(dataSource);
    }

    @Override
    public boolean add(String namespace, NewAlert alert) {
        Instant created = Jdbc.millis(alert.createdAt());
        return jdbc.autoCommitRepeatable("add a " + alert.kind() + " alert to the outbox of namespace '" + namespace + "'",
                connection -> Jdbc.insertSkippingDuplicates(connection, ADD, namespace, alert.dedupeKey(), alert.kind(),
                        alert.taskId(), alert.runId(), Text.sanitize(alert.payload()), created, created) == 1);
    }

    @Override
    public List<ClaimedAlert> claimDue(String namespace, String node, Instant now, Duration lease, int limit) {
        Instant at = Jdbc.millis(now);
        Instant until = Jdbc.millis(now.plus(lease));
        // Not repeated after a failed statement: the rows claimed before it are claimed now, so a
        // repeat would not return them either. They are delivered once their lease runs out.
        return jdbc.autoCommit("claim due alerts of namespace '" + namespace + "'", connection -> {
            List<Long> due = Jdbc.list(connection, DUE, row -> row.getLong(1), namespace, at, at,
                    limit * CANDIDATES_PER_CLAIM);
            List<ClaimedAlert> claimed = new ArrayList<>();
            for (long id : due) {
                if (claimed.size() == limit) {
                    break;
                }
                if (Jdbc.update(connection, CLAIM, node, until, id, at, at) == 1) {
                    read(connection, id).ifPresent(claimed::add);
                }
            }
            return claimed;
        });
    }

    @Override
    public boolean markDelivered(ClaimedAlert claim, Instant at, String note) {
        return fenced(claim, "mark alert " + claim.id() + " delivered", DELIVERED, Jdbc.millis(at), error(note));
    }

    @Override
    public boolean retryLater(ClaimedAlert claim, Set<String> settledTargets, String error, Instant nextAttemptAt) {
        String settled = settledTargets.isEmpty() ? null : Json.write(new TreeSet<>(settledTargets));
        return fenced(claim, "postpone alert " + claim.id(), RETRY, Jdbc.millis(nextAttemptAt), settled, error(error));
    }

    @Override
    public boolean giveUp(ClaimedAlert claim, String error, Instant at) {
        return fenced(claim, "give up alert " + claim.id(), GIVE_UP, Jdbc.millis(at), error(error));
    }

    @Override
    public int purgeFinished(String namespace, Instant before, int limit) {
        Instant cutoff = Jdbc.millis(before);
        return jdbc.autoCommitRepeatable("purge finished alerts of namespace '" + namespace + "'", connection -> {
            int deleted = Jdbc.update(connection, PURGE_DELIVERED, namespace, cutoff, limit);
            if (deleted < limit) {
                deleted += Jdbc.update(connection, PURGE_GIVEN_UP, namespace, cutoff, limit - deleted);
            }
            return deleted;
        });
    }

    private boolean fenced(ClaimedAlert claim, String what, String sql, Object... values) {
        Object[] all = new Object[values.length + 3];
        System.arraycopy(values, 0, all, 0, values.length);
        all[values.length] = claim.id();
        all[values.length + 1] = claim.claimedBy();
        all[values.length + 2] = claim.attempt();
        return jdbc.autoCommitRepeatable(what, connection -> Jdbc.update(connection, sql, all) == 1);
    }

    private static Optional<ClaimedAlert> read(Connection connection, long id) throws SQLException {
        return Jdbc.one(connection, READ, MysqlAlertOutbox::claimed, id);
    }

    private static ClaimedAlert claimed(ResultSet row) throws SQLException {
        long taskId = row.getLong("task_id");
        Long task = row.wasNull() ? null : taskId;
        long runId = row.getLong("run_id");
        Long run = row.wasNull() ? null : runId;
        Set<String> settled = new HashSet<>(Json.stringList(row.getString("settled_targets")));
        return new ClaimedAlert(row.getLong("id"), row.getString("namespace"), row.getString("dedupe_key"),
                row.getString("kind"), task, run, row.getString("payload"), Jdbc.instant(row, "created_at"),
                row.getInt("attempts"), settled, row.getString("claimed_by"), Jdbc.instant(row, "claimed_until"));
    }

    private static String error(String text) {
        return Text.truncate(Text.sanitize(text), MAX_ERROR);
    }
}
