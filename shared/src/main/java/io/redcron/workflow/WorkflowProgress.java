package io.redcron.workflow;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * What one workflow run comes to, given where its steps stand: the steps whose run has ended are
 * settled, the steps whose edges are now satisfied start, the steps that can no longer be reached
 * are skipped (in the same pass, down the graph), and the run ends once every step is settled. A
 * store reads the rows under the workflow run's lock, calls {@link #advance}, and writes the
 * {@link Outcome}; nothing here reads or writes, so each step starts at most once.
 */
public final class WorkflowProgress {
    private WorkflowProgress() {
    }

    /**
     * How the run (or child workflow run) of a RUNNING step ended, as the store read it.
     *
     * @param description what ended, for a reason: {@code run 42 ended TIMED_OUT: …}
     * @param outputText  the run's kept output, where {@link StepOutput} lines are read
     */
    public record Ended(boolean succeeded, String description, String outputText) {
        public Ended {
            Objects.requireNonNull(description, "description");
        }
    }

    /** A step's row, and how its run ended if it is RUNNING and the run has ended. */
    public record StepState(StepRun row, Ended ended) {
        public StepState {
            Objects.requireNonNull(row, "row");
        }
    }

    public record Start(String step, StepTarget target, Map<String, String> params) {
    }

    public record Settle(String step, StepStatus status, Map<String, String> output, String reason) {
    }

    /**
     * @param end   the run's final status, once every step is settled; null while it goes on
     * @param error with a FAILED end, which steps failed
     */
    public record Outcome(List<Settle> settled, List<Start> started, Map<String, String> skipped,
                          WorkflowRunStatus end, String error) {
        public boolean changesAnything() {
            return !settled.isEmpty() || !started.isEmpty() || !skipped.isEmpty() || end != null;
        }
    }

    public static Outcome advance(WorkflowRun run, Map<String, StepState> states) {
        WorkflowGraph graph = run.graph();
        Map<String, StepStatus> status = new HashMap<>();
        Map<String, Map<String, String>> outputs = new HashMap<>();
        Map<String, String> reasons = new HashMap<>();
        List<Settle> settled = new ArrayList<>();
        for (Step step : graph.steps()) {
            StepState state = states.get(step.name());
            if (state == null) {
                throw new IllegalArgumentException("workflow run " + run.id() + " has no row for step " + step.name());
            }
            status.put(step.name(), state.row().status());
            outputs.put(step.name(), state.row().output());
            reasons.put(step.name(), state.row().reason());
            if (state.row().status() == StepStatus.RUNNING && state.ended() != null) {
                Settle settle = settle(step.name(), state.ended());
                settled.add(settle);
                status.put(step.name(), settle.status());
                outputs.put(step.name(), settle.output());
                reasons.put(step.name(), settle.reason());
            }
        }
        List<Start> started = new ArrayList<>();
        Map<String, String> skipped = new LinkedHashMap<>();
        if (!run.status().isFinal()) {
            for (String name : graph.order()) {
                if (status.get(name) != StepStatus.PENDING) {
                    continue;
                }
                Step step = graph.step(name);
                Decision decision = decide(step, status);
                if (decision.start) {
                    started.add(new Start(name, step.target(), params(run, step, status, outputs)));
                    status.put(name, StepStatus.RUNNING);
                } else if (decision.skipReason != null) {
                    skipped.put(name, decision.skipReason);
                    status.put(name, StepStatus.SKIPPED);
                }
            }
        }
        WorkflowRunStatus end = null;
        String error = null;
        if (!run.status().isFinal() && status.values().stream().allMatch(StepStatus::isSettled)) {
            Set<String> failed = new TreeSet<>();
            status.forEach((name, value) -> {
                if (value == StepStatus.FAILED) {
                    failed.add(name);
                }
            });
            if (failed.isEmpty()) {
                end = WorkflowRunStatus.SUCCEEDED;
            } else {
                end = WorkflowRunStatus.FAILED;
                String first = failed.iterator().next();
                String why = Optional.ofNullable(reasons.get(first)).filter(reason -> !reason.isBlank())
                        .map(reason -> ": " + reason).orElse("");
                error = (failed.size() == 1 ? "step " : failed.size() + " steps failed: " + String.join(", ", failed)
                        + "; step ") + first + " failed" + why;
            }
        }
        return new Outcome(settled, started, skipped, end, error);
    }

    private static Settle settle(String step, Ended ended) {
        Map<String, String> output;
        try {
            output = StepOutput.parse(ended.outputText());
        } catch (InvalidWorkflowException e) {
            return new Settle(step, StepStatus.FAILED, Map.of(), ended.description() + "; " + e.getMessage());
        }
        return new Settle(step, ended.succeeded() ? StepStatus.SUCCEEDED : StepStatus.FAILED, output,
                ended.succeeded() ? null : ended.description());
    }

    private record Decision(boolean start, String skipReason) {
        static final Decision WAIT = new Decision(false, null);
    }

    private static Decision decide(Step step, Map<String, StepStatus> status) {
        if (step.isRoot()) {
            return new Decision(true, null);
        }
        int satisfied = 0;
        int dead = 0;
        String firstDead = null;
        for (Edge edge : step.after()) {
            StepStatus parent = status.get(edge.from());
            if (!parent.isSettled()) {
                continue;
            }
            if (parent.ended() && edge.when().satisfiedBy(parent)) {
                satisfied++;
            } else {
                dead++;
                if (firstDead == null) {
                    firstDead = "'" + edge.from() + "' " + describe(parent) + ", the edge wants " + edge.when().label();
                }
            }
        }
        if (step.join() == Join.ANY) {
            if (satisfied > 0) {
                return new Decision(true, null);
            }
            return dead == step.after().size()
                    ? new Decision(false, "not reached: no edge into it was satisfied (" + firstDead + ")")
                    : Decision.WAIT;
        }
        if (dead > 0) {
            return new Decision(false, "not reached: " + firstDead);
        }
        return satisfied == step.after().size() ? new Decision(true, null) : Decision.WAIT;
    }

    private static String describe(StepStatus parent) {
        return switch (parent) {
            case SUCCEEDED -> "succeeded";
            case FAILED -> "failed";
            case SKIPPED -> "was skipped";
            case CANCELLED -> "was cancelled";
            default -> "is " + parent.name().toLowerCase(java.util.Locale.ROOT);
        };
    }

    /**
     * A step's parameters: the workflow run's, then the step's own, then what its parents that
     * ended passed on (in the order of its edges), each over the one before.
     */
    private static Map<String, String> params(WorkflowRun run, Step step, Map<String, StepStatus> status,
                                              Map<String, Map<String, String>> outputs) {
        Map<String, String> params = new LinkedHashMap<>(run.params());
        params.putAll(step.params());
        for (Edge edge : step.after()) {
            if (status.get(edge.from()).ended()) {
                params.putAll(outputs.get(edge.from()));
            }
        }
        return params;
    }

    /**
     * The steps a rerun of an ended run starts again: every step that failed or was cancelled,
     * and every step after one of them that was not reached. Steps that succeeded keep their run.
     */
    public static Set<String> rerun(WorkflowRun run, Map<String, StepStatus> status) {
        WorkflowGraph graph = run.graph();
        Set<String> again = new TreeSet<>();
        for (String name : graph.order()) {
            StepStatus value = status.get(name);
            if (value == StepStatus.FAILED || value == StepStatus.CANCELLED) {
                for (String reached : graph.descendants(name)) {
                    StepStatus later = status.get(reached);
                    if (reached.equals(name) || later == StepStatus.SKIPPED || later == StepStatus.CANCELLED
                            || later == StepStatus.FAILED) {
                        again.add(reached);
                    }
                }
            }
        }
        return again;
    }
}
