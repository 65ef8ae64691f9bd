package io.redcron.client;

import java.util.List;

/**
 * What {@link HttpRedcronClient#reconcile} changed, by task name.
 *
 * @param created   declared and not there before
 * @param updated   declared and changed to match the declaration
 * @param unchanged declared and already as declared
 * @param removed   declared before, not now, and disabled or deleted as asked ({@link RemovedTasks})
 */
public record ReconcileResult(List<String> created, List<String> updated, List<String> unchanged,
                              List<String> removed) {
    public ReconcileResult {
        created = List.copyOf(created);
        updated = List.copyOf(updated);
        unchanged = List.copyOf(unchanged);
        removed = List.copyOf(removed);
    }
}
