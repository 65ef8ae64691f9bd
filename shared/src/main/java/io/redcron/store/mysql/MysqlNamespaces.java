package io.redcron.store.mysql;

import javax.sql.DataSource;
import java.util.List;

/**
 * The namespaces an installation has: those with tasks, and those a scheduler has led. A namespace
 * needs no creating, so this is only what the database has seen, for choosers and listings.
 */
public final class MysqlNamespaces {
    private static final String KNOWN = "SELECT namespace FROM task UNION SELECT namespace FROM scheduler_epoch "
            + "ORDER BY namespace";

    private final Jdbc jdbc;

    public MysqlNamespaces(DataSource dataSource) {
        this.jdbc = new Jdbc(dataSource);
    }

    public List<String> known() {
        return jdbc.autoCommit("list the namespaces", connection -> Jdbc.list(connection, KNOWN,
                row -> row.getString("namespace")));
    }
}
