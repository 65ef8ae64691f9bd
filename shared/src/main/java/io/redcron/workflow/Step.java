package io.redcron.workflow;

import io.redcron.domain.Identifiers;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One step of a workflow: what it runs, the parameters it adds, and the edges it waits for. A step
 * with no edge is a root and starts with the workflow run.
 *
 * @param params parameters given to the step's run, over the workflow run's own
 * @param join   with several edges: start when all are satisfied, or on the first
 */
public record Step(String name, StepTarget target, Map<String, String> params, Join join, List<Edge> after) {
    public static final int MAX_EDGES = 100;

    public Step {
        if (!Identifiers.isIdentifier(name)) {
            throw new InvalidWorkflowException("steps", "step name '" + name + "' must be "
                    + Identifiers.IDENTIFIER_RULE + ", starting with a letter or digit");
        }
        if (target == null || target.name() == null || target.name().isBlank()) {
            throw InvalidWorkflowException.ofStep(name, "names no task or workflow to run");
        }
        params = WorkflowParams.check("step " + name, params);
        join = join == null ? Join.ALL : join;
        after = after == null ? List.of() : List.copyOf(after);
        if (after.size() > MAX_EDGES) {
            throw InvalidWorkflowException.ofStep(name, "has " + after.size() + " edges, at most " + MAX_EDGES);
        }
        Set<String> parents = new HashSet<>();
        for (Edge edge : after) {
            if (edge.from().equals(name)) {
                throw InvalidWorkflowException.ofStep(name, "depends on itself");
            }
            if (!parents.add(edge.from() + " " + edge.when())) {
                throw InvalidWorkflowException.ofStep(name, "has the edge from '" + edge.from() + "' twice");
            }
        }
    }

    public boolean isRoot() {
        return after.isEmpty();
    }
}
