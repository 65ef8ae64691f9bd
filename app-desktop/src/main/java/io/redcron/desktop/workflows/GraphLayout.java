package io.redcron.desktop.workflows;

import io.redcron.workflow.Edge;
import io.redcron.workflow.EdgeCondition;
import io.redcron.workflow.InvalidWorkflowException;
import io.redcron.workflow.Step;
import io.redcron.workflow.WorkflowGraph;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Where each step of a workflow is drawn: in layers from left to right, a step's layer being the
 * longest path to it from a root, so every edge points right. Within a layer, steps sit in the
 * order of their parents' rows (fewer crossings), then in the order they were defined. A graph
 * being edited may be invalid (a cycle, an unknown parent, a name twice): it is still laid out,
 * edges to unknown steps left out and a cycle's steps in the layers they reach, so the editor can
 * show the step at fault.
 */
public final class GraphLayout {
    public static final double BOX_WIDTH = 168;
    public static final double BOX_HEIGHT = 54;
    public static final double LAYER_GAP = 84;
    public static final double ROW_GAP = 26;
    public static final double MARGIN = 16;

    private GraphLayout() {
    }

    /** A step as the layout sees it: a name and the edges into it. */
    public record Node(String name, List<Edge> after) {
        public Node {
            name = name == null ? "" : name;
            after = after == null ? List.of() : List.copyOf(after);
        }

        static Node of(Step step) {
            return new Node(step.name(), step.after());
        }
    }

    /** One step's box; {@code index} is the step's place in the list laid out. */
    public record Box(int index, String name, int layer, int row, double x, double y) {
        public double centerY() {
            return y + BOX_HEIGHT / 2;
        }
    }

    /**
     * One edge, from its parent's box to its child's. {@code nth} counts the edges between the
     * same two boxes (success and failure both, say), so they can be drawn apart.
     */
    public record Line(Box from, Box to, EdgeCondition when, int nth) {
    }

    public record Layout(List<Box> boxes, List<Line> lines, double width, double height) {
        public Optional<Box> box(String name) {
            return boxes.stream().filter(box -> box.name().equals(name)).findFirst();
        }
    }

    public static Layout ofSteps(List<Step> steps) {
        return of(steps.stream().map(Node::of).toList());
    }

    public static Layout of(List<Node> nodes) {
        Map<String, Integer> index = new HashMap<>();
        for (int i = 0; i < nodes.size(); i++) {
            index.putIfAbsent(nodes.get(i).name(), i);
        }
        int[] layer = layers(nodes, index);
        int layers = 0;
        for (int value : layer) {
            layers = Math.max(layers, value + 1);
        }
        int[] row = new int[nodes.size()];
        List<List<Integer>> byLayer = new ArrayList<>();
        for (int l = 0; l < layers; l++) {
            int here = l;
            List<Integer> members = new ArrayList<>();
            for (int i = 0; i < nodes.size(); i++) {
                if (layer[i] == here) {
                    members.add(i);
                }
            }
            members.sort(Comparator.comparingDouble((Integer i) -> parentRows(nodes.get(i), index, layer, row, here))
                    .thenComparingInt(i -> i));
            for (int r = 0; r < members.size(); r++) {
                row[members.get(r)] = r;
            }
            byLayer.add(members);
        }
        int tallest = byLayer.stream().mapToInt(List::size).max().orElse(0);
        double height = tallest == 0 ? 0 : tallest * BOX_HEIGHT + (tallest - 1) * ROW_GAP;
        List<Box> boxes = new ArrayList<>();
        for (int i = 0; i < nodes.size(); i++) {
            int size = byLayer.get(layer[i]).size();
            double column = size * BOX_HEIGHT + (size - 1) * ROW_GAP;
            double top = MARGIN + (height - column) / 2 + row[i] * (BOX_HEIGHT + ROW_GAP);
            boxes.add(new Box(i, nodes.get(i).name(), layer[i], row[i], MARGIN + layer[i] * (BOX_WIDTH + LAYER_GAP), top));
        }
        List<Line> lines = new ArrayList<>();
        Map<String, Integer> between = new HashMap<>();
        for (int i = 0; i < nodes.size(); i++) {
            for (Edge edge : nodes.get(i).after()) {
                Integer parent = index.get(edge.from());
                if (parent == null || parent == i) {
                    continue;
                }
                int nth = between.merge(parent + ">" + i, 1, Integer::sum) - 1;
                lines.add(new Line(boxes.get(parent), boxes.get(i), edge.when(), nth));
            }
        }
        double width = layers == 0 ? 0 : layers * BOX_WIDTH + (layers - 1) * LAYER_GAP;
        return new Layout(List.copyOf(boxes), List.copyOf(lines), width + 2 * MARGIN, height + 2 * MARGIN);
    }

    /** The mean row of a step's parents laid out before its layer; a root keeps its place. */
    private static double parentRows(Node node, Map<String, Integer> index, int[] layer, int[] row, int here) {
        double sum = 0;
        int count = 0;
        for (Edge edge : node.after()) {
            Integer parent = index.get(edge.from());
            if (parent != null && layer[parent] < here) {
                sum += row[parent];
                count++;
            }
        }
        return count == 0 ? -1 : sum / count;
    }

    /**
     * The longest path to each step: walked in {@link WorkflowGraph#order()} when the steps make a
     * valid graph; otherwise relaxed over the known edges at most once per step, which ends on a
     * cycle too.
     */
    private static int[] layers(List<Node> nodes, Map<String, Integer> index) {
        int[] layer = new int[nodes.size()];
        Optional<List<String>> order = order(nodes);
        if (order.isPresent()) {
            for (String name : order.get()) {
                int i = index.get(name);
                for (Edge edge : nodes.get(i).after()) {
                    layer[i] = Math.max(layer[i], layer[index.get(edge.from())] + 1);
                }
            }
            return layer;
        }
        for (int pass = 0; pass < nodes.size(); pass++) {
            boolean changed = false;
            for (int i = 0; i < nodes.size(); i++) {
                for (Edge edge : nodes.get(i).after()) {
                    Integer parent = index.get(edge.from());
                    if (parent != null && parent != i && layer[parent] + 1 > layer[i]) {
                        layer[i] = layer[parent] + 1;
                        changed = true;
                    }
                }
            }
            if (!changed) {
                break;
            }
        }
        return layer;
    }

    private static Optional<List<String>> order(List<Node> nodes) {
        try {
            return Optional.of(WorkflowGraph.of(nodes.stream()
                    .map(node -> new Step(node.name(), io.redcron.workflow.StepTarget.task("layout"), null, null,
                            node.after()))
                    .toList()).order());
        } catch (InvalidWorkflowException | NullPointerException e) {
            return Optional.empty();
        }
    }
}
