package io.redcron.desktop.tasks;

import io.redcron.domain.RunStatus;
import io.redcron.port.GroupCount;
import io.redcron.port.TaskGrouping;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Puts a header above each group of a page's rows. The store orders a grouped listing by the
 * group first, so a group's rows are contiguous; a group cut by a page break gets a header on
 * both pages. Counts come from the store (the whole listing), failures from the page's rows.
 */
final class TaskGroups {
    private TaskGroups() {
    }

    static List<TaskLine> lines(List<TaskRow> rows, TaskGrouping by, Map<String, GroupCount> counts) {
        if (by == null) {
            return List.copyOf(rows);
        }
        List<TaskLine> lines = new ArrayList<>(rows.size() + 8);
        int start = 0;
        while (start < rows.size()) {
            String value = key(rows.get(start), by);
            int end = start;
            while (end < rows.size() && key(rows.get(end), by).equals(value)) {
                end++;
            }
            List<TaskRow> group = rows.subList(start, end);
            long failing = group.stream().filter(TaskGroups::failing).count();
            // A task made between the two reads is in no count yet: the page's rows stand in.
            GroupCount count = counts.getOrDefault(value, new GroupCount(value, group.size(),
                    group.stream().filter(row -> !row.enabled()).count()));
            lines.add(new GroupHeader(by, value, count.tasks(), count.disabled(), failing));
            lines.addAll(group);
            start = end;
        }
        return lines;
    }

    static String key(TaskRow row, TaskGrouping by) {
        return Objects.requireNonNull(by) == TaskGrouping.GROUP ? row.group() : row.owner();
    }

    private static boolean failing(TaskRow row) {
        return row.lastResult() == RunStatus.FAILED || row.lastResult() == RunStatus.TIMED_OUT;
    }
}
