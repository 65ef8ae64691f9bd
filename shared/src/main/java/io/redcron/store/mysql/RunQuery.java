package io.redcron.store.mysql;

import io.redcron.domain.RunStatus;
import io.redcron.port.PageRequest;
import io.redcron.port.RunFilter;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

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
 * rejects on the way, and the count reads at most {@link BoundedCount#LIMIT} entries of an index
 * range, never the whole history.
 *
 * <p>A few tasks ({@link #MERGED_TASKS} at most) are read one statement each, every one the
 * newest runs of its task in the order of {@code (task_id, scheduled_at)}, and merged: one
 * statement with {@code task_id IN (…)} and {@code ORDER BY scheduled_at} reads every run of those
 * tasks and sorts them, a busy task's whole history for one page; and a walk of the namespace's
 * history that skips other tasks' runs reads the whole history when the tasks chosen run rarely.
 * More tasks than that hold a larger share of the history: the namespace's history is walked,
 * the task condition checked on each run. Excluded tasks are always such a check: hiding a
 * noisy task costs the walk its runs, no more.
 */
final class RunQuery {
    /** The index range a listing walks. */
    private enum Walk {
        /** One task's runs, through {@code (task_id, scheduled_at)}, in their order. */
        TASK,
        /** A few tasks' runs, each task's read through {@code (task_id, scheduled_at)} in order, then merged. */
        TASKS,
        /** The namespace's runs that wait or run, through {@code (namespace, status, …)}, sorted: they are few. */
        UNFINISHED,
        /** The namespace's history, through {@code (namespace, scheduled_at)}, in its order. */
        NAMESPACE
    }

    private final Conditions range = new Conditions();
    private final Conditions rest = new Conditions();
    /** Statuses alone (of a task, or of the namespace): counted from the state index without reading a run. */
    private final Conditions byStatus;
    private final Walk walk;
    /** Tasks asked for, and none of them excluded: a listing of none of them matches nothing. */
    private final List<Long> included;
    private final boolean matchesNothing;
    /** For {@link Walk#TASKS}: one listing per task, merged by the caller. */
    private final List<RunQuery> perTask;

    /** The most tasks read one statement each and merged; see the class comment. */
    static final int MERGED_TASKS = 20;

    private RunQuery(RunFilter filter) {
        List<RunStatus> statuses = filter.statuses().stream().sorted().toList();
        included = filter.taskIds().stream().filter(id -> !filter.excludedTaskIds().contains(id)).sorted().toList();
        List<Long> excluded = filter.excludedTaskIds().stream().sorted().toList();
        matchesNothing = !filter.taskIds().isEmpty() && included.isEmpty();
        walk = included.size() == 1 ? Walk.TASK
                : included.size() > 1 && included.size() <= MERGED_TASKS ? Walk.TASKS
                : !statuses.isEmpty() && RunStatus.UNFINISHED.containsAll(statuses) ? Walk.UNFINISHED : Walk.NAMESPACE;
        perTask = walk == Walk.TASKS
                ? included.stream().map(id -> new RunQuery(filter.forTask(id).excludingTasks(Set.of()))).toList()
                : List.of();
        if (walk == Walk.TASK) {
            range.add("r.task_id", " AND r.task_id = ?", included.get(0));
            if (filter.namespace() != null) {
                // Every run of a task carries the task's namespace (a task never moves), so one run
                // answers for all: the task's index range is then read without a row look-up each.
                range.add("r.task_id", " AND ? = (SELECT o.namespace FROM task_run o WHERE o.task_id = ? LIMIT 1)",
                        filter.namespace(), included.get(0));
            }
        } else if (walk == Walk.TASKS) {
            // Only the count reads this range (the page is read per task): at most LIMIT runs of it.
            range.add("r.task_id", " AND r.task_id IN (" + placeholders(included.size()) + ")", included.toArray());
            if (filter.namespace() != null) {
                range.add("r.namespace", " AND r.namespace = ?", filter.namespace());
            }
        } else {
            if (filter.namespace() != null) {
                range.add("r.namespace", " AND r.namespace = ?", filter.namespace());
            }
            if (!included.isEmpty()) {
                rest.add("r.task_id", " AND r.task_id IN (" + placeholders(included.size()) + ")", included.toArray());
            }
        }
        if (!excluded.isEmpty() && (walk == Walk.NAMESPACE || walk == Walk.UNFINISHED)) {
            rest.add("r.task_id", " AND r.task_id NOT IN (" + placeholders(excluded.size()) + ")", excluded.toArray());
        }
        if (!statuses.isEmpty()) {
            (walk == Walk.UNFINISHED ? range : rest).add("r.status", " AND r.status IN ("
                    + String.join(", ", Collections.nCopies(statuses.size(), "?")) + ")", statuses.toArray());
        }
        if (filter.trigger() != null) {
            rest.add("r.trigger_type", " AND r.trigger_type = ?", filter.trigger());
        }
        Conditions times = walk == Walk.UNFINISHED ? rest : range;
        if (filter.from() != null) {
            times.add("r.scheduled_at", " AND r.scheduled_at >= ?", filter.from());
        }
        if (filter.to() != null) {
            times.add("r.scheduled_at", " AND r.scheduled_at < ?", filter.to());
        }
        boolean statusesOnly = !statuses.isEmpty() && filter.namespace() != null && filter.trigger() == null
                && filter.from() == null && filter.to() == null;
        byStatus = statusesOnly ? new Conditions() : null;
        if (statusesOnly) {
            byStatus.add("r.namespace", " AND r.namespace = ?", filter.namespace());
            byStatus.add("r.status", " AND r.status IN (" + String.join(", ", Collections.nCopies(statuses.size(), "?"))
                    + ")", statuses.toArray());
            if (!included.isEmpty()) {
                byStatus.add("r.task_id", " AND r.task_id IN (" + placeholders(included.size()) + ")", included.toArray());
            }
            if (!excluded.isEmpty()) {
                byStatus.add("r.task_id", " AND r.task_id NOT IN (" + placeholders(excluded.size()) + ")",
                        excluded.toArray());
            }
        }
    }

    private static String placeholders(int count) {
        return String.join(", ", Collections.nCopies(count, "?"));
    }

    /** True when the tasks asked for are all excluded: no statement needs to run. */
    boolean matchesNothing() {
        return matchesNothing;
    }

    /** Whether the page is read per task ({@link #perTask()}) and merged, not by {@link #select()}. */
    boolean merged() {
        return walk == Walk.TASKS;
    }

    /** For a merged listing: one single-task listing per task, each read with {@link #newestValues(int)}. */
    List<RunQuery> perTask() {
        return perTask;
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
        return values(page.limit() + 1, page.offset());
    }

    /** The newest {@code count} runs of the listing, for {@link #select()}: one task's share of a merged page. */
    Object[] newestValues(int count) {
        return values(count, 0);
    }

    private Object[] values(int limit, int offset) {
        List<Object> all = new ArrayList<>(range.values);
        all.addAll(rest.values);
        all.add(limit);
        all.add(offset);
        return all.toArray();
    }

    /**
     * How many runs of the range were read and how many of them match: bind {@link #countValues()}.
     * A filter of statuses alone is counted in {@code (namespace, status, task_id, …)}, from the
     * index alone; otherwise the range is read for the columns the rest tests only (none: again
     * from the index alone).
     */
    String count() {
        if (byStatus != null) {
            return "SELECT COUNT(*) AS seen, COUNT(*) AS matched FROM (SELECT 1 FROM task_run r WHERE 1 = 1"
                    + byStatus.sql + " LIMIT ?) r";
        }
        String columns = rest.columns.isEmpty() ? "1" : String.join(", ", rest.columns);
        // A few tasks' runs are counted through their key: on its own MariaDB picks the state index
        // for the namespace condition and reads the namespace's whole history.
        String table = walk == Walk.TASKS ? "task_run r FORCE INDEX (uq_task_run_fire)" : "task_run r";
        return "SELECT COUNT(*) AS seen, COUNT(CASE WHEN 1 = 1" + rest.sql + " THEN 1 END) AS matched FROM (SELECT "
                + columns + " FROM " + table + " WHERE 1 = 1" + range.sql
                + (walk == Walk.UNFINISHED || walk == Walk.TASKS ? "" : orderBy())
                + " LIMIT ?) r";
    }

    Object[] countValues() {
        if (byStatus != null) {
            List<Object> all = new ArrayList<>(byStatus.values);
            all.add(BoundedCount.LIMIT);
            return all.toArray();
        }
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

    /** SQL conditions, each starting with {@code AND}, the columns they test and their bound values in order. */
    private static final class Conditions {
        private final StringBuilder sql = new StringBuilder();
        private final Set<String> columns = new LinkedHashSet<>();
        private final List<Object> values = new ArrayList<>();

        void add(String column, String condition, Object... bound) {
            sql.append(condition);
            columns.add(column);
            values.addAll(List.of(bound));
        }
    }
}
