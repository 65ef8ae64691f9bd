package io.redcron.store.mysql;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How MariaDB runs one statement, from {@code ANALYZE FORMAT=JSON} (a read, executed for real,
 * so the rows it reports were really read) or {@code EXPLAIN FORMAT=JSON} (a write, estimated
 * only, never executed). Each table the statement reads is one {@link Access}.
 */
record QueryPlan(String sql, boolean measured, List<Access> accesses, String json) {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** {@code FROM task_run r}, {@code JOIN task t}, {@code FROM audit_log WHERE}: a table and its alias, if any. */
    private static final Pattern TABLE = Pattern.compile(
            "\\b(?:FROM|JOIN|UPDATE|INTO)\\s+(\\w+)(?:\\s+(?:AS\\s+)?(\\w+))?", Pattern.CASE_INSENSITIVE);
    private static final Set<String> NOT_ALIASES = Set.of("WHERE", "ON", "JOIN", "LEFT", "INNER", "ORDER", "GROUP",
            "LIMIT", "SET", "SELECT", "VALUES", "FOR", "UNION");

    /**
     * One read of a table (by its name, not its alias; a derived table's name starts with
     * {@code <}): how ({@code ALL} is a scan of the table, {@code index} of a whole index), through
     * which index, and how many rows in all (every loop of it; estimated for a write).
     */
    record Access(String table, String type, String key, double rows) {
        boolean scansAll() {
            return type.equals("ALL") || type.equals("index");
        }

        @Override
        public String toString() {
            return table + " " + type + (key == null ? "" : " via " + key) + ", " + Math.round(rows) + " rows";
        }
    }

    /** Explains {@code executed}; a stored procedure call has no plan ({@code null}). */
    static QueryPlan of(Connection connection, StatementRecorder.Executed executed) throws SQLException {
        String sql = executed.sql().strip();
        // A union of parenthesised SELECTs is a read too: measure it rather than trust the estimate.
        String first = sql.replaceFirst("^\\(+", "");
        String verb = first.substring(0, first.indexOf(' ')).toUpperCase(Locale.ROOT);
        if (verb.equals("CALL")) {
            return null;
        }
        boolean read = verb.equals("SELECT");
        String explain = (read ? "ANALYZE FORMAT=JSON " : "EXPLAIN FORMAT=JSON ") + sql;
        try (PreparedStatement statement = Jdbc.prepare(connection, explain, executed.values().toArray());
             ResultSet row = statement.executeQuery()) {
            row.next();
            String json = row.getString(1);
            List<Access> accesses = new ArrayList<>();
            collect(readTree(json), read, tablesByAlias(sql), accesses);
            return new QueryPlan(sql, read, accesses, json);
        }
    }

    /** The most rows any one table access reads. */
    double mostRowsRead() {
        return accesses.stream().mapToDouble(Access::rows).max().orElse(0);
    }

    private static JsonNode readTree(String json) {
        try {
            return JSON.readTree(json);
        } catch (java.io.IOException e) {
            throw new IllegalStateException("not a plan: " + json, e);
        }
    }

    private static Map<String, String> tablesByAlias(String sql) {
        Map<String, String> tables = new HashMap<>();
        Matcher matcher = TABLE.matcher(sql);
        while (matcher.find()) {
            String table = matcher.group(1);
            tables.put(table, table);
            String alias = matcher.group(2);
            if (alias != null && !NOT_ALIASES.contains(alias.toUpperCase(Locale.ROOT))) {
                tables.put(alias, table);
            }
        }
        return tables;
    }

    private static void collect(JsonNode node, boolean measured, Map<String, String> tables, List<Access> accesses) {
        if (node.isObject()) {
            if (node.has("table_name") && node.has("access_type")) {
                double rows = measured
                        ? node.path("r_loops").asDouble(0) * node.path("r_rows").asDouble(0)
                        : node.path("rows").asDouble(0);
                String name = node.get("table_name").asText();
                accesses.add(new Access(tables.getOrDefault(name, name), node.get("access_type").asText(),
                        node.has("key") ? node.get("key").asText() : null, rows));
            }
            node.fields().forEachRemaining(field -> collect(field.getValue(), measured, tables, accesses));
        } else if (node.isArray()) {
            node.forEach(element -> collect(element, measured, tables, accesses));
        }
    }
}
