package io.redcron.domain;

import java.util.Collections;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;

/**
 * The life of a run. The table below is the only place that says which changes are legal, and in
 * which statuses a run may be recorded; every status change the stores make is a named
 * {@link RunTransition} checked against it. The named sets ({@link #FINAL}, {@link #WAITING}, …)
 * are the status lists the ports, the stores and the statistics use.
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
    SKIPPED,
    /**
     * The parent run of a sharded task's fire: it never runs itself, it waits for its shards (each
     * a run of its own) and ends with their aggregate. Neither waiting nor in flight, so no claim,
     * reaper, reconciler or stream ever touches it; the leader's shard coordinator does.
     */
    SHARDED;

    private static final Map<RunStatus, Set<RunStatus>> ALLOWED = new EnumMap<>(RunStatus.class);

    static {
        // QUEUED -> SKIPPED only for a run never attempted (RunTransition.SKIP checks the attempt).
        ALLOWED.put(QUEUED, EnumSet.of(RUNNING, CANCELLED, SKIPPED, FAILED));
        // RUNNING -> QUEUED: the attempt was lost (worker died) or handed back on drain.
        // RUNNING -> SKIPPED only for a claim held for its time that never began (RunTransition.DROP_HELD).
        ALLOWED.put(RUNNING, EnumSet.of(SUCCEEDED, FAILED, TIMED_OUT, CANCELLED, RETRYING, QUEUED, SKIPPED));
        // A retry is claimed straight from RETRYING once its backoff is over; it is never skipped.
        ALLOWED.put(RETRYING, EnumSet.of(RUNNING, CANCELLED, FAILED));
        // A parent ends when its shards have all ended (or it is cancelled, or its task is gone).
        ALLOWED.put(SHARDED, EnumSet.of(SUCCEEDED, FAILED, CANCELLED, SKIPPED));
        for (RunStatus done : EnumSet.of(SUCCEEDED, FAILED, TIMED_OUT, CANCELLED, SKIPPED)) {
            ALLOWED.put(done, EnumSet.noneOf(RunStatus.class));
        }
    }

    /**
     * The statuses a run is recorded in: queued, or skipped when its fire is dropped as it is
     * recorded (a misfire, or a fire of a task deleted before it was recorded), or sharded (the
     * parent of a sharded task's fire).
     */
    public static final Set<RunStatus> INITIAL = Collections.unmodifiableSet(EnumSet.of(QUEUED, SKIPPED, SHARDED));
    /** Final: no change leads out of them. */
    public static final Set<RunStatus> FINAL = Collections.unmodifiableSet(where(status -> ALLOWED.get(status).isEmpty()));
    /** Not final: waiting, or in flight. */
    public static final Set<RunStatus> UNFINISHED = Collections.unmodifiableSet(EnumSet.complementOf(EnumSet.copyOf(FINAL)));
    /** Waiting for a worker, no attempt under way: queued, or retrying after a backoff. */
    public static final Set<RunStatus> WAITING = Collections.unmodifiableSet(EnumSet.of(QUEUED, RETRYING));
    /** An attempt is under way (or held for its time) under a worker's lease. */
    public static final Set<RunStatus> IN_FLIGHT = Collections.unmodifiableSet(EnumSet.of(RUNNING));
    /** Ends that count against a task's success: it failed, or ran out of time. */
    public static final Set<RunStatus> FAILURES = Collections.unmodifiableSet(EnumSet.of(FAILED, TIMED_OUT));

    private static Set<RunStatus> where(java.util.function.Predicate<RunStatus> test) {
        Set<RunStatus> matching = EnumSet.noneOf(RunStatus.class);
        for (RunStatus status : values()) {
            if (test.test(status)) {
                matching.add(status);
            }
        }
        return matching;
    }

    /** Whether a run may be recorded in this status. */
    public boolean isInitial() {
        return INITIAL.contains(this);
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
