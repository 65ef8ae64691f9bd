package io.redcron.store.mysql;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * Writes one audit row on the caller's connection, so it commits or rolls back with the change.
 * The row goes through the {@code audit_append} procedure (migration 5), the only way in for
 * every user but the migrator: the database stamps it with its own time and the account it
 * authenticated, so a client can name an actor but cannot choose the account or the time.
 */
final class AuditWriter {
    // A plain statement, not a CallableStatement: the connector would first read the procedure's
    // parameters from the catalog, a round trip more for nothing: every parameter is an IN.
    private static final String APPEND = "CALL audit_append(?, ?, ?, ?, ?, ?)";
    private static final int MAX_ACTOR = 200;

    private AuditWriter() {
    }

    static void write(Connection connection, String actor, String action, String subject, String namespace,
                      String before, String after) throws SQLException {
        Jdbc.update(connection, APPEND, actor, action, subject, namespace, before, after);
    }

    /** An audit row without a name behind it is worthless: refuse the change instead. */
    static String actor(String actor) {
        if (actor == null || actor.isBlank()) {
            throw new IllegalArgumentException("actor: every change needs the name of who makes it");
        }
        return Text.truncate(actor.trim(), MAX_ACTOR);
    }
}
