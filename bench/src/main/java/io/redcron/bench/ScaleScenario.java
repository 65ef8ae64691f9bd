package io.redcron.bench;

import com.zaxxer.hikari.HikariDataSource;
import io.redcron.domain.Task;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;

/**
 * Growing numbers of enabled tasks of which the same 100 fire every second (the others once a
 * year): the leader's CPU per wall second and its heap after a full GC should not grow with them.
 * The leader runs alone (scheduler role); a separate worker process executes the fires.
 */
public final class ScaleScenario {
    public static final String NAME = "scale";
    /** Longer than elsewhere: a new leader first loads every task into the schedule index. */
    private static final Duration WARM_UP = Duration.ofSeconds(10);

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
            for (int tasks : mode.taskCounts()) {
                Progress.say("Scale: creating tasks up to " + tasks);
                data.growFamily(rare, tasks - Mode.FIRING_TASKS);
                results.addAll(measure(data, tasks, namespace, url));
                data.setEnabled("fire", false, null);
                data.discardWaitingRuns(stores.redis());
            }
        }
        return results;
    }

    private List<Result> measure(RedcronData data, int tasks, String namespace, String url) {
        String variant = tasks + " tasks";
        try (NodeProcess leader = redcron.start(redcron.spec("leader-" + tasks, "scheduler", namespace, url));
             NodeProcess worker = redcron.start(redcron.spec("worker-scale-" + tasks, "worker", namespace, url))) {
            leader.awaitRunning(RedcronScheduler.START_TIMEOUT);
            worker.awaitRunning(RedcronScheduler.START_TIMEOUT);
            data.setEnabled("fire", true, Instant.now().truncatedTo(ChronoUnit.SECONDS).plusSeconds(2));
            Window window = Window.after(Instant.now(), WARM_UP, mode.scaleWindow());
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
            return List.of(
                    new Result(NAME, redcron.name(), variant, "leader CPU", cpuPerSecond, "s/s", "user+system, /proc"),
                    new Result(NAME, redcron.name(), variant, "leader heap", heap / 1048576.0, "MiB", "after a full GC (jcmd)"),
                    new Result(NAME, redcron.name(), variant, "fires started", firesPerSecond, "fires/s",
                            Mode.FIRING_TASKS + " due per second"));
        }
    }
}
