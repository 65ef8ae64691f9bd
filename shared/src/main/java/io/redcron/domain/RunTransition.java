package io.redcron.domain;

import java.util.EnumSet;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Every way the stores change a run's status, by name. Each one is checked against the table of
 * {@link RunStatus} when this class loads (a transition the table does not allow stops every
 * store from starting), and the stores build the status conditions of their SQL from here, so the
 * statements cannot drift from the table. A test enumerates them and checks that no statement
 * writes a status any other way.
 */
public enum RunTransition {
    /**
     * A run is recorded: a cron fire, a manual run or a shard, queued; a sharded task's fire or
     * manual run, as the parent waiting for its shards; or a fire the misfire policy drops as it is
     * recorded (or a deleted task's), skipped. It comes from no status: the table's initial ones.
     */
    RECORD_NEW(EnumSet.noneOf(RunStatus.class), RunStatus.INITIAL),
    /** A worker claims a waiting run: its next attempt starts (or is held for its time). */
    CLAIM(EnumSet.of(RunStatus.QUEUED, RunStatus.RETRYING), EnumSet.of(RunStatus.RUNNING)),
    /** The attempt ended, and with it the run: its outcome. */
    RECORD_OUTCOME(EnumSet.of(RunStatus.RUNNING), EnumSet.of(RunStatus.SUCCEEDED, RunStatus.FAILED,
            RunStatus.TIMED_OUT, RunStatus.CANCELLED)),
    /** The attempt failed with attempts left: the run is due again after a backoff. */
    RETRY(EnumSet.of(RunStatus.RUNNING), EnumSet.of(RunStatus.RETRYING)),
    /** A draining worker gives a claimed run back; the attempt counts as lost. */
    HAND_BACK(EnumSet.of(RunStatus.RUNNING), EnumSet.of(RunStatus.QUEUED)),
    /**
     * A claim made ahead of the run's time that never began (its worker stopped or drained first)
     * is taken back: queued again with its attempt undone, for it was never an attempt.
     */
    RELEASE_UNSTARTED(EnumSet.of(RunStatus.RUNNING), EnumSet.of(RunStatus.QUEUED)),
    /**
     * A claim held for the run's time that never began is dropped by its task's rules when it is
     * due: SKIPPED (the forbid policy's wait ran out, or a misfire policy dropped it; only a run
     * never attempted) or CANCELLED (a cancel asked for, or overtaken under replace). Its attempt
     * is taken back, for it never was one.
     */
    DROP_HELD(EnumSet.of(RunStatus.RUNNING), EnumSet.of(RunStatus.SKIPPED, RunStatus.CANCELLED)),
    /** The reaper: the attempt's lease ran out; the run is queued to run again. */
    REQUEUE_LOST(EnumSet.of(RunStatus.RUNNING), EnumSet.of(RunStatus.QUEUED)),
    /** The reaper: a lost attempt whose cancel had been asked for ends cancelled. */
    CANCEL_LOST(EnumSet.of(RunStatus.RUNNING), EnumSet.of(RunStatus.CANCELLED)),
    /** The reaper: too many attempts lost; the run fails. */
    FAIL_LOST(EnumSet.of(RunStatus.RUNNING), EnumSet.of(RunStatus.FAILED)),
    /** An operator's cancel, or the replace policy, ends a run that waits. */
    CANCEL_WAITING(EnumSet.of(RunStatus.QUEUED, RunStatus.RETRYING), EnumSet.of(RunStatus.CANCELLED)),
    /** The reconciler fails a run nobody started before the queue deadline. */
    FAIL_WAITING(EnumSet.of(RunStatus.QUEUED, RunStatus.RETRYING), EnumSet.of(RunStatus.FAILED)),
    /**
     * A run never attempted is dropped: the forbid policy, the misfire policy at its start, or a
     * task change that withdrew a fire not due yet. Only from QUEUED with no attempt: a run that
     * has been attempted is finished or run again, never skipped.
     */
    SKIP(EnumSet.of(RunStatus.QUEUED), EnumSet.of(RunStatus.SKIPPED)),
    /**
     * The parent of a sharded fire ends: with its shards' aggregate once they have all ended,
     * CANCELLED when an operator cancels it before it was split, SKIPPED when its task was deleted
     * before it was split.
     */
    SETTLE_SHARDS(EnumSet.of(RunStatus.SHARDED), EnumSet.of(RunStatus.SUCCEEDED, RunStatus.FAILED,
            RunStatus.CANCELLED, RunStatus.SKIPPED));

    private final Set<RunStatus> from;
    private final Set<RunStatus> to;

    RunTransition(Set<RunStatus> from, Set<RunStatus> to) {
        if (to.isEmpty()) {
            throw new IllegalStateException(name() + ": a transition leads somewhere");
        }
        for (RunStatus target : to) {
            if (from.isEmpty() && !target.isInitial()) {
                throw new IllegalStateException(name() + ": the run state table does not record a run as " + target);
            }
        }
        for (RunStatus source : from) {
            for (RunStatus target : to) {
                if (!source.canBecome(target)) {
                    throw new IllegalStateException(name() + ": the run state table does not allow " + source
                            + " -> " + target);
                }
            }
        }
        this.from = Set.copyOf(from);
        this.to = Set.copyOf(to);
    }

    public Set<RunStatus> from() {
        return from;
    }

    public Set<RunStatus> to() {
        return to;
    }

    public boolean allows(RunStatus source, RunStatus target) {
        return from.contains(source) && to.contains(target);
    }

    /** The SQL condition on {@code status} that admits exactly the sources, e.g. {@code status IN ('QUEUED', 'RETRYING')}. */
    public String fromCondition() {
        if (from.isEmpty()) {
            throw new IllegalStateException(name() + " comes from no status");
        }
        return condition(from);
    }

    /** The assignment of the single target, e.g. {@code status = 'SKIPPED'}; for a transition with one target. */
    public String toAssignment() {
        if (to.size() != 1) {
            throw new IllegalStateException(name() + " has " + to.size() + " targets; bind the status instead");
        }
        return "status = '" + to.iterator().next().name() + "'";
    }

    /** {@code target} as an SQL literal, e.g. {@code 'QUEUED'}; fails unless it is one of this transition's targets. */
    public String literal(RunStatus target) {
        return "'" + target(target).name() + "'";
    }

    /** {@code target}, checked to be one of this transition's targets (for a status bound to a statement). */
    public RunStatus target(RunStatus target) {
        if (!to.contains(target)) {
            throw new IllegalStateException(name() + " does not lead to " + target);
        }
        return target;
    }

    /** The transition that records the end of an attempt from {@code source} to {@code target}: an outcome or a retry. */
    public static RunTransition ofAttemptEnd(long runId, RunStatus source, RunStatus target) {
        RunTransition transition = target == RunStatus.RETRYING ? RETRY : RECORD_OUTCOME;
        transition.check(runId, source, target);
        return transition;
    }

    /** {@code status IN (…)} over the given statuses, in declaration order, for the stores' queries. */
    public static String condition(Set<RunStatus> statuses) {
        if (statuses.isEmpty()) {
            throw new IllegalArgumentException("statuses: at least one");
        }
        return "status IN (" + EnumSet.copyOf(statuses).stream().map(status -> "'" + status.name() + "'")
                .collect(Collectors.joining(", ")) + ")";
    }

    /** Fails unless this transition allows {@code source -> target}. */
    public void check(long runId, RunStatus source, RunStatus target) {
        if (!allows(source, target)) {
            throw new IllegalStateException("run " + runId + ": " + name() + " cannot take a " + source + " run to "
                    + target);
        }
    }
}
