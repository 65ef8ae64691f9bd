package io.redcron.node.testkit;

import io.redcron.config.WorkerConfig;
import io.redcron.domain.JavaPayload;
import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.Task;
import io.redcron.domain.TaskType;
import io.redcron.node.alert.AlertSink;
import io.redcron.node.metrics.NodeMetrics;
import io.redcron.node.scheduler.ManualScheduler;
import io.redcron.node.worker.LiveLog;
import io.redcron.node.worker.SlotThreads;
import io.redcron.node.worker.WorkerLoop;
import io.redcron.node.worker.execution.ExecutorRegistry;
import io.redcron.port.EventBus;
import io.redcron.port.PageRequest;
import io.redcron.port.QueuedRun;
import io.redcron.port.RunFilter;
import io.redcron.store.redis.RedisKeys;
import io.redcron.testkit.InMemoryStores;
import io.redcron.testkit.ManualClock;

import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import static org.awaitility.Awaitility.await;

/**
 * A leader and a worker on in-memory stores, driven by hand on a {@link ManualClock}: nothing
 * happens unless a test moves time ({@link #advance}) or runs a step ({@link #schedulerPass},
 * {@link #workerIntake}, {@link #startDue}, {@link #succeed}, {@link #fail}, {@link #reap}). The
 * steps are the node's own: the scheduler loop's pass and reaper, and the worker's stages. Tasks
 * run {@link CommandedHandler}, so an attempt ends when the test says so.
 *
 * <p>Attempts execute on the worker's slot threads, as on a node; each step returns once every
 * run it started has reached its handler, or its result is written.
 */
public final class ManualCluster implements AutoCloseable {
    public static final Instant START = Instant.parse("2030-01-01T00:00:00Z");
    public static final String NAMESPACE = "manual";
    private static final Duration SETTLE = Duration.ofSeconds(10);

    private final String id = UUID.randomUUID().toString();
    private final ManualClock clock = new ManualClock(START);
    private final InMemoryStores stores = new InMemoryStores(clock);
    private final CommandedHandler.Commands commands = CommandedHandler.commands(id);
    private final Settings settings;
    private final AlertSink alerts;
    private final ManualScheduler scheduler;
    private final AutoCloseable subscription;
    private WorkerLoop worker;
    private int workers;

    /**
     * @param lookahead        how long before its time the scheduler records and queues a fire
     * @param misfireThreshold how late a fire may start before its misfire policy decides
     * @param lease            the run lease of the workers
     */
    public record Settings(Duration lookahead, Duration misfireThreshold, Duration lease, int slots) {
        public static Settings defaults() {
            return new Settings(Duration.ZERO, Duration.ofSeconds(60), Duration.ofSeconds(30), 4);
        }

        public Settings withLease(Duration value) {
            return new Settings(lookahead, misfireThreshold, value, slots);
        }

        public Settings withLookahead(Duration value) {
            return new Settings(value, misfireThreshold, lease, slots);
        }
    }

    public ManualCluster() {
        this(Settings.defaults());
    }

    public ManualCluster(Settings settings) {
        this(settings, AlertSink.NONE);
    }

    /** @param alerts where the leader and the worker raise their alerts */
    public ManualCluster(Settings settings, AlertSink alerts) {
        this.settings = settings;
        this.alerts = alerts;
        stores.queue().readsWait(false);
        scheduler = new ManualScheduler(stores, clock, NAMESPACE, "leader-1", settings.lookahead(),
                settings.misfireThreshold(), settings.lease(), alerts);
        scheduler.lead();
        worker = newWorker();
        // As a node listens: a task change reaches its worker, a cancel stops the run where it runs.
        subscription = stores.events().subscribe(event -> {
            if (event.kind() == EventBus.Event.Kind.TASK_CHANGED) {
                worker.taskChanged(event.id());
            } else if (event.kind() == EventBus.Event.Kind.CANCEL_RUN) {
                worker.cancel(event.id(), "cancelled by an operator");
            }
        });
    }

    private WorkerLoop newWorker() {
        String node = "worker-" + ++workers;
        WorkerLoop.Settings workerSettings = new WorkerLoop.Settings(node, Set.of(Task.DEFAULT_GROUP),
                settings.slots(), settings.lease(), settings.misfireThreshold(), Duration.ofSeconds(5), 16, 100);
        ExecutorRegistry executors = new ExecutorRegistry(WorkerConfig.of(settings.lease(), 4096,
                Set.of(TaskType.JAVA), List.of()), node, Duration.ofSeconds(1), new HandlerLoader());
        LiveLog liveLog = new LiveLog(stores.liveOutput());
        return new WorkerLoop(workerSettings, stores.queue(), stores.runs(), stores.tasks(), executors, liveLog,
                stores.events(), clock, new SlotThreads(settings.slots(), "manual-" + node),
                new NodeMetrics(node, NAMESPACE), alerts, stores.failing());
    }

    /** The worker now in place, for the checks that watch its runs. */
    public WorkerLoop worker() {
        return worker;
    }

    public InMemoryStores stores() {
        return stores;
    }

    public ManualClock clock() {
        return clock;
    }

    public Instant now() {
        return clock.instant();
    }

    /** Stores a task that runs the commanded handler; the builder gives its schedule and policies. */
    public Task add(Task.Builder task) {
        Task created = stores.tasks().create(task.namespace(NAMESPACE)
                .payload(new JavaPayload(CommandedHandler.NAME, Map.of("cluster", id))).build(), "test");
        stores.events().publish(new EventBus.Event(EventBus.Event.Kind.TASK_CHANGED, created.id()));
        return created;
    }

    /** A manual run of the task, due now and queued, as an operator's trigger makes it. */
    public Run trigger(Task task) {
        Run run = stores.runs().insertManual(task.id(), now(), task.retry().maxAttempts(), Map.of());
        stores.queue().enqueue(List.of(QueuedRun.of(run.group(), run.id())));
        return run;
    }

    public void advance(Duration time) {
        clock.advance(time);
    }

    /** One pass of the leader: the task changes it has not seen, the fires due, retries due, housekeeping. */
    public void schedulerPass() {
        scheduler.pass();
    }

    /** The leader's reaper, once; how many runs it recovered or failed. */
    public int reap() {
        return scheduler.reap();
    }

    /**
     * The worker reads, claims and starts (or holds) what is waiting, until nothing more is read;
     * claims held for runs already due are begun at once, and runs it deferred whose recheck has
     * come are claimed again, as the worker's starter does.
     */
    public void workerIntake() {
        try {
            for (int pass = 0; pass < 100 && worker.takeOnce() > 0; pass++) {
                worker.startDue();
                settle();
            }
            // Runs deferred by the forbid policy are claimed again by the worker that deferred them.
            worker.startDue();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
        settle();
    }

    /** The worker starts the held runs whose time has come. */
    public void startDue() {
        worker.startDue();
        settle();
    }

    /** The worker renews the leases of its runs; a run it lost is stopped. */
    public void renewLeases() {
        worker.renewLeases();
        settle();
    }

    /** Ends the run's attempt now executing as a success; its result is written when this returns. */
    public void succeed(Run run) {
        end(run, null);
    }

    /** Ends the run's attempt now executing with a failure. */
    public void fail(Run run, String error) {
        end(run, error);
    }

    private void end(Run run, String error) {
        Run current = run(run);
        long announced = announcedEnds(run);
        boolean ended = error == null ? commands.succeed(run.id()) : commands.fail(run.id(), error);
        if (!ended) {
            throw new IllegalStateException("run " + run.id() + " is not executing: " + current.status());
        }
        soon().until(() -> {
            Run now = run(run);
            return now.status() != RunStatus.RUNNING || now.attempt() != current.attempt();
        });
        // The end is announced after what follows its written batch (recovery alerts among it).
        soon().until(() -> announcedEnds(run) > announced);
        settle();
    }

    /** Whether the run's attempt is inside its handler now. */
    public boolean isExecuting(Run run) {
        return commands.isExecuting(run.id());
    }

    /**
     * The worker's machine dies: its runs stop without a word to the stores, their leases left to
     * run out. A new worker (another node) takes its place.
     */
    public void crashWorker() {
        WorkerLoop dead = worker;
        worker = newWorker();
        dead.halt();
        soon().until(() -> commands.active() == 0 || commands.active() == worker.running());
    }

    private long announcedEnds(Run run) {
        return stores.events().published().stream().filter(event -> event.kind() == EventBus.Event.Kind.RUN_FINISHED
                && event.id() == run.id()).count();
    }

    public Run run(Run run) {
        return stores.runs().get(run.id()).orElseThrow();
    }

    /** The task's runs, oldest fire first. */
    public List<Run> runsOf(Task task) {
        return stores.runs().list(RunFilter.all(NAMESPACE).forTask(task.id()), PageRequest.first(1000)).items().stream()
                .sorted(Comparator.comparing(Run::scheduledAt).thenComparing(Run::id)).toList();
    }

    /** Waits until every run the worker started is inside its handler (its slot thread has it). */
    private void settle() {
        soon().until(() -> commands.active() == worker.running());
    }

    /** Hand-overs between the test's thread and the slot threads take microseconds: look often. */
    private static org.awaitility.core.ConditionFactory soon() {
        return await().atMost(SETTLE).pollDelay(Duration.ZERO).pollInterval(Duration.ofMillis(1));
    }

    @Override
    public void close() throws Exception {
        subscription.close();
        worker.halt();
        CommandedHandler.forget(id);
    }
}
