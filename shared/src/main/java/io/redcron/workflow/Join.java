package io.redcron.workflow;

import java.util.Locale;

/** How a step with several parents decides to start. */
public enum Join {
    /** When every edge into it is satisfied; skipped as soon as one cannot be. */
    ALL,
    /** On the first satisfied edge; skipped once none can be. */
    ANY;

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Join parse(String field, String text) {
        return WorkflowEnums.parse(Join.class, field, text);
    }
}
