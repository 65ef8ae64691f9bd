package io.redcron.client;

import java.util.Locale;

/**
 * What {@link HttpRedcronClient#reconcile} does with a task the application declared before but
 * no longer declares.
 */
public enum RemovedTasks {
    /** It is disabled and no longer the application's: an operator decides whether to delete it. */
    DISABLE,
    /** It is deleted; its run history is kept as a deleted task's is. */
    DELETE,
    /** It is left as it is, and no longer the application's. */
    KEEP;

    /** As the API spells it: {@code disable}, {@code delete}, {@code keep}. */
    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }
}
