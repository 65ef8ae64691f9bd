package io.redcron.node.worker;

import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.Task;
import io.redcron.port.QueuedRun;
import io.redcron.port.RunOutcome;
import io.redcron.port.RunQueue;
import io.redcron.port.RunStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * How a delivered run becomes this node's: a delivery is claimed in one statement, and every
 * stream entry is acknowledged once that claim decided it. A run due now whose task's rules need
 * no weighing is an attempt at once; every other claim is held, to be begun at the run's time
 * under its rules ({@link Begins}). A claimed run joins {@link RunsInFlight}.
 */
final class Claims {
    private static final Logger LOG = LoggerFactory.getLogger(Claims.class);
    /** What a delivery came to: attempts that start now, and claims held until they are begun. */
    record Delivery(List<InFlight> begun, List<InFlight> held) {
    }

    private final WorkerLoop.Settings settings;
    private final RunStore runs;
    private final RunQueue queue;
    private final TaskCache tasks;
    private final RunsInFlight inFlight;
    private final Clock clock;

    Claims(WorkerLoop.Settings settings, RunStore runs, RunQueue queue, TaskCache tasks, RunsInFlight inFlight,
           Clock clock) {
        this.settings = settings;
        this.runs = runs;
        this.queue = queue;
        this.tasks = tasks;
        this.inFlight = inFlight;
        this.clock = clock;
    }

    /** Claims a delivery in one statement and acknowledges its entries, every one decided by it. */
    Delivery claimDelivery(List<QueuedRun> delivered, Instant now) {
        List<Long> ids = new ArrayList<>(delivered.size());
        for (QueuedRun entry : delivered) {
            ids.add(entry.runId());
        }
        Delivery delivery = claim(ids, now);
        ack(delivered);
        return delivery;
    }

    /**
     * Held claims that began run their task as it is now, not as it was when they were claimed a
     * lookahead before: an edit announced meanwhile dropped the cached definition. A task gone
     * meanwhile keeps the definition read at the claim (its fires were withdrawn by the change).
     */
    void refresh(List<InFlight> begun) {
        if (begun.isEmpty()) {
            return;
        }
        List<Long> taskIds = new ArrayList<>(begun.size());
        for (InFlight flight : begun) {
            taskIds.add(flight.run.taskId());
        }
        Map<Long, Task> found = tasks.get(taskIds);
        for (InFlight flight : begun) {
            Task now = found.get(flight.run.taskId());
            if (now != null) {
                flight.task = now;
            }
        }
    }

    /** A run claimed and begun again by this worker ({@link Begins#beginAgain}) joins those in flight. */
    Optional<InFlight> adopt(Run begun) {
        return prepare(begun, Optional.ofNullable(tasks.get(List.of(begun.taskId())).get(begun.taskId())));
    }

    private Delivery claim(List<Long> ids, Instant now) {
        RunStore.BatchClaim batch = runs.claimAll(ids, settings.nodeId(), now, now.plus(settings.lease()),
                settings.misfireThreshold());
        List<Run> claimed = new ArrayList<>(batch.begun());
        claimed.addAll(batch.held());
        if (claimed.isEmpty()) {
            return new Delivery(List.of(), List.of());
        }
        List<Long> taskIds = new ArrayList<>(claimed.size());
        for (Run run : claimed) {
            taskIds.add(run.taskId());
        }
        Map<Long, Task> found = tasks.get(taskIds);
        List<InFlight> begun = new ArrayList<>(batch.begun().size());
        for (Run run : batch.begun()) {
            prepare(run, Optional.ofNullable(found.get(run.taskId()))).ifPresent(begun::add);
        }
        List<InFlight> held = new ArrayList<>(batch.held().size());
        for (Run run : batch.held()) {
            prepare(run, Optional.ofNullable(found.get(run.taskId()))).ifPresent(held::add);
        }
        return new Delivery(begun, held);
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
        InFlight earlier = inFlight.add(flight);
        if (earlier != null) {
            // The store took that claim away before granting this one: it must not run on. Held,
            // its begin is refused (the claim's token fences it); executing, it is stopped, as a
            // run whose lease was refused is, and its result is refused by its attempt.
            LOG.warn("Run {}: claimed again as attempt {}; this node's earlier claim (attempt {}) had lapsed",
                    claimed.id(), claimed.attempt(), earlier.run.attempt());
            earlier.cancellation.cancel("node " + settings.nodeId() + " lost this claim: its lease lapsed");
        }
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
}
