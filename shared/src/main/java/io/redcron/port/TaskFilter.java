package io.redcron.port;

import io.redcron.domain.TaskType;

/**
 * Which tasks a listing returns; null fields do not filter.
 *
 * @param text    a substring of the name or description (case-insensitive)
 * @param label   {@code key} (has the label) or {@code key=value}
 * @param sort    the column to order by; ties break on id
 */
public record TaskFilter(String namespace, String text, String group, Boolean enabled, TaskType type, String label,
                         Sort sort, boolean descending) {

    public enum Sort { NAME, GROUP, NEXT_FIRE, UPDATED, ID }

    public TaskFilter {
        sort = sort == null ? Sort.NAME : sort;
    }

    public static TaskFilter all(String namespace) {
        return new TaskFilter(namespace, null, null, null, null, null, Sort.NAME, false);
    }

    public TaskFilter withText(String value) {
        return new TaskFilter(namespace, value, group, enabled, type, label, sort, descending);
    }

    public TaskFilter withGroup(String value) {
        return new TaskFilter(namespace, text, value, enabled, type, label, sort, descending);
    }

    public TaskFilter withEnabled(Boolean value) {
        return new TaskFilter(namespace, text, group, value, type, label, sort, descending);
    }

    public TaskFilter withLabel(String value) {
        return new TaskFilter(namespace, text, group, enabled, type, value, sort, descending);
    }

    public TaskFilter sortedBy(Sort value, boolean desc) {
        return new TaskFilter(namespace, text, group, enabled, type, label, value, desc);
    }
}
