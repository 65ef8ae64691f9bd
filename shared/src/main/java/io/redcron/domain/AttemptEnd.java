package io.redcron.domain;

import java.util.Objects;

/**
 * How one attempt of a run ended, as its executor saw it: the input of {@link OutcomeRules}.
 *
 * @param exitCode the program's exit code; null when there is no program, it never started or was killed
 * @param error    one line saying why, for anything but {@link Kind#SUCCEEDED}
 */
public record AttemptEnd(Kind kind, Integer exitCode, String error) {

    /** The ways an attempt can end. */
    public enum Kind {
        SUCCEEDED,
        /** Non-zero exit, an error or a refusal: retried while attempts are left. */
        FAILED,
        /** Ran past the task's timeout and was stopped: retried while attempts are left. */
        TIMED_OUT,
        /** Stopped on request (an operator, the REPLACE policy, a lost lease) while it ran. */
        CANCELLED,
        /** Stopped before it began (cancelled while held for its time): it never ran. */
        NOT_STARTED
    }

    public AttemptEnd {
        Objects.requireNonNull(kind, "kind");
    }
}
