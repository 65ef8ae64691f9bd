package io.redcron.desktop.workflows;

import io.redcron.workflow.Edge;
import io.redcron.workflow.Join;
import io.redcron.workflow.Step;
import io.redcron.workflow.StepTarget;
import javafx.beans.Observable;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.util.List;

/** One step as the editor holds it while the operator types: every field may be wrong for now. */
public final class StepForm {
    private final StringProperty name = new SimpleStringProperty("");
    private final ObjectProperty<StepTarget.Kind> kind = new SimpleObjectProperty<>(StepTarget.Kind.TASK);
    private final StringProperty target = new SimpleStringProperty("");
    private final StringProperty params = new SimpleStringProperty("");
    private final ObjectProperty<Join> join = new SimpleObjectProperty<>(Join.ALL);
    private final ObservableList<Edge> after = FXCollections.observableArrayList();

    public StepForm(String name) {
        this.name.set(name);
    }

    public static StepForm of(Step step) {
        StepForm form = new StepForm(step.name());
        form.kind.set(step.target().kind());
        form.target.set(step.target().name());
        form.params.set(ParamLines.format(step.params()));
        form.join.set(step.join());
        form.after.setAll(step.after());
        return form;
    }

    DraftCheck.StepDraft draft() {
        return new DraftCheck.StepDraft(name.get(), kind.get(), target.get(), params.get(), join.get(), List.copyOf(after));
    }

    GraphLayout.Node node() {
        return new GraphLayout.Node(name.get() == null ? "" : name.get().strip(), List.copyOf(after));
    }

    /** Everything whose change may change what the step is. */
    Observable[] fields() {
        return new Observable[] {name, kind, target, params, join, after};
    }

    public StringProperty nameProperty() { return name; }
    public ObjectProperty<StepTarget.Kind> kindProperty() { return kind; }
    public StringProperty targetProperty() { return target; }
    /** The step's own parameters, one {@code key=value} a line. */
    public StringProperty paramsProperty() { return params; }
    public ObjectProperty<Join> joinProperty() { return join; }
    /** The edges into the step, from its parents. */
    public ObservableList<Edge> after() { return after; }
}
