package io.redcron.store.mysql;

import io.redcron.port.NodeDrains;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import javax.sql.DataSource;

/** Drain requests in {@code node_drain} (migration 12), each change with its audit row. */
public final class MysqlNodeDrains implements NodeDrains {
    private static final int MAX_NODE_ID = 200;
    private static final String COLUMNS = "SELECT namespace, node_id, requested_at, requested_by, drained_at"
            + " FROM node_drain";
    private static final String REQUEST = "INSERT IGNORE INTO node_drain (namespace, node_id, requested_at,"
            + " requested_by) VALUES (?, ?, ?, ?)";
    private static final String WITHDRAW = "DELETE FROM node_drain WHERE namespace = ? AND node_id = ?";
    private static final String ONE = COLUMNS + " WHERE namespace = ? AND node_id = ?";
    private static final String ALL = COLUMNS + " WHERE namespace = ? ORDER BY node_id";
    private static final String DRAINED = "UPDATE node_drain SET drained_at = ? WHERE namespace = ? AND node_id = ?"
            + " AND drained_at IS NULL";

    private final Jdbc jdbc;
    private final Clock clock;

    public MysqlNodeDrains(DataSource dataSource, Clock clock) {
        this.jdbc = new Jdbc(dataSource);
        this.clock = clock;
    }

    @Override
    public boolean request(String namespace, String nodeId, String actor) {
        String who = AuditWriter.actor(actor);
        String node = nodeId(nodeId);
        return jdbc.transaction("ask node '" + node + "' to drain", connection -> {
            if (Jdbc.insertSkippingDuplicates(connection, REQUEST, namespace, node, Jdbc.millis(clock.instant()),
                    who) == 0) {
                return false;
            }
            AuditWriter.write(connection, who, "node.drain", "node:" + node, namespace, null, null);
            return true;
        });
    }

    @Override
    public boolean withdraw(String namespace, String nodeId, String actor) {
        String who = AuditWriter.actor(actor);
        String node = nodeId(nodeId);
        return jdbc.transaction("let node '" + node + "' take runs again", connection -> {
            if (Jdbc.update(connection, WITHDRAW, namespace, node) == 0) {
                return false;
            }
            AuditWriter.write(connection, who, "node.undrain", "node:" + node, namespace, null, null);
            return true;
        });
    }

    @Override
    public Optional<Drain> of(String namespace, String nodeId) {
        return jdbc.autoCommit("read the drain of node '" + nodeId + "'",
                connection -> Jdbc.one(connection, ONE, MysqlNodeDrains::drain, namespace, nodeId));
    }

    @Override
    public List<Drain> list(String namespace) {
        return jdbc.autoCommit("read the drained nodes of namespace '" + namespace + "'",
                connection -> Jdbc.list(connection, ALL, MysqlNodeDrains::drain, namespace));
    }

    @Override
    public void drained(String namespace, String nodeId, Instant at) {
        jdbc.autoCommitRepeatable("record node '" + nodeId + "' drained",
                connection -> Jdbc.update(connection, DRAINED, Jdbc.millis(at), namespace, nodeId));
    }

    private static Drain drain(ResultSet row) throws SQLException {
        return new Drain(row.getString("namespace"), row.getString("node_id"), Jdbc.instant(row, "requested_at"),
                row.getString("requested_by"), Jdbc.instant(row, "drained_at"));
    }

    static String nodeId(String nodeId) {
        if (nodeId == null || nodeId.isBlank() || nodeId.length() > MAX_NODE_ID) {
            throw new IllegalArgumentException("node: a node id of 1-" + MAX_NODE_ID + " characters, got '"
                    + nodeId + "'");
        }
        return nodeId;
    }
}
