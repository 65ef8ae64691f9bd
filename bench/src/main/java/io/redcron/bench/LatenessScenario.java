package io.redcron.bench;

import java.util.ArrayList;
import java.util.List;

/**
 * Tasks firing every second, at several total rates: how late each fire starts (p50, p99, max).
 * Redcron is measured at every rate with its tasks on their default settings (what users run),
 * and at some rates with concurrency ALLOW beside them; the baselines at the rates they can
 * follow (in quick mode, up to {@link #QUICK_BASELINE_RATE}: beyond it they only fall behind).
 */
public final class LatenessScenario {
    public static final String NAME = "lateness";
    /** Suffix of the variants measured with concurrency ALLOW. */
    public static final String ALLOW = ", ALLOW";
    static final int QUICK_BASELINE_RATE = 1_000;
    static final java.util.Set<Integer> ALLOW_RATES = java.util.Set.of(1_000, 5_000);

    private final Mode mode;
    private final RedcronScheduler redcron;
    private final List<SchedulerUnderTest> baselines;

    public LatenessScenario(Mode mode, RedcronScheduler redcron, List<SchedulerUnderTest> baselines) {
        this.mode = mode;
        this.redcron = redcron;
        this.baselines = baselines;
    }

    public List<Result> run() {
        List<Result> results = new ArrayList<>();
        for (int rate : mode.firesPerSecond()) {
            Progress.say("Lateness: Redcron at " + rate + " fires/s, tasks on their default settings");
            add(results, redcron.name(), rate + " fires/s",
                    redcron.lateness(rate, mode.latenessWindow(), RedcronData.TaskSettings.DEFAULTS));
            if (ALLOW_RATES.contains(rate) || !mode.name().equals("quick")) {
                Progress.say("Lateness: Redcron at " + rate + " fires/s, concurrency ALLOW");
                add(results, redcron.name(), rate + " fires/s" + ALLOW,
                        redcron.lateness(rate, mode.latenessWindow(), RedcronData.TaskSettings.ALLOW));
            }
            if (mode.name().equals("quick") && rate > QUICK_BASELINE_RATE) {
                continue;
            }
            for (SchedulerUnderTest scheduler : baselines) {
                Progress.say("Lateness: " + scheduler.name() + " at " + rate + " fires/s");
                add(results, scheduler.name(), rate + " fires/s", scheduler.lateness(rate, mode.latenessWindow()));
            }
        }
        return results;
    }

    private static void add(List<Result> results, String scheduler, String variant, Lateness measured) {
        String note = measured.missing() == 0 ? "" : measured.missing() + " of " + measured.expected()
                + " fires had not started " + Window.DRAIN.toSeconds() + " s after the window (counted at that lateness)";
        Progress.say(String.format("  %s %s: p50 %.0f ms, p99 %.0f ms, max %.0f ms; %s", scheduler, variant,
                measured.stats().p50(), measured.stats().p99(), measured.stats().max(), note));
        results.add(new Result(NAME, scheduler, variant, "p50", measured.stats().p50(), "ms", note));
        results.add(new Result(NAME, scheduler, variant, "p99", measured.stats().p99(), "ms"));
        results.add(new Result(NAME, scheduler, variant, "max", measured.stats().max(), "ms"));
        results.add(new Result(NAME, scheduler, variant, "started", measured.started(), "fires",
                measured.expected() + " expected"));
    }
}
