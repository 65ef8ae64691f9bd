package io.redcron.node.scheduler;

import io.redcron.node.alert.AlertSink;
import io.redcron.schedule.FirePlanner;
import io.redcron.testkit.InMemoryStores;
import io.redcron.testkit.ManualClock;

import java.time.Duration;
import java.util.Set;

/**
 * The leader's duties on in-memory stores, one pass at a time, on the kit's clock: the scheduler
 * loop's own pass (index sync, fire pass, promotion of due retries, housekeeping when due) and
 * the reaper on its own. Nothing runs unless a test calls it.
 */
public final class ManualScheduler {
    private final InMemoryStores stores;
    private final ManualClock clock;
    private final String namespace;
    private final String nodeId;
    private final Leadership leadership;
    private final SchedulerLoop loop;
    private final Reaper reaper;

    /**
     * @param lookahead        how long before its time a fire is recorded and queued
     * @param misfireThreshold how late a fire may be before its task's misfire policy decides
     * @param runLease         the workers' run lease (the reaper's and reconciler's measure)
     */
    public ManualScheduler(InMemoryStores stores, ManualClock clock, String namespace, String nodeId,
                           Duration lookahead, Duration misfireThreshold, Duration runLease, AlertSink alerts) {
        this(stores, clock, namespace, nodeId, lookahead, misfireThreshold, runLease, alerts,
                new CombinedFireRules(new CalendarRules(namespace, stores.calendars()),
                        new MaintenanceWindowRules(namespace, stores.windows())));
    }

    /** @param rules the calendars and windows that decide fires besides the schedule */
    public ManualScheduler(InMemoryStores stores, ManualClock clock, String namespace, String nodeId,
                           Duration lookahead, Duration misfireThreshold, Duration runLease, AlertSink alerts,
                           TaskFireRules rules) {
        this.stores = stores;
        this.clock = clock;
        this.namespace = namespace;
        this.nodeId = nodeId;
        // The term is judged on the kit's clock, as the node judges it on the monotonic one.
        this.leadership = new Leadership(() -> clock.millis() * 1_000_000L);
        FirePlanner planner = new FirePlanner(misfireThreshold, 1000);
        SchedulerParts parts = new SchedulerParts(namespace, nodeId, stores.scheduler(), stores.recovery(),
                stores.runs(), stores.index(), stores.queue(), stores.nodes(), runLease, Duration.ofHours(1),
                Duration.ofMinutes(5), rules, stores.failing(), stores.sharded(), stores.events());
        SchedulerLoop.Settings settings = new SchedulerLoop.Settings(namespace, Duration.ofSeconds(1),
                Duration.ofSeconds(2), 1000, planner, lookahead, 5000);
        this.loop = parts.loop(settings, leadership, clock, alerts);
        this.reaper = new Reaper(namespace, nodeId, stores.recovery(), stores.queue(), runLease.plus(lookahead),
                SchedulerParts.MAX_LOST_ATTEMPTS, alerts, stores.failing());
    }

    /** Takes the lease and the next fencing epoch, as a node that wins the election does; returns the epoch. */
    public long lead() {
        String holder = nodeId + ":manual";
        stores.lease().tryAcquire(holder, Duration.ofDays(1));
        long epoch = stores.epochs().advance(namespace, holder);
        leadership.begin(new Leadership.Term(epoch, holder, Long.MAX_VALUE / 2));
        return epoch;
    }

    /** One pass of the scheduler loop at the clock's time; how long the loop would sleep after it. */
    public Duration pass() {
        return loop.pass();
    }

    /** One run of the reaper at the clock's time, over the groups of the namespace's tasks; how many runs it handled. */
    public int reap() {
        Set<String> groups = stores.scheduler().groups(namespace);
        return reaper.run(clock.instant(), groups);
    }
}
