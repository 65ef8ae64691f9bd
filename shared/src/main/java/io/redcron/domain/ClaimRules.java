package io.redcron.domain;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What a worker's claim of one waiting run comes to under its task's rules, decided from what the
 * store read (under the task's lock, so that two workers cannot both miss each other's run). A
 * store reads, calls {@link #decide}, and writes the {@link Decision}; nothing here reads or writes.
 *
 * <p>The rules, in the order they are applied:
 * <ol>
 *   <li>The run itself: a cancel asked for ends it CANCELLED; a retry still in its backoff, or a
 *       run with no attempt left, is not this worker's to decide now.</li>
 *   <li>A cron run never attempted that would start more than the misfire threshold after it was
 *       judged (its fire time, or when it was recorded if that was later: a fire caught up after an
 *       outage was judged then) follows its task's misfire policy, as the scheduler would have:
 *       {@code skip} drops it, {@code fire-once} runs it only if no later fire of the task is a
 *       misfire too, {@code catch-up} only if fewer later misfires than the limit exist (the policy
 *       keeps the newest). Dropped: SKIPPED, with how late it was.</li>
 *   <li>{@code forbid}: a run waits behind the task's runs in flight (RUNNING, whatever their
 *       lease: an expired one is about to be run again) and behind runs of the task that have been
 *       attempted and wait to run again (a lost attempt re-queued, a retry whose backoff is over).
 *       A re-run goes first: it waits only behind runs in flight and earlier re-runs, and never
 *       gives up, for a run that has been attempted is finished or run again, never skipped. A run
 *       never attempted waits until the misfire threshold, then is SKIPPED naming the run it
 *       waited for.</li>
 *   <li>{@code replace}: a run cancels the task's earlier runs in flight and starts; a run that
 *       finds a later run of its task in flight was overtaken, and is cancelled itself.</li>
 * </ol>
 * A run whose task is gone is claimed: its worker records why it cannot run.
 */
public final class ClaimRules {
    /** Runs of a task queue by fire time, then by id. */
    public static final Comparator<Run> QUEUE_ORDER = Comparator.comparing(Run::scheduledAt).thenComparing(Run::id);

    private ClaimRules() {
    }

    /** The task's rules as its row holds them now. */
    public record TaskRules(ConcurrencyPolicy concurrency, MisfirePolicy misfire, int catchUpLimit) {
        public TaskRules {
            Objects.requireNonNull(concurrency, "concurrency");
            Objects.requireNonNull(misfire, "misfire");
        }
    }

    /**
     * A run that is not final, with what its claim and its place in the task's queue depend on.
     *
     * @param dueAt when a waiting run may be claimed (a retry's backoff, a deferred run's recheck)
     */
    public record UnfinishedRun(Run run, Instant dueAt, boolean cancelRequested) {
        public UnfinishedRun {
            Objects.requireNonNull(run, "run");
        }

        /**
         * A row of an unfinished run as the rules see it. A claim held for the run's time that has
         * not begun ({@code attemptBegan} false) is no attempt yet, only a reservation: the rules
         * see the run as it waited before the claim (QUEUED, its attempt not taken), so a held run
         * neither blocks its task's other runs nor counts as attempted.
         */
        public static UnfinishedRun of(Run run, Instant dueAt, boolean cancelRequested, boolean attemptBegan) {
            if (run.status() != RunStatus.RUNNING || attemptBegan) {
                return new UnfinishedRun(run, dueAt, cancelRequested);
            }
            return new UnfinishedRun(run.unclaimed(), null, cancelRequested);
        }

        public boolean inFlight() {
            return run.status() == RunStatus.RUNNING;
        }

        /** Waiting and due: queued, or retrying once its backoff is over. */
        public boolean dueAt(Instant now) {
            return run.status() == RunStatus.QUEUED
                    || (run.status() == RunStatus.RETRYING && dueAt != null && !dueAt.isAfter(now));
        }

        /** What a plain claim asks of the row: due, an attempt left, no cancel asked for. */
        public boolean claimableAt(Instant now) {
            return dueAt(now) && run.hasAttemptsLeft() && !cancelRequested;
        }

        /** Attempted and ready to run again: it goes before every run never attempted. */
        public boolean waitsToRunAgain(Instant now) {
            return run.attempt() > 0 && !cancelRequested && dueAt(now);
        }
    }

    /**
     * Everything the rules weigh.
     *
     * @param run           the run to claim, as read just now
     * @param task          its task's rules; null when the task is gone
     * @param others        the task's other unfinished runs (needed only under forbid and replace)
     * @param laterMisfires how many later cron fires of the task are misfires too (see
     *                      {@link #isLaterMisfire}); needed only when {@link #countsLaterMisfires}
     * @param now           the time of the claim
     * @param recheckAt     when a deferred run is due again
     */
    public record Input(UnfinishedRun run, TaskRules task, List<UnfinishedRun> others, long laterMisfires, Instant now,
                        Duration misfireThreshold, Instant recheckAt) {
        public Input {
            Objects.requireNonNull(run, "run");
            others = List.copyOf(others);
            Objects.requireNonNull(now, "now");
            Objects.requireNonNull(misfireThreshold, "misfireThreshold");
            Objects.requireNonNull(recheckAt, "recheckAt");
        }
    }

    /** The kinds of {@link Decision}. */
    public enum Verdict {
        /** Claim the run (its next attempt). */
        CLAIM,
        /** Claim the run and ask the runs of {@link Decision#cancel()} to stop (replace). */
        CLAIM_AND_CANCEL,
        /** Leave it waiting, due again at {@link Decision#until()} (forbid). */
        DEFER,
        /** Record it SKIPPED, for {@link Decision#reason()}; only a run never attempted. */
        SKIP,
        /** Record it CANCELLED before it started, for {@link Decision#reason()}. */
        CANCEL_SELF,
        /** Nothing to claim now: a retry in its backoff, no attempt left, or not waiting. */
        UNAVAILABLE
    }

    /** What to do with the run; {@code until}, {@code reason} and {@code cancel} as the verdict needs. */
    public record Decision(Verdict verdict, Instant until, String reason, List<Run> cancel) {
        public Decision {
            Objects.requireNonNull(verdict, "verdict");
            cancel = cancel == null ? List.of() : List.copyOf(cancel);
        }

        public static Decision claim() {
            return new Decision(Verdict.CLAIM, null, null, List.of());
        }

        public static Decision claimAndCancel(List<Run> others) {
            return new Decision(Verdict.CLAIM_AND_CANCEL, null, null, others);
        }

        public static Decision defer(Instant until) {
            return new Decision(Verdict.DEFER, Objects.requireNonNull(until, "until"), null, List.of());
        }

        public static Decision skip(String reason) {
            return new Decision(Verdict.SKIP, null, Objects.requireNonNull(reason, "reason"), List.of());
        }

        public static Decision cancelSelf(String reason) {
            return new Decision(Verdict.CANCEL_SELF, null, Objects.requireNonNull(reason, "reason"), List.of());
        }

        public static Decision unavailable() {
            return new Decision(Verdict.UNAVAILABLE, null, null, List.of());
        }
    }

    /**
     * What the run's own row decides before its task is read: a cancel asked for, or nothing to
     * claim now. Empty: the task's rules decide ({@link #decide}).
     */
    public static Optional<Decision> ownState(UnfinishedRun run, Instant now) {
        if (run.cancelRequested() && (run.run().status() == RunStatus.QUEUED
                || run.run().status() == RunStatus.RETRYING)) {
            return Optional.of(cancelled(run.run()));
        }
        if (!run.claimableAt(now)) {
            return Optional.of(Decision.unavailable());
        }
        return Optional.empty();
    }

    /** What the error of a fire withdrawn by a task change starts with. */
    public static final String WITHDRAWN = "withdrawn: ";

    /**
     * A waiting run whose cancel was asked for: a fire never attempted that a task change withdrew
     * (the change asked with its reason) is SKIPPED like any withdrawn fire; any other is
     * CANCELLED before it started.
     */
    public static Decision cancelled(Run run) {
        if (mayBeSkipped(run) && run.trigger() == TriggerType.CRON && run.error() != null
                && run.error().startsWith(WITHDRAWN)) {
            return Decision.skip(run.error());
        }
        return Decision.cancelSelf("cancelled before it started");
    }

    /** The decision for the claim of {@code input.run()}. */
    public static Decision decide(Input input) {
        Optional<Decision> own = ownState(input.run(), input.now());
        if (own.isPresent()) {
            return own.get();
        }
        TaskRules task = input.task();
        Run run = input.run().run();
        // A shard is never weighed against its siblings: its task's policy applied to the fire as
        // a whole when the leader split it.
        if (task == null || run.trigger() == TriggerType.SHARD) {
            return Decision.claim();
        }
        if (isLateFire(run, input.now(), input.misfireThreshold())) {
            Optional<String> dropped = misfire(run, task, input.laterMisfires(), input.now());
            if (dropped.isPresent()) {
                return Decision.skip(dropped.get());
            }
        }
        List<UnfinishedRun> others = input.others().stream().filter(other -> other.run().id() != run.id()).toList();
        return switch (task.concurrency()) {
            case ALLOW -> Decision.claim();
            case FORBID -> forbid(input, others);
            case REPLACE -> replace(run, others);
        };
    }

    /**
     * Whether a claim of the run must weigh its task's rules on its own (under the task's lock)
     * rather than in a batch of plain claims: a task not known to allow overlaps (null: gone), a
     * cancel asked for, or a late cron fire. A shard is weighed only for a cancel: its task's
     * policy applied to its fire as a whole.
     */
    public static boolean weighedAlone(UnfinishedRun run, ConcurrencyPolicy concurrency, Instant now,
                                       Duration misfireThreshold) {
        if (run.run().trigger() == TriggerType.SHARD) {
            return run.cancelRequested();
        }
        return concurrency != ConcurrencyPolicy.ALLOW || run.cancelRequested()
                || isLateFire(run.run(), now, misfireThreshold);
    }

    /**
     * Whether a claim is an attempt at once: the run is due now (a manual run, or a fire whose time
     * has come) and needs no decision of its task's rules. Any other claim is held, and begun by
     * {@link HeldClaimRules} at the run's time, under the rules as they are then.
     */
    public static boolean beginsAtClaim(UnfinishedRun run, ConcurrencyPolicy concurrency, Instant now,
                                        Duration misfireThreshold) {
        return !weighedAlone(run, concurrency, now, misfireThreshold)
                && (!run.run().trigger().waitsForItsTime() || !run.run().scheduledAt().isAfter(now));
    }

    /**
     * A cron run never attempted that would start more than the misfire threshold after it was
     * judged due: its task's misfire policy decides whether it runs.
     */
    public static boolean isLateFire(Run run, Instant now, Duration misfireThreshold) {
        return run.trigger() == TriggerType.CRON && mayBeSkipped(run)
                && now.isAfter(judgedAt(run).plus(misfireThreshold));
    }

    /** Whether {@link Input#laterMisfires()} matters to the decision, so that a store counts them only then. */
    public static boolean countsLaterMisfires(Run run, TaskRules task, Instant now, Duration misfireThreshold) {
        return task != null && isLateFire(run, now, misfireThreshold) && task.misfire().firesKept(task.catchUpLimit()) > 0;
    }

    /**
     * Whether {@code other} is a later cron fire of {@code run}'s task that is a misfire too: fired
     * after it and more than the threshold before now, whatever became of it.
     */
    public static boolean isLaterMisfire(Run run, Run other, Instant now, Duration misfireThreshold) {
        return other.taskId() == run.taskId() && other.trigger() == TriggerType.CRON
                && other.scheduledAt().isAfter(run.scheduledAt())
                && other.scheduledAt().isBefore(misfiresBefore(now, misfireThreshold));
    }

    /** Fires scheduled before this instant are misfires at {@code now}. */
    public static Instant misfiresBefore(Instant now, Duration misfireThreshold) {
        return now.minus(misfireThreshold);
    }

    /** When a run was judged due: its fire time, or when it was recorded if that was later (caught up). */
    public static Instant judgedAt(Run run) {
        return run.createdAt() != null && run.createdAt().isAfter(run.scheduledAt()) ? run.createdAt()
                : run.scheduledAt();
    }

    public static boolean neverAttempted(Run run) {
        return run.attempt() == 0;
    }

    /** Never attempted, and in a status {@link RunTransition#SKIP} takes: only such a run may be dropped. */
    public static boolean mayBeSkipped(Run run) {
        return neverAttempted(run) && RunTransition.SKIP.from().contains(run.status());
    }

    /**
     * Why a late cron run is dropped under its task's misfire policy, or empty if it runs: the
     * policy keeps the newest misfires (none, one, or the catch-up limit), as the scheduler does;
     * a later fire still within the threshold is on time and takes no misfire's place.
     */
    private static Optional<String> misfire(Run run, TaskRules task, long laterMisfires, Instant now) {
        String late = Durations.format(Duration.between(run.scheduledAt(), now).truncatedTo(ChronoUnit.SECONDS));
        int keep = task.misfire().firesKept(task.catchUpLimit());
        if (keep == 0) {
            return Optional.of("misfire: not started until " + late + " after its time (policy skip)");
        }
        if (laterMisfires < keep) {
            return Optional.empty();
        }
        return Optional.of(task.misfire() == MisfirePolicy.FIRE_ONCE
                ? "misfire: not started until " + late + " after its time; a later fire runs instead (policy fire-once)"
                : "misfire: not started until " + late + " after its time, beyond the catch-up limit (policy catch-up)");
    }

    private static Decision forbid(Input input, List<UnfinishedRun> others) {
        Run run = input.run().run();
        Instant now = input.now();
        Optional<Run> ahead = others.stream()
                .filter(other -> other.inFlight() || (other.waitsToRunAgain(now)
                        && (neverAttempted(run) || QUEUE_ORDER.compare(other.run(), run) < 0)))
                .map(UnfinishedRun::run).min(QUEUE_ORDER);
        if (ahead.isEmpty()) {
            return Decision.claim();
        }
        if (!mayBeSkipped(run) || now.isBefore(judgedAt(run).plus(input.misfireThreshold()))) {
            return Decision.defer(input.recheckAt());
        }
        Run blocker = ahead.get();
        return Decision.skip("skipped: run " + blocker.id() + " of this task was "
                + (blocker.status() == RunStatus.RUNNING ? "still running" : "waiting to run again")
                + " (policy forbid)");
    }

    private static Decision replace(Run run, List<UnfinishedRun> others) {
        List<Run> earlier = new ArrayList<>();
        Run overtaken = null;
        for (UnfinishedRun other : others) {
            if (!other.inFlight()) {
                continue;
            }
            if (QUEUE_ORDER.compare(other.run(), run) < 0) {
                earlier.add(other.run());
            } else if (overtaken == null || QUEUE_ORDER.compare(other.run(), overtaken) < 0) {
                overtaken = other.run();
            }
        }
        if (overtaken != null) {
            return Decision.cancelSelf("cancelled: the later run " + overtaken.id()
                    + " of this task had started (policy replace)");
        }
        earlier.sort(QUEUE_ORDER);
        return earlier.isEmpty() ? Decision.claim() : Decision.claimAndCancel(earlier);
    }
}
