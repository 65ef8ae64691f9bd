package io.redcron.client;

import java.util.Locale;

/**
 * What {@link HttpRedcronClient#reconcile} does with a task the application declared before but
 * no longer declares.
 */
public enum RemovedTasks {
    /** It stays, disabled: no more fires, its history and settings kept. */
    DISABLE,
    /** It is deleted; its run history stays. */
    DELETE,
    /** It stays as it is. */
    KEEP;

    /** As the API spells it: {@code disable}, {@code delete}, {@code keep}. */
    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }
}
