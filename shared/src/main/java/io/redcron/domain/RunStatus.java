package io.redcron.domain;

import java.util.EnumMap;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;

/**
 * The life of a run. The table below is the only place that says which changes are legal; every
 * status change the stores make is a named {@link RunTransition} checked against it.
 */
public enum RunStatus {
    /** Inserted and (normally) in a stream, waiting for a worker to claim it. */
    QUEUED,
    /** Claimed by a worker under a lease; {@code attempt} counts the claims. */
    RUNNING,
    /** An attempt failed and another one is due later (held in the delayed set). */
    RETRYING,
    SUCCEEDED,
    FAILED,
    TIMED_OUT,
    CANCELLED,
    /** Never started: the concurrency policy or the misfire policy dropped it. */
    SKIPPED;

    private static final Map<RunStatus, Set<RunStatus>> ALLOWED = new EnumMap<>(RunStatus.class);

    static {
        // QUEUED -> SKIPPED only for a run never attempted (RunTransition.SKIP checks the attempt).
        ALLOWED.put(QUEUED, EnumSet.of(RUNNING, CANCELLED, SKIPPED, FAILED));
        // RUNNING -> QUEUED: the attempt was lost (worker died) or handed back on drain.
        ALLOWED.put(RUNNING, EnumSet.of(SUCCEEDED, FAILED, TIMED_OUT, CANCELLED, RETRYING, QUEUED));
        // A retry is claimed straight from RETRYING once its backoff is over; it is never skipped.
        ALLOWED.put(RETRYING, EnumSet.of(RUNNING, CANCELLED, FAILED));
        for (RunStatus done : EnumSet.of(SUCCEEDED, FAILED, TIMED_OUT, CANCELLED, SKIPPED)) {
            ALLOWED.put(done, EnumSet.noneOf(RunStatus.class));
        }
    }

    public boolean isFinal() {
        return ALLOWED.get(this).isEmpty();
    }

    public boolean canBecome(RunStatus next) {
        return ALLOWED.get(this).contains(next);
    }

    /** The statuses from which a change to {@code next} is allowed. */
    public static Set<RunStatus> sourcesOf(RunStatus next) {
        Set<RunStatus> sources = EnumSet.noneOf(RunStatus.class);
        ALLOWED.forEach((from, targets) -> {
            if (targets.contains(next)) {
                sources.add(from);
            }
        });
        return sources;
    }

    public static RunStatus parse(String text) {
        return Enums.parse(RunStatus.class, "status", text);
    }
}
