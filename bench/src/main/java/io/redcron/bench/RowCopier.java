package io.redcron.bench;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * Multiplies rows a scheduler wrote itself, so that every column is as the scheduler's own code
 * wrote it: copies of the row named {@code prefix}, with a suffix on the name. On MariaDB the
 * copies come from its sequence engine, {@link #CHUNK} rows per {@code INSERT … SELECT}, which
 * writes a million tasks in seconds; elsewhere (MySQL) the family is copied onto itself, doubling
 * each round.
 */
final class RowCopier {
    /** Rows per statement: one transaction each, small enough for the undo log of a default server. */
    static final int CHUNK = 50_000;
    /** Zero-padded, so copies sort in the order they are written and every index grows at its end. */
    private static final int SUFFIX_DIGITS = 9;

    private RowCopier() {
    }

    /**
     * Grows the family in each of {@code tables} (kept in step: the same names in each) to
     * {@code count} rows. Table and column names come from the schedulers' own schemas, never from
     * input; values are bound.
     */
    static void grow(Connection connection, List<String> tables, String nameColumn, String prefix, int count)
            throws SQLException {
        int have = familySize(connection, tables.get(0), nameColumn, prefix);
        if (have >= count) {
            return;
        }
        if (hasSequenceEngine(connection)) {
            copyFromSequence(connection, tables, nameColumn, prefix, have, count);
        } else {
            doubleUntil(connection, tables, nameColumn, prefix, have, count);
        }
    }

    /**
     * Copies {@code prefix}'s row once per number in [have, count) of MariaDB's sequence table,
     * naming copy n {@code prefix-00000000n}: a family grown only this way has no name twice.
     */
    private static void copyFromSequence(Connection connection, List<String> tables, String nameColumn, String prefix,
                                         int have, int count) throws SQLException {
        // The sequence engine's tables are named by their range; the name is built from an int, never from input.
        String sequence = "seq_0_to_" + count;
        for (int from = have; from < count; from += CHUNK) {
            int to = Math.min(count, from + CHUNK);
            for (String table : tables) {
                String columns = String.join(", ", copiedColumns(connection, table));
                String select = renamed(columns, nameColumn, "CONCAT(t." + nameColumn + ", ?, LPAD(s.seq, "
                        + SUFFIX_DIGITS + ", '0'))");
                String sql = "INSERT INTO " + table + " (" + columns + ") SELECT " + select + " FROM " + table + " t"
                        + " JOIN " + sequence + " s ON s.seq >= ? AND s.seq < ? WHERE t." + nameColumn + " = ?";
                try (PreparedStatement insert = connection.prepareStatement(sql)) {
                    insert.setString(1, "-");
                    insert.setInt(2, from);
                    insert.setInt(3, to);
                    insert.setString(4, prefix);
                    insert.executeUpdate();
                }
            }
        }
    }

    /** Copies the family onto itself, doubling each round, with a round suffix on the name. */
    private static void doubleUntil(Connection connection, List<String> tables, String nameColumn, String prefix,
                                    int have, int count) throws SQLException {
        for (int round = 1; have < count; round++) {
            int add = Math.min(have, count - have);
            String suffix = "." + round + "-" + have;
            for (String table : tables) {
                String columns = String.join(", ", copiedColumns(connection, table));
                String select = renamed(columns, nameColumn, "CONCAT(" + nameColumn + ", ?)");
                String sql = "INSERT INTO " + table + " (" + columns + ") SELECT " + select + " FROM " + table
                        + " WHERE " + nameColumn + " LIKE ? ORDER BY " + nameColumn + " LIMIT ?";
                try (PreparedStatement insert = connection.prepareStatement(sql)) {
                    insert.setString(1, suffix);
                    insert.setString(2, prefix + "%");
                    insert.setInt(3, add);
                    insert.executeUpdate();
                }
            }
            have += add;
        }
    }

    /** The column list with the name column replaced by {@code expression}. */
    static String renamed(String columns, String nameColumn, String expression) {
        List<String> out = new ArrayList<>();
        for (String column : columns.split(", ")) {
            out.add(column.equals(nameColumn) ? expression : column);
        }
        return String.join(", ", out);
    }

    private static boolean hasSequenceEngine(Connection connection) throws SQLException {
        try (PreparedStatement query = connection.prepareStatement(
                "SELECT COUNT(*) FROM information_schema.engines WHERE engine = ? AND support IN ('YES', 'DEFAULT')")) {
            query.setString(1, "SEQUENCE");
            try (ResultSet row = query.executeQuery()) {
                row.next();
                return row.getInt(1) > 0;
            }
        }
    }

    private static int familySize(Connection connection, String table, String nameColumn, String prefix)
            throws SQLException {
        try (PreparedStatement count = connection.prepareStatement(
                "SELECT COUNT(*) FROM " + table + " WHERE " + nameColumn + " LIKE ?")) {
            count.setString(1, prefix + "%");
            try (ResultSet row = count.executeQuery()) {
                row.next();
                return row.getInt(1);
            }
        }
    }

    /** Every stored column but auto-increment and generated ones. */
    private static List<String> copiedColumns(Connection connection, String table) throws SQLException {
        List<String> names = new ArrayList<>();
        try (PreparedStatement query = connection.prepareStatement("SELECT column_name FROM information_schema.columns"
                + " WHERE table_schema = DATABASE() AND table_name = ? AND extra NOT LIKE '%auto_increment%'"
                + " AND extra NOT LIKE '%GENERATED%' ORDER BY ordinal_position")) {
            query.setString(1, table);
            try (ResultSet rows = query.executeQuery()) {
                while (rows.next()) {
                    names.add(rows.getString(1));
                }
            }
        }
        return names;
    }
}
