package io.redcron.workflow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

class WorkflowGraphTest {
    private static Step step(String name, Edge... after) {
        return new Step(name, StepTarget.task("t-" + name), Map.of(), Join.ALL, List.of(after));
    }

    private static Step any(String name, Edge... after) {
        return new Step(name, StepTarget.task("t-" + name), Map.of(), Join.ANY, List.of(after));
    }

    @Test
    void ordersEveryStepAfterItsParents() {
        WorkflowGraph graph = WorkflowGraph.of(List.of(
                step("load", Edge.onSuccess("clean"), Edge.onSuccess("enrich")),
                step("clean", Edge.onSuccess("extract")),
                step("extract"),
                step("enrich", Edge.onSuccess("extract"))));
        List<String> order = graph.order();
        assertThat(order.indexOf("extract")).isLessThan(order.indexOf("clean"));
        assertThat(order.indexOf("clean")).isLessThan(order.indexOf("load"));
        assertThat(order.indexOf("enrich")).isLessThan(order.indexOf("load"));
        assertThat(graph.children("extract")).containsExactlyInAnyOrder("clean", "enrich");
        assertThat(graph.descendants("clean")).containsExactlyInAnyOrder("clean", "load");
    }

    @Test
    void refusesACycleNamingAStepOnIt() {
        assertThatThrownBy(() -> WorkflowGraph.of(List.of(step("start"),
                step("a", Edge.onSuccess("start"), Edge.onSuccess("c")), step("b", Edge.onSuccess("a")),
                step("c", Edge.onSuccess("b")), step("after", Edge.onSuccess("c")))))
                .isInstanceOf(InvalidWorkflowException.class)
                .hasMessageMatching("step [abc]: is on a cycle of edges \\(a workflow is a graph without cycles\\)");
    }

    @Test
    void refusesUnknownParentsDuplicateNamesAndSelfEdges() {
        assertThatThrownBy(() -> WorkflowGraph.of(List.of(step("a"), step("b", Edge.onSuccess("nope")))))
                .hasMessage("step b: depends on unknown step 'nope'");
        assertThatThrownBy(() -> WorkflowGraph.of(List.of(step("a"), step("a"))))
                .hasMessage("step a: is named twice");
        assertThatThrownBy(() -> step("a", Edge.onSuccess("a"))).hasMessage("step a: depends on itself");
        assertThatThrownBy(() -> WorkflowGraph.of(List.of())).hasMessage("steps: a workflow needs at least one step");
        assertThatThrownBy(() -> new Step("bad name", StepTarget.task("t"), Map.of(), Join.ALL, List.of()))
                .hasMessageStartingWith("steps: step name 'bad name' must be");
        assertThatThrownBy(() -> new Step("a", StepTarget.task("t"), Map.of("bad-name", "1"), Join.ALL, List.of()))
                .hasMessageStartingWith("step a: parameter name 'bad-name'");
    }

    @Test
    void refusesAStepThatCanNeverStart() {
        assertThatThrownBy(() -> WorkflowGraph.of(List.of(step("a"),
                step("b", Edge.onSuccess("a"), new Edge("a", EdgeCondition.FAILURE)))))
                .hasMessage("step b: can never start: it waits for 'a' to both succeed and fail (use join any)");
        assertThatThrownBy(() -> WorkflowGraph.of(List.of(step("a"),
                step("b", Edge.onSuccess("a"), new Edge("a", EdgeCondition.FAILURE)),
                step("c", Edge.onSuccess("b")))))
                .hasMessageStartingWith("step b: can never start");
        WorkflowGraph either = WorkflowGraph.of(List.of(step("a"),
                any("b", Edge.onSuccess("a"), new Edge("a", EdgeCondition.FAILURE))));
        assertThat(either.order()).containsExactly("a", "b");
    }
}
