package io.redcron.port;

import io.redcron.domain.RunStatus;

import java.time.Instant;
import java.util.Collection;
import java.util.List;

/**
 * The tasks of a namespace whose latest fire failed for good, so that a success can be told to be
 * a recovery without reading the run history on the thread that writes results. Fires are ordered
 * by scheduled time, then run id; a success recovers its task only from a failure of an earlier
 * fire (or of the same run, retried by an operator), so a newer failure is never cleared by an
 * older success that ended after it. Kept beside the queue: losing it loses a recovery alert, nothing else.
 */
public interface FailingTasks {

    /** One fire of a task: the run and the time it was scheduled for. */
    record Fire(long taskId, Instant scheduledAt, long runId) {
        /** Whether this fire came before the other one of the same task, or is the same run. */
        public boolean notAfter(Fire other) {
            int byTime = scheduledAt.compareTo(other.scheduledAt);
            return byTime < 0 || byTime == 0 && runId <= other.runId;
        }
    }

    /** A fire that failed for good: FAILED (a dead run too) or TIMED_OUT. */
    record Failure(Fire fire, RunStatus status) {
    }

    /** A success that ended a run of failures, with the failure it cleared. */
    record Recovery(Fire success, Failure cleared) {
    }

    /**
     * Settles one batch of final outcomes in one round trip: each failure is kept unless a failure
     * of a later fire of its task is kept already; then each success clears the failure kept for
     * its task if that failure's fire is not after its own, and that success is a recovery.
     */
    List<Recovery> settle(Collection<Failure> failures, Collection<Fire> successes);

    /** Keeps one failure (a dead run the leader failed). */
    default void failed(Failure failure) {
        settle(List.of(failure), List.of());
    }
}
