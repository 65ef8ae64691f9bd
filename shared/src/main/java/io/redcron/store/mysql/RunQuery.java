package io.redcron.store.mysql;

import io.redcron.domain.RunStatus;
import io.redcron.port.PageRequest;
import io.redcron.port.RunFilter;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A run listing, newest scheduled first; every value is a bind parameter. A listing reads no
 * output ({@link RunRows#LISTED_COLUMNS}).
 *
 * <p>The filter is split in two: the <em>range</em>, the conditions an index range serves, and
 * the <em>rest</em>, checked on each run of that range. The range is one
 * task's runs through {@code (task_id, scheduled_at)}; or the waiting and running runs of the
 * namespace through {@code (namespace, status, …)} when only such statuses are asked for (they
 * are few however long the history); or else the namespace's history through
 * {@code (namespace, scheduled_at)}. A page then reads its offset and limit plus the runs the rest
 * rejects on the way, and the count reads at most {@link BoundedCount#LIMIT} runs of the range,
 * never the whole history.
 */
final class RunQuery {
    /** The index range a listing walks. */
    private enum Walk {
        /** One task's runs, through {@code (task_id, scheduled_at)}, in their order. */
        TASK,
        /** The namespace's runs that wait or run, through {@code (namespace, status, …)}, sorted: they are few. */
        UNFINISHED,
        /** The namespace's history, through {@code (namespace, scheduled_at)}, in its order. */
        NAMESPACE
    }

    private final Conditions range = new Conditions();
    private final Conditions rest = new Conditions();
    private final Walk walk;

    private RunQuery(RunFilter filter) {
        List<RunStatus> statuses = filter.statuses().stream().sorted().toList();
        walk = filter.taskId() != null ? Walk.TASK
                : !statuses.isEmpty() && RunStatus.UNFINISHED.containsAll(statuses) ? Walk.UNFINISHED : Walk.NAMESPACE;
        if (walk == Walk.TASK) {
            range.add(" AND r.task_id = ?", filter.taskId());
            if (filter.namespace() != null) {
                // Every run of a task carries the task's namespace (a task never moves), so one run
                // answers for all: the task's index range is then read without a row look-up each.
                range.add(" AND ? = (SELECT o.namespace FROM task_run o WHERE o.task_id = ? LIMIT 1)",
                        filter.namespace(), filter.taskId());
            }
        } else if (filter.namespace() != null) {
            range.add(" AND r.namespace = ?", filter.namespace());
        }
        if (!statuses.isEmpty()) {
            (walk == Walk.UNFINISHED ? range : rest).add(" AND r.status IN ("
                    + String.join(", ", Collections.nCopies(statuses.size(), "?")) + ")", statuses.toArray());
        }
        if (filter.trigger() != null) {
            rest.add(" AND r.trigger_type = ?", filter.trigger());
        }
        Conditions times = walk == Walk.UNFINISHED ? rest : range;
        if (filter.from() != null) {
            times.add(" AND r.scheduled_at >= ?", filter.from());
        }
        if (filter.to() != null) {
            times.add(" AND r.scheduled_at < ?", filter.to());
        }
    }

    static RunQuery of(RunFilter filter) {
        return new RunQuery(filter);
    }

    /** A page and one run more, which tells whether another page follows: bind {@link #values(PageRequest)}. */
    String select() {
        return "SELECT " + RunRows.LISTED_COLUMNS + " FROM task_run r WHERE 1 = 1" + range.sql + rest.sql + orderBy()
                + " LIMIT ? OFFSET ?";
    }

    Object[] values(PageRequest page) {
        List<Object> all = new ArrayList<>(range.values);
        all.addAll(rest.values);
        all.add(page.limit() + 1);
        all.add(page.offset());
        return all.toArray();
    }

    /** How many runs of the range were read and how many of them match: bind {@link #countValues()}. */
    String count() {
        return "SELECT COUNT(*) AS seen, COUNT(CASE WHEN 1 = 1" + rest.sql + " THEN 1 END) AS matched FROM ("
                + "SELECT r.status, r.trigger_type, r.scheduled_at FROM task_run r WHERE 1 = 1" + range.sql
                + (walk == Walk.UNFINISHED ? "" : orderBy()) + " LIMIT ?) r";
    }

    Object[] countValues() {
        List<Object> all = new ArrayList<>(rest.values);
        all.addAll(range.values);
        all.add(BoundedCount.LIMIT);
        return all.toArray();
    }

    /**
     * Newest scheduled first. A task fires at most once per {@code scheduled_at}, so its runs need
     * no tie breaker, and the {@code (task_id, scheduled_at)} key gives their order without sorting.
     */
    private String orderBy() {
        return walk == Walk.TASK ? " ORDER BY r.scheduled_at DESC" : " ORDER BY r.scheduled_at DESC, r.id DESC";
    }

    /** SQL conditions, each starting with {@code AND}, and their bound values in order. */
    private static final class Conditions {
        private final StringBuilder sql = new StringBuilder();
        private final List<Object> values = new ArrayList<>();

        void add(String condition, Object... bound) {
            sql.append(condition);
            values.addAll(List.of(bound));
        }
    }
}
