package io.redcron.workflow;

import java.util.Objects;

/** An edge into a step: from its parent {@code from}, taken when the parent's end meets {@code when}. */
public record Edge(String from, EdgeCondition when) {
    public Edge {
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(when, "when");
    }

    public static Edge onSuccess(String from) {
        return new Edge(from, EdgeCondition.SUCCESS);
    }
}
