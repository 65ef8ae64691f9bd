package io.redcron.domain;

/** How an attempt that was followed by another one ended. */
public enum AttemptEnding {
    /** The task failed (an exit code, an exception, an HTTP error) and a retry was due. */
    FAILED,
    /** The task ran past its timeout and was stopped; a retry was due. */
    TIMED_OUT,
    /** Its worker stopped renewing the lease (crashed, cut off); the reaper queued the run again. */
    LOST,
    /** Its worker was drained and gave the run back before it ended. */
    HANDED_BACK
}
