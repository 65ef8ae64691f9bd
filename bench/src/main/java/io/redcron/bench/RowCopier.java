package io.redcron.bench;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * Multiplies rows a scheduler wrote itself: copies a family of rows (those whose name starts with
 * a prefix) onto itself, doubling each round, with a round suffix on the name. Thousands of tasks
 * or triggers are then set up in seconds, every column as the scheduler's own code wrote it.
 */
final class RowCopier {
    private RowCopier() {
    }

    /**
     * Grows the family in each of {@code tables} (kept in step: the same names in each) to
     * {@code count} rows. Table and column names come from the schedulers' own schemas, never from
     * input; values are bound.
     */
    static void grow(Connection connection, List<String> tables, String nameColumn, String prefix, int count)
            throws SQLException {
        String first = tables.get(0);
        int have = familySize(connection, first, nameColumn, prefix);
        for (int round = 1; have < count; round++) {
            int add = Math.min(have, count - have);
            String suffix = "." + round + "-" + have;
            for (String table : tables) {
                String columns = String.join(", ", copiedColumns(connection, table));
                String select = columns.replaceFirst("(^|, )" + nameColumn + "(, |$)", "$1CONCAT(" + nameColumn + ", ?)$2");
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
