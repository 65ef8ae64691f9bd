package io.redcron.bench;

import io.redcron.domain.ExecPayload;
import io.redcron.domain.ShellPayload;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Process tasks, what most users run: {@code /bin/true} as an {@code exec} task and as a
 * {@code shell} task, created with the defaults of {@code task add}, measured on one node (throughput
 * and lateness, {@link TaskTypeBench}) beside the machine's own ceiling measured in the same run:
 * {@code /bin/true} started and reaped in a tight loop from Java by as many threads as the node has
 * slots. The ceiling through {@code setsid} is measured too, as the node starts every program in a
 * session of its own: the difference is that one exec's price.
 */
public final class ProcessScenario {
    public static final String NAME = "process";
    static final String MACHINE = "machine";
    static final String PLAIN = "/bin/true from Java";
    static final String SESSION = "setsid /bin/true from Java";
    private static final String TRUE = "/bin/true";

    private final Mode mode;
    private final RedcronScheduler redcron;
    private final int slots;

    public ProcessScenario(Mode mode, RedcronScheduler redcron, int slots) {
        this.mode = mode;
        this.redcron = redcron;
        this.slots = slots;
    }

    public List<Result> run() {
        TaskTypeSizes sizes = TaskTypeSizes.processes(mode);
        Progress.say("Process: load average " + MachineInfo.loadAverage());
        List<Result> results = new ArrayList<>();
        results.add(ceiling(PLAIN, sizes, List.of(TRUE)));
        results.add(ceiling(SESSION, sizes, List.of("/usr/bin/setsid", TRUE)));
        results.addAll(new TaskTypeBench(redcron, sizes, mode.phaseTimeout()).measure(NAME, List.of(
                new TaskTypeBench.Type("exec", new ExecPayload(List.of(TRUE), null, Map.of())),
                new TaskTypeBench.Type("shell", new ShellPayload(TRUE, null, Map.of()))), Map.of()));
        Progress.say("Process: load average " + MachineInfo.loadAverage());
        return results;
    }

    /** Started as the node starts a program: stdin closed at once, stdout and stderr merged and read to the end. */
    private Result ceiling(String variant, TaskTypeSizes sizes, List<String> command) {
        double perSecond = Ceilings.perSecond(slots, sizes.ceilingWindow(), () -> {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            process.getOutputStream().close();
            process.getInputStream().readAllBytes();
            if (process.waitFor() != 0) {
                throw new IllegalStateException(String.join(" ", command) + " exited with " + process.exitValue());
            }
        });
        Progress.say(String.format("Process: the machine starts and reaps %.0f processes/s (%s, %d threads)", perSecond,
                String.join(" ", command), slots));
        return new Result(NAME, MACHINE, variant, "processes/s", perSecond, "processes/s",
                slots + " threads (the node's slots), started and reaped back to back; load average "
                        + MachineInfo.loadAverage());
    }

    /** The goal lines: each type's throughput as a fraction of the ceiling, and its lateness at 100 fires/s. */
    static List<String> goals(List<Result> results) {
        List<String> lines = new ArrayList<>();
        Optional<Double> ceiling = value(results, MACHINE, PLAIN, "processes/s");
        Optional<Double> session = value(results, MACHINE, SESSION, "processes/s");
        List<String> parts = new ArrayList<>();
        for (String type : List.of("exec", "shell")) {
            Optional<Double> ours = value(results, "Redcron", type, "runs/s");
            if (ours.isPresent() && ceiling.isPresent() && ceiling.get() > 0) {
                parts.add(type + " " + Report.number(ours.get()) + " runs/s = " + Report.number(ours.get() / ceiling.get())
                        + session.filter(s -> s > 0).map(s -> " (" + Report.number(ours.get() / s) + " of the ceiling through setsid)")
                                .orElse(""));
            }
        }
        if (!parts.isEmpty()) {
            lines.add("Process tasks on one node, as a fraction of the machine's " + Report.number(ceiling.get())
                    + " processes/s: " + String.join("; ", parts) + " (goal ≥ 0.7)");
        }
        List<String> lateness = new ArrayList<>();
        for (String type : List.of("exec", "shell")) {
            value(results, "Redcron", type + " at 100 fires/s", "p99")
                    .ifPresent(p99 -> lateness.add(type + " p99 " + Report.number(p99) + " ms"));
        }
        if (!lateness.isEmpty()) {
            lines.add("Process task lateness at 100 fires/s: " + String.join(", ", lateness) + " (goal: p99 ≤ 50 ms)");
        }
        return lines;
    }

    private static Optional<Double> value(List<Result> results, String scheduler, String variant, String metric) {
        return TaskTypeBench.value(results, NAME, scheduler, variant, metric);
    }
}
