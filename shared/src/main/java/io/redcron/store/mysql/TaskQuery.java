package io.redcron.store.mysql;

import io.redcron.port.PageRequest;
import io.redcron.port.TaskFilter;
import io.redcron.port.TaskGrouping;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The {@code WHERE} and {@code ORDER BY} of a task listing. Values are always bind parameters;
 * only fixed fragments and the whitelisted sort columns below become SQL text.
 */
final class TaskQuery {
    private final StringBuilder where = new StringBuilder(" WHERE 1 = 1");
    private final List<Object> values = new ArrayList<>();
    private final String orderBy;
    private final boolean readsEveryTask;

    private TaskQuery(TaskFilter filter) {
        if (filter.namespace() != null) {
            add(" AND t.namespace = ?", filter.namespace());
        }
        if (filter.text() != null && !filter.text().isBlank()) {
            String pattern = contains(filter.text());
            add(" AND (LOWER(t.name) LIKE ? ESCAPE '" + Like.ESCAPE + "' OR LOWER(t.description) LIKE ? ESCAPE '"
                    + Like.ESCAPE + "')", pattern, pattern);
        }
        if (filter.group() != null) {
            add(" AND t.task_group = ?", filter.group());
        }
        if (filter.enabled() != null) {
            add(" AND t.enabled = ?", filter.enabled());
        }
        if (filter.type() != null) {
            add(" AND t.type = ?", filter.type());
        }
        if (filter.label() != null && !filter.label().isBlank()) {
            label(filter.label().trim());
        }
        boolean owner = filter.owner() != null && !filter.owner().isBlank();
        if (owner) {
            add(" AND LOWER(t.owner) LIKE ? ESCAPE '" + Like.ESCAPE + "'", contains(filter.owner()));
        }
        orderBy = " ORDER BY " + groupFirst(filter) + orderBy(filter.sort(), filter.descending());
        // No index finds a piece of text: every task of the namespace is read.
        readsEveryTask = filter.text() != null && !filter.text().isBlank() || owner;
    }

    static TaskQuery of(TaskFilter filter) {
        return new TaskQuery(filter);
    }

    String select() {
        return "SELECT " + TaskRows.COLUMNS + " FROM task t" + where + orderBy + " LIMIT ? OFFSET ?";
    }

    /** The ids of every match, in the listing's order. */
    String ids() {
        return "SELECT t.id FROM task t" + where + orderBy;
    }

    boolean readsEveryTask() {
        return readsEveryTask;
    }

    String count() {
        return "SELECT COUNT(*) FROM task t" + where;
    }

    /** Per value of {@code by}: the key, the tasks, the disabled ones; the same bind values as {@link #count()}. */
    String groupCounts(TaskGrouping by) {
        String column = column(by);
        return "SELECT " + column + ", COUNT(*), SUM(CASE WHEN t.enabled THEN 0 ELSE 1 END) FROM task t" + where
                + " GROUP BY " + column;
    }

    /** A LIKE pattern for text anywhere in a lower-cased column, wildcards in it taken literally. */
    static String contains(String text) {
        return "%" + Like.escape(text.trim().toLowerCase(Locale.ROOT)) + "%";
    }

    Object[] values() {
        return values.toArray();
    }

    Object[] values(PageRequest page) {
        List<Object> all = new ArrayList<>(values);
        all.add(page.limit());
        all.add(page.offset());
        return all.toArray();
    }

    /** {@code key} finds tasks that have the label, {@code key=value} those where it has that value. */
    private void label(String label) {
        int equals = label.indexOf('=');
        if (equals < 0) {
            add(" AND EXISTS (SELECT 1 FROM task_label l WHERE l.task_id = t.id AND l.label_key = ?)", label);
        } else {
            add(" AND EXISTS (SELECT 1 FROM task_label l WHERE l.task_id = t.id AND l.label_key = ?"
                    + " AND l.label_value = ?)", label.substring(0, equals).trim(), label.substring(equals + 1));
        }
    }

    private void add(String condition, Object... bound) {
        where.append(condition);
        values.addAll(List.of(bound));
    }

    private static String column(TaskGrouping by) {
        return switch (by) {
            case GROUP -> "t.task_group";
            case OWNER -> "t.owner";
        };
    }

    /**
     * The grouping column before the sort, so that a group's tasks follow each other across pages;
     * ascending, unless the sort is by that same column.
     */
    private static String groupFirst(TaskFilter filter) {
        if (filter.groupedBy() == null) {
            return "";
        }
        boolean sameColumn = filter.groupedBy().name().equals(filter.sort().name());
        return column(filter.groupedBy()) + (sameColumn && filter.descending() ? " DESC" : " ASC") + ", ";
    }

    private static String orderBy(TaskFilter.Sort sort, boolean descending) {
        String direction = descending ? " DESC" : " ASC";
        String id = "t.id" + direction;
        return switch (sort) {
            // (namespace, name) is unique: no tie breaker, so the unique index gives the order.
            case NAME -> "t.name" + direction + ", t.namespace" + direction;
            case GROUP -> "t.task_group" + direction + ", t.name" + direction + ", " + id;
            case OWNER -> "t.owner" + direction + ", t.name" + direction + ", " + id;
            // Unplanned tasks (no next fire) sort as if planned for the end of time.
            case NEXT_FIRE -> "t.next_fire_order" + direction + ", " + id;
            case UPDATED -> "t.updated_at" + direction + ", " + id;
            case ID -> id;
        };
    }
}
