package io.redcron.ops;

import io.redcron.format.WorkflowDocument;
import io.redcron.ops.OperationException.Kind;
import io.redcron.workflow.InvalidWorkflowException;
import io.redcron.workflow.Workflow;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/** A definition is checked against the store: a refused step is named as the graph's checks name it. */
class DefineWorkflowTest {
    private final OpsFixture fixture = new OpsFixture();
    private final WorkflowOperations workflows = new WorkflowOperations(fixture.namespace, OpsFixture.ACTOR,
            fixture.stores.workflows(), fixture.stores.workflowRuns(), fixture.stores.tasks(),
            new StopWorkflowRuns(fixture.stores.workflowRuns(), fixture.stores.runs(), fixture.stores.events()),
            fixture.clock);

    private Workflow workflow(String yaml) {
        return WorkflowDocument.read(WorkflowDocument.parse(yaml.getBytes(StandardCharsets.UTF_8), "test"),
                fixture.namespace, null).workflow();
    }

    private static OperationException refused(Runnable action) {
        OperationException e = catchThrowableOfType(action::run, OperationException.class);
        assertThat(e).as("refused").isNotNull();
        assertThat(e.kind()).isEqualTo(Kind.BAD_INPUT);
        return e;
    }

    private static String field(OperationException e) {
        assertThat(e.getCause()).isInstanceOf(InvalidWorkflowException.class);
        return ((InvalidWorkflowException) e.getCause()).field();
    }

    @Test
    void aStepWhoseTaskDoesNotExistIsRefusedNamingTheStep() {
        fixture.task("extract");

        OperationException e = refused(() -> workflows.add(workflow(
                "name: etl\nsteps: [{name: extract, task: extract}, {name: load, task: nothing, after: [extract]}]\n")));

        assertThat(e).hasMessage("step load: task 'nothing' does not exist");
        assertThat(field(e)).isEqualTo("step load");
        assertThat(workflows.list()).isEmpty();
    }

    @Test
    void aStepWhoseWorkflowDoesNotExistIsRefusedNamingTheStep() {
        OperationException e = refused(() -> workflows.add(workflow("name: etl\nsteps: [{name: sub, workflow: gone}]\n")));

        assertThat(e).hasMessage("step sub: workflow 'gone' does not exist");
        assertThat(field(e)).isEqualTo("step sub");
    }

    @Test
    void aWorkflowThatReachesItselfIsRefusedNamingTheStep() {
        fixture.task("extract");
        workflows.add(workflow("name: inner\nsteps: [{name: only, task: extract}]\n"));
        workflows.add(workflow("name: outer\nsteps: [{name: nested, workflow: inner}]\n"));

        OperationException e = refused(() -> workflows.update("inner",
                workflow("name: inner\nsteps: [{name: back, workflow: outer}]\n")));

        assertThat(e).hasMessage("step back: workflow 'outer' runs 'inner' again, a cycle without end");
        assertThat(field(e)).isEqualTo("step back");
    }
}
