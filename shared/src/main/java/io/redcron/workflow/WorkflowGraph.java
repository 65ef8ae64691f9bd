package io.redcron.workflow;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The steps of a workflow as a checked graph: names unique, every edge from a known step, no
 * cycle, and every step reachable (a step whose edges can never all be satisfied, such as one that
 * waits for all of "A succeeded" and "A failed", is refused). Each refusal names the step.
 */
public final class WorkflowGraph {
    public static final int MAX_STEPS = 200;

    private final Map<String, Step> steps;
    private final Map<String, List<String>> children;
    private final List<String> order;

    private WorkflowGraph(Map<String, Step> steps, Map<String, List<String>> children, List<String> order) {
        this.steps = steps;
        this.children = children;
        this.order = order;
    }

    public static WorkflowGraph of(List<Step> list) {
        if (list == null || list.isEmpty()) {
            throw new InvalidWorkflowException("steps", "a workflow needs at least one step");
        }
        if (list.size() > MAX_STEPS) {
            throw new InvalidWorkflowException("steps", "has " + list.size() + " steps, at most " + MAX_STEPS);
        }
        Map<String, Step> steps = new LinkedHashMap<>();
        for (Step step : list) {
            if (steps.putIfAbsent(step.name(), step) != null) {
                throw InvalidWorkflowException.ofStep(step.name(), "is named twice");
            }
        }
        Map<String, List<String>> children = new HashMap<>();
        steps.keySet().forEach(name -> children.put(name, new ArrayList<>()));
        for (Step step : steps.values()) {
            for (Edge edge : step.after()) {
                if (!steps.containsKey(edge.from())) {
                    throw InvalidWorkflowException.ofStep(step.name(), "depends on unknown step '" + edge.from() + "'");
                }
                if (!children.get(edge.from()).contains(step.name())) {
                    children.get(edge.from()).add(step.name());
                }
            }
        }
        List<String> order = topologicalOrder(steps, children);
        checkReachable(steps, order);
        children.replaceAll((name, names) -> List.copyOf(names));
        return new WorkflowGraph(Collections.unmodifiableMap(steps), Map.copyOf(children), List.copyOf(order));
    }

    /** Kahn's order; the steps left over lie on a cycle or after one, and the first of them is named. */
    private static List<String> topologicalOrder(Map<String, Step> steps, Map<String, List<String>> children) {
        Map<String, Integer> waiting = new HashMap<>();
        steps.values().forEach(step -> waiting.put(step.name(), (int) step.after().stream().map(Edge::from).distinct().count()));
        Deque<String> ready = new ArrayDeque<>();
        steps.keySet().stream().filter(name -> waiting.get(name) == 0).forEach(ready::add);
        List<String> order = new ArrayList<>();
        while (!ready.isEmpty()) {
            String name = ready.removeFirst();
            order.add(name);
            for (String child : children.get(name)) {
                if (waiting.merge(child, -1, Integer::sum) == 0) {
                    ready.addLast(child);
                }
            }
        }
        if (order.size() < steps.size()) {
            String onCycle = cycleMember(steps, new HashSet<>(order));
            throw InvalidWorkflowException.ofStep(onCycle, "is on a cycle of edges (a workflow is a graph without cycles)");
        }
        return order;
    }

    /** A step that is on a cycle itself, found by walking parents among the steps not ordered. */
    private static String cycleMember(Map<String, Step> steps, Set<String> ordered) {
        String current = steps.keySet().stream().filter(name -> !ordered.contains(name)).findFirst().orElseThrow();
        Set<String> seen = new HashSet<>();
        while (seen.add(current)) {
            String here = current;
            current = steps.get(here).after().stream().map(Edge::from).filter(parent -> !ordered.contains(parent))
                    .findFirst().orElseThrow();
        }
        return current;
    }

    /**
     * A step is reachable when its edges can be satisfied in some run: a root always; with join
     * ANY, one edge from a reachable parent; with join ALL, every parent reachable and no parent
     * asked for both its success and its failure.
     */
    private static void checkReachable(Map<String, Step> steps, List<String> order) {
        Set<String> reachable = new HashSet<>();
        for (String name : order) {
            Step step = steps.get(name);
            if (step.isRoot()) {
                reachable.add(name);
                continue;
            }
            if (step.join() == Join.ANY) {
                if (step.after().stream().noneMatch(edge -> reachable.contains(edge.from()))) {
                    throw InvalidWorkflowException.ofStep(name, "can never start: none of its parents can be reached");
                }
                reachable.add(name);
                continue;
            }
            Map<String, EdgeCondition> wanted = new HashMap<>();
            for (Edge edge : step.after()) {
                if (!reachable.contains(edge.from())) {
                    throw InvalidWorkflowException.ofStep(name, "can never start: its parent '" + edge.from()
                            + "' can never start");
                }
                EdgeCondition before = wanted.putIfAbsent(edge.from(), edge.when());
                if (before != null && contradict(before, edge.when())) {
                    throw InvalidWorkflowException.ofStep(name, "can never start: it waits for '" + edge.from()
                            + "' to both succeed and fail (use join any)");
                }
            }
            reachable.add(name);
        }
    }

    private static boolean contradict(EdgeCondition a, EdgeCondition b) {
        return (a == EdgeCondition.SUCCESS && b == EdgeCondition.FAILURE)
                || (a == EdgeCondition.FAILURE && b == EdgeCondition.SUCCESS);
    }

    public Step step(String name) {
        Step step = steps.get(name);
        if (step == null) {
            throw new IllegalArgumentException("no step " + name);
        }
        return step;
    }

    /** The steps in the order they were given. */
    public List<Step> steps() {
        return List.copyOf(steps.values());
    }

    /** Every step after all of its parents. */
    public List<String> order() {
        return order;
    }

    public List<String> children(String name) {
        return children.getOrDefault(name, List.of());
    }

    /** The step and every step reachable from it by edges, in order. */
    public Set<String> descendants(String name) {
        Set<String> found = new HashSet<>();
        Deque<String> todo = new ArrayDeque<>(List.of(name));
        while (!todo.isEmpty()) {
            String next = todo.removeFirst();
            if (found.add(next)) {
                todo.addAll(children(next));
            }
        }
        return found;
    }
}
