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

    /**
     * Records one shard of a sharded fire again, as a manual run due now: the shard's task, index,
     * total and parameters, queued at a free millisecond of its own (never a parent, and no shard
     * of the fire it came from: that fire keeps its shards and its result).
     *
     * @throws IllegalArgumentException for a run that is no shard
     */
    Run insertShardAgain(Run shard, Instant requestedAt, int maxAttempts);

    /**
     * Records a run {@code request} asks for: now (MANUAL, at {@code now}), or at its time (a
     * ONE_OFF run, due then), each at a free millisecond off the whole second like a manual run. A
     * request with an idempotency key this task has seen gets that key's run, unchanged, whatever
     * else it asks; concurrent requests with one key record one run.
     */
    Requested insertRequested(long taskId, io.redcron.domain.RunRequest request, Instant now, int maxAttempts);

    /** A requested run, and whether this request recorded it (false: an earlier one with its key did). */
    record Requested(Run run, boolean recorded) {
    }

    /** One run, with its output. */
    Optional<Run> get(long id);

    /**
     * The shards of a sharded fire's parent run, by index; none for a parent not split yet, or a
     * run that is no parent. Read through the fire's key, so as cheap as one run.
     */
    List<Run> shards(Run parent);

    /** The parent run of a shard, through the fire's key; empty for a run that is no shard, or a shard run again on its own. */
    Optional<Run> parent(Run shard);

    /**
     * Runs by id, without their output (as {@link #list} reads them); ids of no run are left out.
     * For the few hundred runs a screen names at once (dead and delayed entries).
     */
    Map<Long, Run> getAll(Collection<Long> ids);

    /**
     * The attempts of a run that another attempt followed (a retry, or a lost or handed-back
     * attempt queued again), oldest first; the run itself holds its latest attempt.
     */
    List<io.redcron.domain.PastAttempt> attempts(long runId);

    /**
     * A page of runs without their output ({@link Run#output()} is null): a page of fifty would
     * otherwise read up to fifty times {@code worker.output-tail}. {@link #get} reads one run's output.
     */
    Page<Run> list(RunFilter filter, PageRequest page);

    /**
     * For each task, its latest {@code last} ended runs (newest by fire time): the newest one's
     * status and end, and how many succeeded. Tasks that never ended a run are absent.
     */
    Map<Long, RecentResults> recentResults(java.util.Collection<Long> taskIds, int last);

    /** When the task's newest success (the last recorded) ended; empty if it never succeeded. */
    Optional<Instant> lastSuccess(String namespace, long taskId);

    /**
     * Takes ownership of a run for its next attempt: succeeds only if it is QUEUED, or RETRYING
     * with its backoff over at {@code now}, and has an attempt left (a RUNNING run whose lease
     * expired is first put back by the reaper, which records the lost attempt). Returns the run as
     * claimed (attempt incremented, status RUNNING), or empty if another node has it or it is final.
     */
    Optional<Run> claim(long runId, String node, Instant now, Instant leaseUntil);

    /**
     * Claims many runs at once (one read and one conditional write, each run fenced by the attempt
     * the read saw): every one that {@link #claim(long, String, Instant, Instant)} would claim.
     * A claim is an attempt at once only for a run that is due and needs no decision of its task's
     * rules (policy ALLOW, and not a cron run never attempted that was judged due more than
     * {@code misfireThreshold} ago): {@link BatchClaim#begun()}. Every other claim is
     * {@link BatchClaim#held()}: a reservation that becomes an attempt only through
     * {@link #beginAll}, which weighs the task's rules at the run's time, and that is released, not
     * counted as an attempt, if its node stops first. A waiting run whose cancellation was asked
     * for is recorded CANCELLED. Every id in neither list cannot be claimed (another node has it,
     * it is final or gone, its backoff is not over, or no attempt is left).
     */
    BatchClaim claimAll(Collection<Long> runIds, String node, Instant now, Instant leaseUntil,
                        java.time.Duration misfireThreshold);

    /** What {@link #claimAll} came to: claims that are attempts already, and claims held for {@link #beginAll}. */
    record BatchClaim(List<Run> begun, List<Run> held) {
        public BatchClaim {
            begun = List.copyOf(begun);
            held = List.copyOf(held);
        }
    }

    /**
     * Begins claims this node holds ({@link BatchClaim#held()}), when their time has come, under
     * their tasks' rules as they read now, decided together and atomically per task (the tasks'
     * rows are locked when a rule must be weighed):
     * <ul>
     *   <li>a cancel asked for meanwhile: recorded CANCELLED;</li>
     *   <li>a cron run never attempted that would start more than {@code misfireThreshold} after
     *       it was judged due (its fire time, or when it was recorded if later) follows the
     *       task's misfire policy, and is recorded SKIPPED, with how late it was, if the policy
     *       drops it;</li>
     *   <li>FORBID: a run waits behind the task's runs in flight and its runs waiting to run
     *       again after a lost or failed attempt: DEFERRED, its claim released (it never began),
     *       the run waiting again, due at {@code recheckAt}. A run that has been attempted is never skipped: it waits as long as
     *       it takes (behind runs in flight and earlier re-runs only). A run never attempted waits
     *       until the misfire threshold, then is recorded SKIPPED naming the run it waited for;</li>
     *   <li>REPLACE: it begins and names the task's earlier runs in flight (marked for
     *       cancellation); a run overtaken by a later one in flight is recorded CANCELLED.</li>
     * </ul>
     * A run that begins has its lease renewed to the mark's {@code leaseUntil} and becomes an
     * attempt (CLAIMED); from then on a node that stops loses the attempt. A claim that is not this
     * node's attempt any more is UNAVAILABLE. Returns one result per mark, in order.
     */
    List<Claim> beginAll(String node, List<StartMark> marks, Instant now, java.time.Duration misfireThreshold,
                         Instant recheckAt);

    /**
     * Claims runs that are due now and begins them at once under their tasks' rules, in one
     * transaction: what {@link #claimAll} and then {@link #beginAll} would do, except that a run
     * its rules refuse now (DEFERRED) is never seen claimed meanwhile. For a worker trying again
     * the runs it deferred. Returns one result per id, in order; UNAVAILABLE for a run that could
     * not be claimed.
     */
    List<Claim> claimAndBeginAll(List<Long> runIds, String node, Instant now, Instant leaseUntil,
                                 java.time.Duration misfireThreshold, Instant recheckAt);

    /**
     * A held claim to begin: the run, the attempt its claim took and that claim's token
     * ({@link Run#claim()}), which alone tells it from an earlier claim of the same node and
     * attempt that was released meanwhile.
     */
    record StartMark(long runId, int attempt, long claim, Instant leaseUntil) {
        /** The mark that begins {@code held}, as its claim returned it. */
        public static StartMark of(Run held, Instant leaseUntil) {
            return new StartMark(held.id(), held.attempt(), held.claim(), leaseUntil);
        }
    }

    /**
     * Gives a claimed run back (the node is shutting down): RUNNING to QUEUED, if still ours. An
     * attempt that began counts as lost; a claim that never began is released, its attempt taken
     * back, only by the claim that made it ({@code claim}, its {@link Run#claim()}).
     */
    boolean handBack(long runId, int attempt, long claim, String node, Instant now, String reason);

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
