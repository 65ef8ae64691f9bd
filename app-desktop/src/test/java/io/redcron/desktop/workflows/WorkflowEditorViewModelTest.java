package io.redcron.desktop.workflows;

import io.redcron.desktop.session.Workspace;
import io.redcron.desktop.ui.Messages;
import io.redcron.desktop.ui.UiExecutor;
import io.redcron.workflow.Edge;
import io.redcron.workflow.EdgeCondition;
import io.redcron.workflow.Join;
import io.redcron.workflow.StepTarget;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.util.List;
import java.util.Locale;

import static org.assertj.core.api.Assertions.assertThat;

/** The editor's checks and step editing, without a stage; nothing here reaches the operator actions. */
class WorkflowEditorViewModelTest {
    private final WorkflowEditorViewModel model = new WorkflowEditorViewModel(null, null,
            new Workspace("ns", "tester", Clock.systemUTC()), UiExecutor.direct(), new Messages(Locale.ENGLISH));

    @Test
    void aNewWorkflowCannotBeSavedUntilItHasANameAndItsStepATarget() {
        model.startNew();
        assertThat(model.validProperty().get()).isFalse();
        assertThat(model.problemProperty().get()).isEqualTo("step step-1: names no task or workflow to run");
        assertThat(model.problemStepProperty().get()).isZero();

        model.steps().get(0).targetProperty().set("extract");
        assertThat(model.problemProperty().get()).isEqualTo("name: is required");
        assertThat(model.problemStepProperty().get()).isEqualTo(-1);

        model.nameProperty().set("nightly");
        assertThat(model.validProperty().get()).isTrue();
        assertThat(model.problemProperty().get()).isEmpty();
        assertThat(model.problemStepProperty().get()).isEqualTo(-1);
    }

    @Test
    void buildsAFanInStepAfterStepAndLaysItOutInTwoLayers() {
        model.startNew();
        model.nameProperty().set("etl");
        StepForm first = model.steps().get(0);
        first.nameProperty().set("extract-a");
        first.targetProperty().set("extract-a");
        model.selectedProperty().set(null);
        StepForm second = model.addStep();
        second.nameProperty().set("extract-b");
        second.targetProperty().set("extract-b");
        assertThat(second.after()).isEmpty();

        StepForm join = model.addStep(); // after the selected step, extract-b
        join.nameProperty().set("load");
        join.targetProperty().set("load");
        model.addEdge("extract-a", EdgeCondition.SUCCESS);
        model.addEdge("extract-a", EdgeCondition.SUCCESS);

        assertThat(join.after()).containsExactly(Edge.onSuccess("extract-b"), Edge.onSuccess("extract-a"));
        assertThat(model.validProperty().get()).isTrue();
        assertThat(model.layoutProperty().get().boxes()).extracting(GraphLayout.Box::layer).containsExactly(0, 0, 1);
        assertThat(model.stepNames()).containsExactly("extract-a", "extract-b", "load");
        assertThat(model.parentsFor(join)).containsExactly("extract-a", "extract-b");
    }

    @Test
    void renamingAStepTakesItsEdgesAlongAndRemovingOneDropsThem() {
        model.startNew();
        model.nameProperty().set("etl");
        model.steps().get(0).targetProperty().set("t");
        StepForm child = model.addStep();
        child.targetProperty().set("t");
        model.steps().get(0).nameProperty().set("extract");

        assertThat(child.after()).containsExactly(Edge.onSuccess("extract"));
        assertThat(model.validProperty().get()).isTrue();

        model.selectedProperty().set(model.steps().get(0));
        model.removeStep();

        assertThat(model.steps()).containsExactly(child);
        assertThat(child.after()).isEmpty();
        assertThat(model.validProperty().get()).isTrue();
    }

    @Test
    void aContradictionIsShownAtTheStepThatHasIt() {
        model.startNew();
        model.nameProperty().set("etl");
        model.steps().get(0).targetProperty().set("t");
        StepForm child = model.addStep();
        child.nameProperty().set("notify");
        child.targetProperty().set("t");
        model.addEdge("step-1", EdgeCondition.FAILURE);

        assertThat(model.validProperty().get()).isFalse();
        assertThat(model.problemProperty().get()).startsWith("step notify: can never start");
        assertThat(model.problemStepProperty().get()).isEqualTo(1);

        child.joinProperty().set(Join.ANY);
        assertThat(model.validProperty().get()).isTrue();
    }

    @Test
    void aCatchUpLimitThatIsNoNumberIsRefusedAtItsField() {
        model.startNew();
        model.nameProperty().set("etl");
        model.steps().get(0).kindProperty().set(StepTarget.Kind.WORKFLOW);
        model.steps().get(0).targetProperty().set("other");
        model.catchUpLimitProperty().set("many");

        assertThat(model.problemProperty().get()).isEqualTo("catch-up-limit: 'many' is not a whole number");
        model.catchUpLimitProperty().set("0");
        assertThat(model.problemProperty().get()).startsWith("catch-up-limit: must be 1-1000");
        model.catchUpLimitProperty().set("3");
        assertThat(model.validProperty().get()).isTrue();
        assertThat(List.copyOf(model.steps())).hasSize(1);
    }
}
