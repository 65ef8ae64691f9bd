package io.redcron.node.worker;

import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.Task;
import io.redcron.port.Claim;
import io.redcron.port.EventBus;
import io.redcron.port.QueuedRun;
import io.redcron.port.RunOutcome;
import io.redcron.port.RunQueue;
import io.redcron.port.RunStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The two ways a delivered run becomes this node's. A delivery is claimed in one statement
 * ({@link #claimDelivery}); the runs whose task's rules must be weighed (a FORBID or REPLACE task, a
 * cancel asked for, a late fire) are passed on and claimed one by one under their policy
 * ({@link #claimOne}), when they are due. Each stream entry is acknowledged once its claim is
 * decided. A claimed run joins {@link RunsInFlight}.
 */
final class Claims {
    private static final Logger LOG = LoggerFactory.getLogger(Claims.class);
    private static final Duration FORBID_RECHECK = Duration.ofMillis(250);

    /** What a delivery came to: runs claimed now, and entries to claim one by one. */
    record Delivery(List<InFlight> claimed, List<QueuedRun> oneByOne) {
    }

    private final WorkerLoop.Settings settings;
    private final RunStore runs;
    private final RunQueue queue;
    private final TaskCache tasks;
    private final EventBus events;
    private final RunsInFlight inFlight;
    private final Clock clock;

    Claims(WorkerLoop.Settings settings, RunStore runs, RunQueue queue, TaskCache tasks, EventBus events,
           RunsInFlight inFlight, Clock clock) {
        this.settings = settings;
        this.runs = runs;
        this.queue = queue;
        this.tasks = tasks;
        this.events = events;
        this.inFlight = inFlight;
        this.clock = clock;
    }

    /** Claims a delivery in one statement and acknowledges every entry decided by it. */
    Delivery claimDelivery(List<QueuedRun> delivered, Instant now) {
        List<Long> ids = new ArrayList<>(delivered.size());
        for (QueuedRun entry : delivered) {
            ids.add(entry.runId());
        }
        RunStore.BatchClaim batch = runs.claimAll(ids, settings.nodeId(), now, now.plus(settings.lease()),
                settings.misfireThreshold());
        Set<Long> passed = new HashSet<>(batch.passed());
        List<QueuedRun> decided = new ArrayList<>(delivered.size());
        List<QueuedRun> oneByOne = new ArrayList<>();
        for (QueuedRun entry : delivered) {
            (passed.remove(entry.runId()) ? oneByOne : decided).add(entry);
        }
        ack(decided);
        List<InFlight> claimed = new ArrayList<>(batch.claimed().size());
        if (!batch.claimed().isEmpty()) {
            List<Long> taskIds = new ArrayList<>(batch.claimed().size());
            for (Run run : batch.claimed()) {
                taskIds.add(run.taskId());
            }
            Map<Long, Task> found = tasks.get(taskIds);
            for (Run run : batch.claimed()) {
                prepare(run, Optional.ofNullable(found.get(run.taskId()))).ifPresent(claimed::add);
            }
        }
        return new Delivery(claimed, oneByOne);
    }

    /** The delivered run, if it still waits; a run that is gone or final just has its entry acknowledged. */
    Optional<Run> waiting(QueuedRun entry) {
        Optional<Run> found = runs.get(entry.runId());
        if (found.isEmpty() || found.get().status().isFinal()) {
            queue.ack(List.of(entry));
            return Optional.empty();
        }
        return found;
    }

    /** Claims one delivered run that still waits under its task's policy; the run to execute, if claimed. */
    Optional<InFlight> claimOne(QueuedRun entry, Run run) {
        // Read afresh: this path already costs a few statements, and a FORBID or REPLACE task is
        // often edited while its previous run is in flight, which the next run must then follow
        // even when the task-changed event was lost.
        Optional<Task> task = tasks.fresh(run.taskId());
        Instant now = clock.instant();
        Claim claim = runs.claim(run.id(), settings.nodeId(), now, now.plus(settings.lease()),
                settings.misfireThreshold(), now.plus(FORBID_RECHECK));
        if (claim.result() == Claim.Result.DEFERRED) {
            // Waits for the run in flight; the delayed set brings it back shortly.
            queue.delay(QueuedRun.of(run.group(), run.id()), now.plus(FORBID_RECHECK));
        }
        if (claim.result() != Claim.Result.CLAIMED) {
            queue.ack(List.of(entry));
            return Optional.empty();
        }
        ack(List.of(entry));
        for (Run replaced : claim.replaced()) {
            publishCancel(replaced.id());
        }
        Optional<InFlight> flight = prepare(claim.run(), task);
        // Claimed a moment before its time (the starter woke early): it begins when marked, like a held run.
        flight.ifPresent(claimed -> claimed.claimedAhead = HeldRuns.startsLater(claim.run(), now));
        return flight;
    }

    /** On a slot at the entry's time: claims it if it still waits; never throws. */
    Optional<InFlight> claimDue(QueuedRun entry) {
        try {
            return waiting(entry).flatMap(run -> claimOne(entry, run));
        } catch (RuntimeException e) {
            // Unacknowledged, the entry is handed back by the reaper: nothing is lost.
            LOG.warn("Run {}: could not claim it at its time: {}", entry.runId(), e.getMessage());
            return Optional.empty();
        }
    }

    /** A run just claimed joins those in flight; one whose task was deleted ends here, failed, never run. */
    private Optional<InFlight> prepare(Run claimed, Optional<Task> task) {
        if (task.isEmpty()) {
            RunOutcome failed = new RunOutcome(RunStatus.FAILED, clock.instant(), null, "",
                    tasks.whyMissing(claimed.taskId(), claimed.taskName()));
            runs.completeAll(List.of(new RunStore.Completion(claimed.id(), claimed.attempt(), RunStatus.RUNNING,
                    failed, null, settings.nodeId())));
            return Optional.empty();
        }
        InFlight flight = new InFlight(claimed, task.get());
        inFlight.add(flight);
        return Optional.of(flight);
    }

    private void ack(List<QueuedRun> entries) {
        try {
            queue.ack(entries);
        } catch (RuntimeException e) {
            // The claims in MySQL made the runs ours; entries left unacknowledged (Redis failing
            // over) are handed back by the reaper later and dropped then, their runs no longer waiting.
            LOG.warn("Could not acknowledge {} queue entries, running the claimed runs anyway: {}", entries.size(),
                    e.getMessage());
        }
    }

    private void publishCancel(long runId) {
        try {
            events.publish(new EventBus.Event(EventBus.Event.Kind.CANCEL_RUN, runId));
        } catch (RuntimeException e) {
            LOG.warn("Could not ask for run {} to be cancelled: {}", runId, e.getMessage());
        }
    }
}
