package io.redcron.store.mysql;

import io.redcron.domain.RunStatus;
import io.redcron.port.PageRequest;
import io.redcron.port.RunFilter;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The {@code WHERE} of a run listing, newest scheduled first; every value is a bind parameter. A
 * listing reads no output ({@link RunRows#LISTED_COLUMNS}).
 */
final class RunQuery {
    private final StringBuilder where = new StringBuilder(" WHERE 1 = 1");
    private final List<Object> values = new ArrayList<>();

    private RunQuery(RunFilter filter) {
        if (filter.namespace() != null) {
            add(" AND r.namespace = ?", filter.namespace());
        }
        if (filter.taskId() != null) {
            add(" AND r.task_id = ?", filter.taskId());
        }
        if (!filter.statuses().isEmpty()) {
            List<RunStatus> statuses = filter.statuses().stream().sorted().toList();
            add(" AND r.status IN (" + String.join(", ", Collections.nCopies(statuses.size(), "?")) + ")",
                    statuses.toArray());
        }
        if (filter.trigger() != null) {
            add(" AND r.trigger_type = ?", filter.trigger());
        }
        if (filter.from() != null) {
            add(" AND r.scheduled_at >= ?", filter.from());
        }
        if (filter.to() != null) {
            add(" AND r.scheduled_at < ?", filter.to());
        }
    }

    static RunQuery of(RunFilter filter) {
        return new RunQuery(filter);
    }

    String select() {
        return "SELECT " + RunRows.LISTED_COLUMNS + " FROM task_run r" + where
                + " ORDER BY r.scheduled_at DESC, r.id DESC LIMIT ? OFFSET ?";
    }

    String count() {
        return "SELECT COUNT(*) FROM task_run r" + where;
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

    private void add(String condition, Object... bound) {
        where.append(condition);
        values.addAll(List.of(bound));
    }
}
