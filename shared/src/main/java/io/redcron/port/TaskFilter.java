package io.redcron.port;

import io.redcron.domain.TaskType;

/**
 * Which tasks a listing returns, and in which order; null fields do not filter.
 *
 * @param text      a substring of the name or description (case-insensitive)
 * @param group     the routing group, exactly
 * @param label     {@code key} (has the label) or {@code key=value}
 * @param owner     a substring of the owner (case-insensitive)
 * @param sort      the column to order by; ties break on id
 * @param groupedBy null, or the property the listing is ordered by before {@code sort}, so that the
 *                  tasks of one group follow each other across pages
 */
public record TaskFilter(String namespace, String text, String group, Boolean enabled, TaskType type, String label,
                         String owner, Sort sort, boolean descending, TaskGrouping groupedBy) {

    public enum Sort { NAME, GROUP, NEXT_FIRE, UPDATED, ID, OWNER }

    public TaskFilter {
        sort = sort == null ? Sort.NAME : sort;
    }

    /** A filter without owner or grouping, as most callers need. */
    public TaskFilter(String namespace, String text, String group, Boolean enabled, TaskType type, String label,
                      Sort sort, boolean descending) {
        this(namespace, text, group, enabled, type, label, null, sort, descending, null);
    }

    public static TaskFilter all(String namespace) {
        return new TaskFilter(namespace, null, null, null, null, null, Sort.NAME, false);
    }

    public TaskFilter withText(String value) {
        return new TaskFilter(namespace, value, group, enabled, type, label, owner, sort, descending, groupedBy);
    }

    public TaskFilter withGroup(String value) {
        return new TaskFilter(namespace, text, value, enabled, type, label, owner, sort, descending, groupedBy);
    }

    public TaskFilter withEnabled(Boolean value) {
        return new TaskFilter(namespace, text, group, value, type, label, owner, sort, descending, groupedBy);
    }

    public TaskFilter withLabel(String value) {
        return new TaskFilter(namespace, text, group, enabled, type, value, owner, sort, descending, groupedBy);
    }

    public TaskFilter withOwner(String value) {
        return new TaskFilter(namespace, text, group, enabled, type, label, value, sort, descending, groupedBy);
    }

    public TaskFilter sortedBy(Sort value, boolean desc) {
        return new TaskFilter(namespace, text, group, enabled, type, label, owner, value, desc, groupedBy);
    }

    public TaskFilter groupedBy(TaskGrouping value) {
        return new TaskFilter(namespace, text, group, enabled, type, label, owner, sort, descending, value);
    }
}
