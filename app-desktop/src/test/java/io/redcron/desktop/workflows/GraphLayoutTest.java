package io.redcron.desktop.workflows;

import io.redcron.workflow.Edge;
import io.redcron.workflow.EdgeCondition;
import io.redcron.workflow.Join;
import io.redcron.workflow.Step;
import io.redcron.workflow.StepTarget;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class GraphLayoutTest {

    private static Step step(String name, Edge... after) {
        return new Step(name, StepTarget.task("t-" + name), null, Join.ALL, List.of(after));
    }

    @Test
    void aFanInPutsTheRootsInTheFirstLayerAndTheJoinInTheNext() {
        GraphLayout.Layout layout = GraphLayout.ofSteps(List.of(step("extract-a"), step("extract-b"),
                step("load", Edge.onSuccess("extract-a"), Edge.onSuccess("extract-b"))));

        assertThat(layout.boxes()).extracting(GraphLayout.Box::layer).containsExactly(0, 0, 1);
        assertThat(layout.boxes()).extracting(GraphLayout.Box::row).containsExactly(0, 1, 0);
        GraphLayout.Box load = layout.box("load").orElseThrow();
        assertThat(load.x()).isGreaterThan(layout.box("extract-a").orElseThrow().x() + GraphLayout.BOX_WIDTH);
        // the single box of the second layer is centred between the two of the first
        assertThat(load.centerY()).isEqualTo((layout.box("extract-a").orElseThrow().centerY()
                + layout.box("extract-b").orElseThrow().centerY()) / 2);
        assertThat(layout.lines()).hasSize(2).allMatch(line -> line.to().name().equals("load"));
    }

    @Test
    void aStepsLayerIsItsLongestPathFromARootSoEveryEdgePointsRight() {
        GraphLayout.Layout layout = GraphLayout.ofSteps(List.of(step("a"), step("b", Edge.onSuccess("a")),
                step("c", Edge.onSuccess("b")), step("d", Edge.onSuccess("a"), Edge.onSuccess("c"))));

        assertThat(layout.box("d").orElseThrow().layer()).isEqualTo(3);
        assertThat(layout.lines()).allMatch(line -> line.to().x() > line.from().x());
        assertThat(layout.width()).isEqualTo(4 * GraphLayout.BOX_WIDTH + 3 * GraphLayout.LAYER_GAP
                + 2 * GraphLayout.MARGIN);
    }

    @Test
    void twoEdgesBetweenTheSameStepsAreCountedSoTheyAreDrawnApart() {
        GraphLayout.Layout layout = GraphLayout.ofSteps(List.of(step("a"),
                new Step("cleanup", StepTarget.task("t"), null, Join.ANY,
                        List.of(new Edge("a", EdgeCondition.SUCCESS), new Edge("a", EdgeCondition.FAILURE)))));

        assertThat(layout.lines()).extracting(GraphLayout.Line::nth).containsExactly(0, 1);
        assertThat(layout.lines()).extracting(GraphLayout.Line::when)
                .containsExactly(EdgeCondition.SUCCESS, EdgeCondition.FAILURE);
    }

    @Test
    void aGraphBeingEditedIsLaidOutEvenWithACycleAnUnknownParentOrABlankName() {
        GraphLayout.Layout layout = GraphLayout.of(List.of(
                new GraphLayout.Node("a", List.of(Edge.onSuccess("c"))),
                new GraphLayout.Node("b", List.of(Edge.onSuccess("a"))),
                new GraphLayout.Node("c", List.of(Edge.onSuccess("b"))),
                new GraphLayout.Node("", List.of(Edge.onSuccess("nowhere")))));

        assertThat(layout.boxes()).hasSize(4);
        assertThat(layout.lines()).hasSize(3);
        assertThat(layout.box("").orElseThrow().layer()).isZero();
    }

    @Test
    void nothingToDrawIsAnEmptyLayout() {
        GraphLayout.Layout layout = GraphLayout.of(List.of());

        assertThat(layout.boxes()).isEmpty();
        assertThat(layout.width()).isEqualTo(2 * GraphLayout.MARGIN);
    }
}
