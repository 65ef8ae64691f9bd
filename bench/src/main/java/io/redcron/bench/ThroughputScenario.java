package io.redcron.bench;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * N one-off no-op runs submitted at once, then executed: Redcron with 1, 2 and 4 worker
 * processes, and each baseline. Runs per second count succeeded runs from the first start to the
 * last finish. Every scheduler first executes warm-up batches for {@link Mode#THROUGHPUT_WARM_UP}
 * in the same process(es), not counted: the baselines in this JVM, Redcron's on the node
 * processes that then measure.
 */
public final class ThroughputScenario {
    public static final String NAME = "throughput";
    private final Mode mode;
    private final RedcronScheduler redcron;
    private final List<SchedulerUnderTest> baselines;

    public ThroughputScenario(Mode mode, RedcronScheduler redcron, List<SchedulerUnderTest> baselines) {
        this.mode = mode;
        this.redcron = redcron;
        this.baselines = baselines;
    }

    public List<Result> run() {
        List<Result> results = new ArrayList<>();
        for (int workers : mode.workerCounts()) {
            for (RedcronData.TaskSettings settings : workers == 1 ? RedcronData.TaskSettings.values()
                    : new RedcronData.TaskSettings[] {RedcronData.TaskSettings.ALLOW}) {
                measureRedcron(results, workers, settings);
            }
        }
        for (SchedulerUnderTest baseline : baselines) {
            Progress.say("Throughput: " + baseline.name() + ", warm-up batches of " + mode.warmUpRuns() + " runs for "
                    + Mode.THROUGHPUT_WARM_UP.toSeconds() + " s (not counted)");
            warmUp(baseline);
            Progress.say("Throughput: " + baseline.name() + ", " + mode.runs() + " runs");
            add(results, baseline.name(), "1 process", baseline.throughput(mode.runs(), mode.phaseTimeout()));
        }
        return results;
    }

    /**
     * Redcron with {@code workers} worker processes; one node is measured with its tasks on their
     * default settings (a task of its own per run) and with concurrency ALLOW (one task).
     */
    private void measureRedcron(List<Result> results, int workers, RedcronData.TaskSettings settings) {
        String variant = workers + (workers == 1 ? " node" : " nodes")
                + (settings == RedcronData.TaskSettings.DEFAULTS ? ", default settings" : "");
        Progress.say("Throughput: Redcron, " + mode.runs() + " runs, " + variant);
        Stores.Counters before = redcron.stores().counters();
        Throughput measured = redcron.throughput(mode.runs(), workers, mode.warmUpRuns(), mode.phaseTimeout(), settings);
        Stores.Counters used = redcron.stores().counters().minus(before);
        add(results, redcron.name(), variant, measured);
        if (measured.succeeded() > 0) {
            results.add(new Result(NAME, redcron.name(), variant, "Redis commands/run",
                    (double) used.redisCommands() / measured.succeeded(), "", "server-wide counter"));
            results.add(new Result(NAME, redcron.name(), variant, "SQL writes/run",
                    (double) used.sqlWrites() / measured.succeeded(), "", "server-wide counter, includes the bulk submit"));
        }
    }

    /** Batches until the warm-up time is over; the last is cut off then (Quartz never ends one). */
    private void warmUp(SchedulerUnderTest baseline) {
        long end = System.nanoTime() + Mode.THROUGHPUT_WARM_UP.toNanos();
        long left = Mode.THROUGHPUT_WARM_UP.toNanos();
        while (left > 0) {
            baseline.throughput(mode.warmUpRuns(), Duration.ofNanos(left));
            left = end - System.nanoTime();
        }
    }

    private static void add(List<Result> results, String scheduler, String variant, Throughput measured) {
        Progress.say(String.format("  %s %s: %.0f runs/s (%d succeeded, %d failed, %.1f s) %s", scheduler, variant,
                measured.perSecond(), measured.succeeded(), measured.failed(), measured.seconds(), measured.note()));
        results.add(new Result(NAME, scheduler, variant, "runs/s", measured.perSecond(), "runs/s", measured.note()));
        results.add(new Result(NAME, scheduler, variant, "succeeded", measured.succeeded(), "runs",
                measured.submitted() + " submitted"));
        if (measured.failed() > 0) {
            results.add(new Result(NAME, scheduler, variant, "failed", measured.failed(), "runs"));
        }
    }
}
