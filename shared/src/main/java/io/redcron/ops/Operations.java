package io.redcron.ops;

import io.redcron.port.EventBus;
import io.redcron.port.TaskStore;

import java.time.Clock;
import java.time.Duration;
import java.util.function.Supplier;

/**
 * The operator actions on one namespace, on behalf of one operator, wired once from the ports:
 * what a front end holds and hands to its commands or view models. Every action reads time from
 * the clock given here and names the operator given here in the audit log.
 */
public final class Operations {
    /** How long one read waits for output while following a run to its end. */
    static final Duration FOLLOW_WAIT = Duration.ofSeconds(1);

    private final Lookup lookup;
    private final TriggerRun trigger;
    private final RetryRun retry;
    private final CancelRun cancel;
    private final RequeueDeadRun requeue;
    private final PurgeDeadRuns purge;
    private final DeadRunSearch deadRuns;
    private final FollowOutput output;

    /**
     * @param actor who the audit log names for these actions (for example {@code cli:ann@host})
     */
    public Operations(OperatorPorts ports, String namespace, String actor, Clock clock) {
        this.lookup = new Lookup(ports.tasks(), ports.runs(), namespace);
        AuditTrail audit = new AuditTrail(ports.audit(), namespace, actor);
        ManualRuns manualRuns = new ManualRuns(ports.runs(), ports.queue(), clock);
        this.trigger = new TriggerRun(lookup, manualRuns, audit);
        this.retry = new RetryRun(lookup, ports.tasks(), manualRuns, audit);
        this.cancel = new CancelRun(lookup, ports.runs(), ports.events(), audit, clock, actor);
        this.requeue = new RequeueDeadRun(ports.runs(), ports.tasks(), ports.deadLetters(), manualRuns, audit);
        this.purge = new PurgeDeadRuns(ports.deadLetters(), audit);
        this.deadRuns = new DeadRunSearch(ports.deadLetters());
        this.output = new FollowOutput(ports.liveOutput(), lookup, clock, FOLLOW_WAIT);
    }

    /** A task store that announces every change made through it (see {@link AnnouncingTaskStore}). */
    public static TaskStore announcing(TaskStore tasks, Supplier<EventBus> events) {
        return new AnnouncingTaskStore(tasks, events);
    }

    public Lookup lookup() {
        return lookup;
    }

    public TriggerRun trigger() {
        return trigger;
    }

    public RetryRun retry() {
        return retry;
    }

    public CancelRun cancel() {
        return cancel;
    }

    public RequeueDeadRun requeue() {
        return requeue;
    }

    public PurgeDeadRuns purge() {
        return purge;
    }

    public DeadRunSearch deadRuns() {
        return deadRuns;
    }

    public FollowOutput output() {
        return output;
    }
}
