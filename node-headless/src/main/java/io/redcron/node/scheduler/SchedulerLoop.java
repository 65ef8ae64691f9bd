package io.redcron.node.scheduler;

import io.redcron.node.Waiter;
import io.redcron.schedule.FirePlan;
import io.redcron.schedule.FirePlanner;
import io.redcron.port.FencedOutException;
import io.redcron.port.ScheduleIndex;
import io.redcron.port.SchedulerStore;
import io.redcron.port.RunQueue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Set;

/**
 * The leader's main loop: keep the index in step, fire what is due within the lookahead, promote
 * due retries, then sleep until the earliest entry comes within the lookahead (at most a tick) or
 * until woken by a task change. Housekeeping (reaper, shard coordinator, reconciler) runs every
 * few passes.
 * Followers just wait for their turn.
 *
 * <p>The lookahead moves the database work of a fire (its run row, its stream entry, a worker's
 * claim) before its due time, so that the run can start on time; a zero lookahead records each
 * fire once it is due.
 */
public final class SchedulerLoop implements Runnable {
    private static final Logger LOG = LoggerFactory.getLogger(SchedulerLoop.class);

    private final String namespace;
    private final Leadership leadership;
    private final SchedulerStore store;
    private final ScheduleIndex index;
    private final RunQueue queue;
    private final IndexSync sync;
    private final FirePass fires;
    private final Reaper reaper;
    private final ShardCoordinator shards;
    private final Reconciler reconciler;
    private final StreamSweep sweep;
    private final UnservedGroups unserved;
    private final Clock clock;
    private final Duration tick;
    private final Duration lookahead;
    private final Duration housekeeping;
    private final int batchSize;
    private final Waiter waiter = new Waiter();
    private volatile boolean running = true;
    private long leadingEpoch = -1;
    private Instant nextHousekeeping = Instant.MIN;
    private Set<String> groups = Set.of();

    public SchedulerLoop(Settings settings, Leadership leadership, SchedulerStore store, ScheduleIndex index,
                         RunQueue queue, Reaper reaper, Reconciler reconciler, StreamSweep sweep,
                         UnservedGroups unserved, Clock clock, io.redcron.node.alert.AlertSink alerts,
                         TaskFireRules rules, ShardCoordinator shards) {
        this.namespace = settings.namespace();
        this.leadership = leadership;
        this.store = store;
        this.index = index;
        this.queue = queue;
        this.sync = new IndexSync(namespace, store, index);
        this.fires = new FirePass(namespace, store, index, queue, settings.planner(), settings.batchSize(),
                settings.rowsPerTransaction(), alerts, rules);
        this.reaper = reaper;
        this.shards = shards;
        this.reconciler = reconciler;
        this.sweep = sweep;
        this.unserved = unserved;
        this.clock = clock;
        this.tick = settings.tick();
        this.lookahead = settings.lookahead();
        this.housekeeping = settings.housekeeping();
        this.batchSize = settings.batchSize();
    }

    /**
     * What the loop needs to know, from the node's configuration.
     *
     * @param batchSize          due tasks taken per pass
     * @param lookahead          how long before its due time a fire is recorded and queued
     * @param rowsPerTransaction run rows recorded per transaction at most
     */
    public record Settings(String namespace, Duration tick, Duration housekeeping, int batchSize, FirePlanner planner,
                           Duration lookahead, int rowsPerTransaction) {
        public Settings {
            if (lookahead.isNegative()) {
                throw new IllegalArgumentException("lookahead: must not be negative, got " + lookahead);
            }
            if (planner.limit() > rowsPerTransaction) {
                throw new IllegalArgumentException("rowsPerTransaction: must be at least the planner's fires per task ("
                        + planner.limit() + "), got " + rowsPerTransaction);
            }
        }
    }

    @Override
    public void run() {
        while (running) {
            Duration sleep = pass();
            if (!sleep.isZero()) {
                waiter.await(sleep);
            }
        }
    }

    /** One pass; returns how long to sleep before the next. */
    Duration pass() {
        var term = leadership.current();
        if (term.isEmpty()) {
            leadingEpoch = -1;
            return tick;
        }
        long epoch = term.get().epoch();
        try {
            if (epoch != leadingEpoch) {
                sync.reset();
                leadingEpoch = epoch;
                nextHousekeeping = Instant.MIN;
            }
            Instant now = clock.instant();
            sync.pass(now);
            int due = fires.run(epoch, now, now.plus(lookahead));
            queue.promoteDue(now, batchSize);
            if (!now.isBefore(nextHousekeeping)) {
                housekeeping(epoch, now);
            }
            if (due >= batchSize || sync.rebuilding()) {
                return Duration.ZERO;
            }
            return untilNextFire(clock.instant());
        } catch (FencedOutException e) {
            LOG.warn("{}", e.getMessage());
            leadership.end();
            return tick;
        } catch (RuntimeException e) {
            LOG.warn("Scheduler pass for namespace '{}' failed: {}", namespace, e.getMessage());
            LOG.debug("Scheduler pass failure", e);
            return tick;
        }
    }

    /**
     * Each duty on its own: one that fails (a store down, an entry nobody expected) is logged and
     * tried again next time, and neither stops the others nor moves the next housekeeping earlier.
     */
    private void housekeeping(long epoch, Instant now) {
        nextHousekeeping = now.plus(housekeeping);
        duty("reading the task groups", () -> groups = store.groups(namespace));
        duty("reaper", () -> reaper.run(now, groups));
        duty("shard coordinator", () -> shards.run(epoch, now));
        duty("reconciler", () -> reconciler.run(now));
        duty("stream sweep", () -> sweep.run(groups));
        duty("check for groups without a worker", () -> unserved.run(now, groups));
    }

    private void duty(String name, Runnable duty) {
        try {
            duty.run();
        } catch (FencedOutException e) {
            throw e;
        } catch (RuntimeException e) {
            LOG.warn("Housekeeping ({}) in namespace '{}' failed: {}", name, namespace, e.getMessage());
            LOG.debug("Housekeeping failure", e);
        }
    }

    /** Until the earliest entry comes within the lookahead, at most a tick. */
    private Duration untilNextFire(Instant now) {
        Duration sleep = index.earliest().map(next -> Duration.between(now, next.minus(lookahead))).orElse(tick);
        if (sleep.isNegative()) {
            return Duration.ZERO;
        }
        return sleep.compareTo(tick) > 0 ? tick : sleep;
    }

    /** Wakes the loop now (a task changed, a term began). */
    public void wake() {
        waiter.wake();
    }

    public void stop() {
        running = false;
        waiter.wake();
    }
}
