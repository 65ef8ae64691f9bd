package io.redcron.bench;

import java.util.ArrayList;
import java.util.List;

/** Tasks firing every second, at several total rates: how late each fire starts (p50, p99, max). */
public final class LatenessScenario {
    public static final String NAME = "lateness";

    private final Mode mode;
    private final List<SchedulerUnderTest> schedulers;

    public LatenessScenario(Mode mode, List<SchedulerUnderTest> schedulers) {
        this.mode = mode;
        this.schedulers = schedulers;
    }

    public List<Result> run() {
        List<Result> results = new ArrayList<>();
        for (int rate : mode.firesPerSecond()) {
            for (SchedulerUnderTest scheduler : schedulers) {
                Progress.say("Lateness: " + scheduler.name() + " at " + rate + " fires/s");
                Lateness measured = scheduler.lateness(rate, mode.latenessWindow());
                String variant = rate + " fires/s";
                String note = measured.missing() == 0 ? "" : measured.missing() + " of " + measured.expected()
                        + " fires had not started " + Window.DRAIN.toSeconds() + " s after the window (counted at that lateness)";
                Progress.say(String.format("  %s %s: p50 %.0f ms, p99 %.0f ms, max %.0f ms; %s", scheduler.name(),
                        variant, measured.stats().p50(), measured.stats().p99(), measured.stats().max(), note));
                results.add(new Result(NAME, scheduler.name(), variant, "p50", measured.stats().p50(), "ms", note));
                results.add(new Result(NAME, scheduler.name(), variant, "p99", measured.stats().p99(), "ms"));
                results.add(new Result(NAME, scheduler.name(), variant, "max", measured.stats().max(), "ms"));
                results.add(new Result(NAME, scheduler.name(), variant, "started", measured.started(), "fires",
                        measured.expected() + " expected"));
            }
        }
        return results;
    }
}
