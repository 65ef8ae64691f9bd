package io.redcron.node.scheduler;

import io.redcron.port.QueuedRun;
import io.redcron.port.RunOutbox;
import io.redcron.port.RunQueue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * The leader's duty for runs recorded inside an application's transaction (the JDBC client): reads
 * the run outbox of its namespace and puts each run that still waits on its group's stream, or,
 * when it is due later than the lookahead, on the delayed set until a lookahead before its time
 * (as an operator's run for later is), then deletes the entries. An entry is deleted only after
 * its run was queued, so a leader that stops in between leaves it for the next pass or the next
 * leader: the run is queued twice, and the second claim of it fails. Entries of runs that ended
 * or were deleted are just deleted. Nothing here is fenced: queueing a waiting run again is
 * harmless, so an old leader's late pass can do no wrong.
 */
public final class RunOutboxRelay implements Runnable {
    private static final Logger LOG = LoggerFactory.getLogger(RunOutboxRelay.class);
    /** Entries read per statement. */
    static final int BATCH = 500;
    /** Batches per pass at most: a burst is worked off over a few passes, never one endless one. */
    static final int BATCHES_PER_PASS = 20;

    private final String namespace;
    private final RunOutbox outbox;
    private final RunQueue queue;
    private final Duration lookahead;
    private final BooleanSupplier leading;
    private final Clock clock;

    /**
     * @param lookahead how long before its time a run reaches its stream (the scheduler's)
     * @param leading   whether this node leads the namespace now
     */
    public RunOutboxRelay(String namespace, RunOutbox outbox, RunQueue queue, Duration lookahead,
                          BooleanSupplier leading, Clock clock) {
        this.namespace = namespace;
        this.outbox = outbox;
        this.queue = queue;
        this.lookahead = lookahead;
        this.leading = leading;
        this.clock = clock;
    }

    @Override
    public void run() {
        for (int batch = 0; batch < BATCHES_PER_PASS && leading.getAsBoolean(); batch++) {
            if (relay() < BATCH) {
                // All read, or some could not be queued: those wait for the next pass.
                return;
            }
        }
    }

    /** One batch; returns how many entries it settled (queued, or left alone as no longer waiting). */
    int relay() {
        List<RunOutbox.Entry> entries = outbox.pending(namespace, BATCH);
        if (entries.isEmpty()) {
            return 0;
        }
        Instant horizon = clock.instant().plus(lookahead);
        List<QueuedRun> now = new ArrayList<>();
        List<Long> done = new ArrayList<>();
        for (RunOutbox.Entry entry : entries) {
            if (!entry.waits()) {
                done.add(entry.runId());
            } else if (entry.dueAt().isAfter(horizon)) {
                try {
                    queue.delay(QueuedRun.of(entry.group(), entry.runId()), entry.dueAt().minus(lookahead));
                    done.add(entry.runId());
                } catch (RuntimeException e) {
                    LOG.warn("Could not hold run {} of {} until its time (tried again next pass): {}", entry.runId(),
                            namespace, e.getMessage());
                }
            } else {
                now.add(QueuedRun.of(entry.group(), entry.runId()));
            }
        }
        if (!now.isEmpty()) {
            try {
                queue.enqueue(now);
                now.forEach(run -> done.add(run.runId()));
            } catch (RuntimeException e) {
                LOG.warn("Could not queue {} runs of {} (tried again next pass): {}", now.size(), namespace,
                        e.getMessage());
            }
        }
        outbox.delete(namespace, done);
        return done.size();
    }
}
