package io.redcron.spring;

import java.time.Duration;

/**
 * Told of each call of {@link RedcronTemplate#schedule}: how it ended and how long it took, then,
 * for a new run, whether the transaction that wrote it committed. The starter's Micrometer meters
 * are one; without Micrometer nobody listens.
 */
public interface ScheduleObserver {
    /** Nobody listens. */
    ScheduleObserver NONE = new ScheduleObserver() {
        @Override
        public void called(Outcome outcome, Duration took) {
        }

        @Override
        public void settled(boolean committed) {
        }
    };

    /** How a call of {@code schedule} ended. */
    enum Outcome {
        /** A new run was written in the caller's transaction (see {@link #settled}). */
        RECORDED,
        /** The idempotency key named a run recorded before, which was returned. */
        EXISTING,
        /** The request was refused (no transaction, bad request, unknown task) or the database failed it. */
        REFUSED
    }

    /** A call returned (RECORDED, EXISTING) or threw (REFUSED), after {@code took}. */
    void called(Outcome outcome, Duration took);

    /** The transaction of a call that returned RECORDED ended: committed, or rolled back. */
    void settled(boolean committed);
}
