package io.redcron.port;

import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;

import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Run history, the record of every fire. Status changes are conditional: they name the status
 * (and attempt) they expect and report whether they applied, so racing nodes cannot overwrite
 * each other.
 */
public interface RunStore {

    /**
     * Records the cron fire of a task at {@code scheduledAt}, or returns the run that already
     * records it: one run per fire, however often this is called.
     */
    Run insertOrGetCronFire(long taskId, Instant scheduledAt, int maxAttempts);

    /** Records a manual run due now, with parameter overrides. */
    Run insertManual(long taskId, Instant requestedAt, int maxAttempts, Map<String, String> params);

    /** One run, with its output. */
    Optional<Run> get(long id);

    /**
     * A page of runs without their output ({@link Run#output()} is null): a page of fifty would
     * otherwise read up to fifty times {@code worker.output-tail}. {@link #get} reads one run's output.
     */
    Page<Run> list(RunFilter filter, PageRequest page);

    /** The final status of each task's most recent ended run; tasks that never ended a run are absent. */
    Map<Long, RunStatus> lastResults(java.util.Collection<Long> taskIds);

    /**
     * Takes ownership of a run for its next attempt: succeeds only if it is QUEUED, or RETRYING
     * with its backoff over at {@code now}, and has an attempt left (a RUNNING run whose lease
     * expired is first put back by the reaper, which records the lost attempt). Returns the run as
     * claimed (attempt incremented, status RUNNING), or empty if another node has it or it is final.
     */
    Optional<Run> claim(long runId, String node, Instant now, Instant leaseUntil);

    /**
     * Claims a run under its task's rules, atomically per task (the task's row is locked), as
     * the task reads now:
     * <ul>
     *   <li>a cron run never attempted that would start more than {@code misfireThreshold} after
     *       it was judged due (its fire time, or when it was recorded if later) follows the
     *       task's misfire policy, and is recorded SKIPPED, with how late it was, if the policy
     *       drops it;</li>
     *   <li>FORBID: a run waits behind the task's runs in flight and its runs waiting to run
     *       again after a lost or failed attempt (DEFERRED, due again at {@code recheckAt}). A run
     *       that has been attempted is never skipped: it waits as long as it takes (behind runs in
     *       flight and earlier re-runs only). A run never attempted waits until the misfire
     *       threshold, then is recorded SKIPPED naming the run it waited for;</li>
     *   <li>REPLACE: claims it and names the task's earlier runs in flight (marked for
     *       cancellation); a run overtaken by a later one in flight is recorded CANCELLED;</li>
     *   <li>a run whose cancellation was requested is recorded CANCELLED.</li>
     * </ul>
     */
    Claim claim(long runId, String node, Instant now, Instant leaseUntil, java.time.Duration misfireThreshold,
                Instant recheckAt);

    /**
     * Claims many runs at once (one read and one conditional write, each run fenced by the attempt
     * the read saw), each exactly as {@link #claim(long, String, Instant, Instant)}
     * would, but only those that need no decision of their task's rules: policy ALLOW, no
     * cancellation requested, and not a cron run never attempted that was judged due more than
     * {@code misfireThreshold} ago. Other runs that are waiting are left untouched and named in
     * {@link BatchClaim#passed()}, for {@link #claim(long, String, Instant, Instant,
     * java.time.Duration, Instant)}; every id in neither list cannot be claimed (another node has
     * it, it is final or gone, its backoff is not over, or no attempt is left).
     */
    BatchClaim claimAll(Collection<Long> runIds, String node, Instant now, Instant leaseUntil,
                        java.time.Duration misfireThreshold);

    /** What {@link #claimAll} came to: the runs claimed (RUNNING, new attempt) and those passed on. */
    record BatchClaim(List<Run> claimed, List<Long> passed) {
        public BatchClaim {
            claimed = List.copyOf(claimed);
            passed = List.copyOf(passed);
        }
    }

    /**
     * Marks runs claimed ahead of their time as begun, just before they execute, and renews their
     * lease to {@code leaseUntil} (the same for all). Until then such a claim is not an attempt: if
     * its node stops, the claim is released rather than recorded lost. Each mark is fenced by the
     * attempt and this node, and refused when a cancel was asked for: a run whose mark is refused
     * must not be executed. Returns, per mark, whether it applied.
     */
    List<Boolean> markStarted(String node, List<StartMark> marks);

    /** A run about to begin executing on this node. */
    record StartMark(long runId, int attempt, Instant leaseUntil) {
    }

    /**
     * Gives a claimed run back (the node is shutting down): RUNNING to QUEUED, if still ours. An
     * attempt that began counts as lost; a claim that never began is released, its attempt taken back.
     */
    boolean handBack(long runId, int attempt, String node, Instant now, String reason);

    /**
     * Asks for a run to be cancelled: a waiting run becomes CANCELLED at once (returns its new
     * state), a running one is marked so that its worker (or whoever recovers it) stops it.
     */
    Optional<Run> requestCancel(long runId, Instant now, String reason);

    /** Extends the lease of an attempt this node still owns. */
    boolean renewLease(long runId, int attempt, String node, Instant leaseUntil);

    /**
     * Moves attempt {@code attempt} of a run from {@code from} to {@code outcome.status()}, if it
     * is still in {@code from} at that attempt. Illegal transitions are refused with
     * {@link IllegalStateException} before touching the store. The start the claim wrote is kept;
     * {@link #completeAll} writes the real start.
     */
    boolean complete(long runId, int attempt, RunStatus from, RunOutcome outcome);

    /**
     * Writes several outcomes in one transaction, each exactly as {@link #complete} would (fenced
     * by its attempt and expected status); returns, in order, whether each applied. A stale
     * attempt among them is refused without holding the others back.
     */
    List<Boolean> completeAll(List<Completion> completions);

    /**
     * One outcome for {@link #completeAll}: attempt {@code attempt} of a run, moving from {@code from}.
     *
     * @param startedAt when the attempt really began executing; it replaces the planned start the
     *                  claim wrote. Null for an attempt that ended before it began (a run held for
     *                  its scheduled time and cancelled meanwhile): it then has no start at all.
     * @param node      the node that claimed the attempt, which the row must still name (a claim
     *                  released before it began gives its attempt number back, so the number
     *                  alone does not tell one node's claim from the next); null: the attempt alone
     */
    record Completion(long runId, int attempt, RunStatus from, RunOutcome outcome, Instant startedAt, String node) {
        public Completion(long runId, int attempt, RunStatus from, RunOutcome outcome, Instant startedAt) {
            this(runId, attempt, from, outcome, startedAt, null);
        }
    }

    /**
     * Fails a run that is not being executed (QUEUED or RETRYING): the reconciler's end of a run
     * nobody started in time ({@code to} must be FAILED); true if it applied.
     */
    boolean changeIdle(long runId, RunStatus from, RunStatus to, String error, Instant now);
}
