package io.redcron.store.mysql;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;

/** Writes one audit row on the caller's connection, so it commits or rolls back with the change. */
final class AuditWriter {
    private static final String INSERT = "INSERT INTO audit_log (at, actor, action, subject, namespace, before_json,"
            + " after_json) VALUES (?, ?, ?, ?, ?, ?, ?)";
    private static final int MAX_ACTOR = 200;

    private AuditWriter() {
    }

    static void write(Connection connection, Instant at, String actor, String action, String subject,
                      String namespace, String before, String after) throws SQLException {
        Jdbc.update(connection, INSERT, at, actor, action, subject, namespace, before, after);
    }

    /** An audit row without a name behind it is worthless: refuse the change instead. */
    static String actor(String actor) {
        if (actor == null || actor.isBlank()) {
            throw new IllegalArgumentException("actor: every change needs the name of who makes it");
        }
        return Text.truncate(actor.trim(), MAX_ACTOR);
    }
}
