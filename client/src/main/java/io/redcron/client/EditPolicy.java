package io.redcron.client;

import java.util.Locale;

/**
 * What {@link HttpRedcronClient#reconcile} does with a declared task that an operator changed by
 * hand since the application last declared it (with the command line, the desktop or the API).
 */
public enum EditPolicy {
    /** The declaration is applied over the hand-made change, and the node warns of it. */
    WARN,
    /** The reconcile is refused with an error naming the edited task. */
    REFUSE;

    /** As the API spells it: {@code warn}, {@code refuse}. */
    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }
}
