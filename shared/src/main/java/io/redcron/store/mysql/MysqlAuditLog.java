package io.redcron.store.mysql;

import io.redcron.port.AuditEntry;
import io.redcron.port.AuditLog;
import io.redcron.port.Page;
import io.redcron.port.PageRequest;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import javax.sql.DataSource;

/**
 * Reads {@code audit_log}, which the MySQL stores write in the transaction of each change, and
 * records the changes made outside one. The database stamps every row with its time and the
 * account it authenticated ({@link AuditWriter}).
 */
public final class MysqlAuditLog implements AuditLog {
    private static final String COLUMNS = "id, at, actor, db_account, action, subject, namespace, before_json,"
            + " after_json";
    private static final String WHERE_NAMESPACE = " FROM audit_log WHERE namespace = ?";
    private static final String WHERE_SUBJECT = WHERE_NAMESPACE + " AND subject = ?";
    private static final String NEWEST_FIRST = " ORDER BY at DESC, id DESC LIMIT ? OFFSET ?";
    // The log only grows: the total is counted over the newest rows only (BoundedCount).
    private static final String COUNT_HEAD = "SELECT COUNT(*) AS seen, COUNT(*) AS matched FROM (SELECT 1";
    private static final String COUNT_TAIL = " ORDER BY at DESC, id DESC LIMIT ?) counted";

    private final Jdbc jdbc;

    public MysqlAuditLog(DataSource dataSource) {
        this.jdbc = new Jdbc(dataSource);
    }

    @Override
    public void record(String namespace, String actor, String action, String subject, String before, String after) {
        String who = AuditWriter.actor(actor);
        jdbc.autoCommit("write the audit log", connection -> {
            AuditWriter.write(connection, who, action, subject, namespace, before, after);
            return null;
        });
    }

    @Override
    public Page<AuditEntry> list(String namespace, String subject, PageRequest page) {
        String from = subject == null ? WHERE_NAMESPACE : WHERE_SUBJECT;
        Object[] counted = subject == null
                ? new Object[] {namespace, BoundedCount.LIMIT}
                : new Object[] {namespace, subject, BoundedCount.LIMIT};
        // One entry more than the page: it tells whether another page follows.
        Object[] paged = subject == null
                ? new Object[] {namespace, page.limit() + 1, page.offset()}
                : new Object[] {namespace, subject, page.limit() + 1, page.offset()};
        return jdbc.autoCommit("read the audit log", connection -> {
            List<AuditEntry> fetched = Jdbc.list(connection, "SELECT " + COLUMNS + from + NEWEST_FIRST, MysqlAuditLog::read,
                    paged);
            return BoundedCount.read(connection, COUNT_HEAD + from + COUNT_TAIL, counted).page(fetched, page);
        });
    }

    private static AuditEntry read(ResultSet row) throws SQLException {
        return new AuditEntry(row.getLong("id"), Jdbc.instant(row, "at"), row.getString("actor"),
                row.getString("db_account"), row.getString("action"), row.getString("subject"), row.getString("namespace"),
                row.getString("before_json"), row.getString("after_json"));
    }
}
