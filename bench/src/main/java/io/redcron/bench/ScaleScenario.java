package io.redcron.bench;

import com.zaxxer.hikari.HikariDataSource;
import io.redcron.domain.Task;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Growing numbers of enabled tasks of which the same 100 fire every second (the others once a
 * year): the leader's CPU per wall second and its heap after a full GC should not grow with them.
 * The leader runs alone (scheduler role); a separate worker process executes the fires. At each
 * size the first page of {@code task list} is timed too, before the nodes start, and the new
 * leader's rebuild of the schedule index from every task, which grows with them by nature, is
 * reported apart and kept out of the window.
 */
public final class ScaleScenario {
    public static final String NAME = "scale";
    /** At least this long after the nodes start, and after the leader rebuilt its index. */
    private static final Duration WARM_UP = Duration.ofSeconds(10);
    /** What the leader logs when its schedule index is rebuilt (IndexSync). */
    static final String REBUILT = "Schedule index of namespace";
    private static final Pattern REBUILT_IN = Pattern.compile("rebuilt: \\d+ planned tasks in (\\d+) ms");
    /** Calls of the first page of {@code task list} timed at each size. */
    static final int LIST_REPETITIONS = 50;

    private final Mode mode;
    private final RedcronScheduler redcron;

    public ScaleScenario(Mode mode, RedcronScheduler redcron) {
        this.mode = mode;
        this.redcron = redcron;
    }

    public List<Result> run() {
        List<Result> results = new ArrayList<>();
        Stores stores = redcron.stores();
        String namespace = stores.freshNamespace("scale");
        String url = stores.freshDatabase("redcron_scale");
        try (HikariDataSource pool = stores.pool(url, 4)) {
            RedcronData data = new RedcronData(pool, namespace);
            data.growFamily(data.createTask("fire", "* * * * * ?", false), Mode.FIRING_TASKS);
            Task rare = data.createTask("rare", "0 0 0 1 1 ?");
            TaskListing listing = new TaskListing(pool, namespace);
            for (int tasks : mode.taskCounts()) {
                Progress.say("Scale: creating tasks up to " + tasks);
                long started = System.nanoTime();
                data.growFamily(rare, tasks - Mode.FIRING_TASKS);
                Progress.say(String.format("  created in %.1f s", (System.nanoTime() - started) / 1e9));
                results.addAll(timeListing(listing, tasks));
                results.addAll(measure(data, tasks, namespace, url));
                data.setEnabled("fire", false, null);
                data.discardWaitingRuns(stores.redis());
            }
        }
        return results;
    }

    private List<Result> timeListing(TaskListing listing, int tasks) {
        Stats stats = listing.time(LIST_REPETITIONS, tasks);
        Progress.say(String.format("  %d tasks: task list, first page: p50 %.1f ms, p99 %.1f ms", tasks, stats.p50(),
                stats.p99()));
        String note = "first " + TaskListing.FIRST_PAGE.limit() + " by name and the total (MysqlTaskStore.list, as"
                + " the CLI calls it), " + LIST_REPETITIONS + " calls";
        String variant = tasks + " tasks";
        return List.of(new Result(NAME, redcron.name(), variant, "task list p50", stats.p50(), "ms", note),
                new Result(NAME, redcron.name(), variant, "task list p99", stats.p99(), "ms"));
    }

    private List<Result> measure(RedcronData data, int tasks, String namespace, String url) {
        String variant = tasks + " tasks";
        try (NodeProcess leader = redcron.start(redcron.spec("leader-" + tasks, "scheduler", namespace, url));
             NodeProcess worker = redcron.start(redcron.spec("worker-scale-" + tasks, "worker", namespace, url))) {
            leader.awaitRunning(RedcronScheduler.START_TIMEOUT);
            worker.awaitRunning(RedcronScheduler.START_TIMEOUT);
            Instant warm = Instant.now().plus(WARM_UP);
            data.setEnabled("fire", true, Instant.now().truncatedTo(ChronoUnit.SECONDS).plusSeconds(2));
            double rebuild = rebuildSeconds(leader.awaitLogLine(REBUILT, RedcronScheduler.START_TIMEOUT));
            Progress.say(String.format("  %d tasks: the leader rebuilt its schedule index in %.1f s", tasks, rebuild));
            Window window = Window.after(Instant.now().isAfter(warm) ? Instant.now() : warm, Duration.ZERO,
                    mode.scaleWindow());
            Progress.say("Scale: " + tasks + " tasks, measuring the leader (pid " + leader.pid() + ") in " + window);
            window.awaitStart();
            double cpuBefore = leader.cpuSeconds();
            long before = System.nanoTime();
            window.awaitEnd();
            double cpuPerSecond = (leader.cpuSeconds() - cpuBefore) / ((System.nanoTime() - before) / 1e9);
            long heap = leader.heapUsedAfterGc();
            int expected = (int) (Mode.FIRING_TASKS * window.seconds());
            window.drain(expected, () -> data.startedIn(window));
            double firesPerSecond = (double) data.startedIn(window) / window.seconds();
            Progress.say(String.format("  %d tasks: leader CPU %.3f s/s, heap %.1f MiB after GC, %.0f fires/s started",
                    tasks, cpuPerSecond, heap / 1048576.0, firesPerSecond));
            worker.requestStop();
            leader.requestStop();
            return List.of(
                    new Result(NAME, redcron.name(), variant, "index rebuild", rebuild, "s",
                            "a new leader reads every planned task into the schedule index, firing meanwhile (its log)"),
                    new Result(NAME, redcron.name(), variant, "leader CPU", cpuPerSecond, "s/s", "user+system, /proc"),
                    new Result(NAME, redcron.name(), variant, "leader heap", heap / 1048576.0, "MiB", "after a full GC (jcmd)"),
                    new Result(NAME, redcron.name(), variant, "fires started", firesPerSecond, "fires/s",
                            Mode.FIRING_TASKS + " due per second"));
        }
    }

    /** Seconds from the leader's line saying it rebuilt its index. */
    static double rebuildSeconds(String logLine) {
        Matcher matcher = REBUILT_IN.matcher(logLine);
        if (!matcher.find()) {
            throw new IllegalArgumentException("no 'rebuilt: … in … ms' in the leader's line: " + logLine);
        }
        return Long.parseLong(matcher.group(1)) / 1000.0;
    }
}
