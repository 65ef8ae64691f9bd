package io.redcron.desktop.workflows;

import io.redcron.desktop.session.Workspace;
import io.redcron.desktop.ui.FailureText;
import io.redcron.desktop.ui.Messages;
import io.redcron.desktop.ui.UiExecutor;
import io.redcron.domain.ConcurrencyPolicy;
import io.redcron.domain.MisfirePolicy;
import io.redcron.domain.Task;
import io.redcron.ops.Lookup;
import io.redcron.ops.WorkflowOperations;
import io.redcron.port.DuplicateWorkflowException;
import io.redcron.port.StaleWorkflowException;
import io.redcron.schedule.CronDialect;
import io.redcron.workflow.Edge;
import io.redcron.workflow.EdgeCondition;
import io.redcron.workflow.StepTarget;
import io.redcron.workflow.Workflow;
import javafx.beans.InvalidationListener;
import javafx.beans.Observable;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The workflow editor: the workflow's fields and its steps, checked on every change by building
 * the domain's {@link Workflow} ({@link DraftCheck}), so the problem shown, the step it points at
 * and whether Save is possible are always those of what is typed now. The graph is laid out again
 * whenever a step's name or edges change. Save goes through the operator actions, which also check
 * that every task and workflow named exists; what they or the store refuse (an unknown task, a
 * name taken, a workflow changed by someone else meanwhile) is shown and nothing is saved.
 */
public final class WorkflowEditorViewModel {
    static final int COMPLETIONS = 10;

    private final StringProperty name = new SimpleStringProperty("");
    private final StringProperty description = new SimpleStringProperty("");
    private final StringProperty cron = new SimpleStringProperty("");
    private final ObjectProperty<CronDialect> dialect = new SimpleObjectProperty<>(CronDialect.UNIX);
    private final StringProperty zone = new SimpleStringProperty("UTC");
    private final ObjectProperty<MisfirePolicy> misfire = new SimpleObjectProperty<>(MisfirePolicy.FIRE_ONCE);
    private final StringProperty catchUpLimit = new SimpleStringProperty("1");
    private final ObjectProperty<ConcurrencyPolicy> concurrency = new SimpleObjectProperty<>(ConcurrencyPolicy.FORBID);
    private final StringProperty params = new SimpleStringProperty("");
    private final ObservableList<StepForm> steps = FXCollections.observableArrayList(StepForm::fields);
    private final ObjectProperty<StepForm> selected = new SimpleObjectProperty<>();
    private final ObjectProperty<GraphLayout.Layout> layout = new SimpleObjectProperty<>(GraphLayout.of(List.of()));
    private final StringProperty problem = new SimpleStringProperty("");
    private final IntegerProperty problemStep = new SimpleIntegerProperty(-1);
    private final BooleanProperty valid = new SimpleBooleanProperty();
    private final StringProperty saveError = new SimpleStringProperty("");
    private final BooleanProperty busy = new SimpleBooleanProperty();
    private final ObservableList<String> stepNames = FXCollections.observableArrayList();

    private final WorkflowOperations operations;
    private final Lookup lookup;
    private final Workspace workspace;
    private final UiExecutor executor;
    private final Messages messages;
    /** The steps whose renames are followed by the edges into them. */
    private final Set<StepForm> followed = Collections.newSetFromMap(new IdentityHashMap<>());
    private Workflow original;
    private DraftCheck.Result checked;
    private List<GraphLayout.Node> laidOut = List.of();

    public WorkflowEditorViewModel(WorkflowOperations operations, Lookup lookup, Workspace workspace,
                                   UiExecutor executor, Messages messages) {
        this.operations = operations;
        this.lookup = lookup;
        this.workspace = workspace;
        this.executor = executor;
        this.messages = messages;
        InvalidationListener changed = o -> check();
        for (Observable field : List.of(name, description, cron, dialect, zone, misfire, catchUpLimit,
                concurrency, params)) {
            field.addListener(changed);
        }
        steps.addListener((ListChangeListener<StepForm>) change -> check());
        check();
    }

    /** Starts a new workflow with one step to fill in. */
    public void startNew() {
        original = null;
        steps.setAll(new StepForm("step-1"));
        selected.set(steps.get(0));
    }

    /** Opens {@code workflow} for editing; Save replaces it, if nobody changed it meanwhile. */
    public void edit(Workflow workflow) {
        original = workflow;
        name.set(workflow.name());
        description.set(workflow.description());
        cron.set(workflow.cron() == null ? "" : workflow.cron());
        dialect.set(workflow.dialect());
        zone.set(workflow.zone().getId());
        misfire.set(workflow.misfirePolicy());
        catchUpLimit.set(Integer.toString(workflow.catchUpLimit()));
        concurrency.set(workflow.concurrencyPolicy());
        params.set(ParamLines.format(workflow.params()));
        List<StepForm> forms = new ArrayList<>();
        workflow.steps().forEach(step -> forms.add(StepForm.of(step)));
        steps.setAll(forms);
        selected.set(steps.isEmpty() ? null : steps.get(0));
    }

    public boolean isNew() {
        return original == null;
    }

    /**
     * Adds a step with a name not taken yet, after the selected step (on its success) when one is
     * selected, and selects it.
     */
    public StepForm addStep() {
        int number = steps.size() + 1;
        while (taken("step-" + number)) {
            number++;
        }
        StepForm step = new StepForm("step-" + number);
        StepForm parent = selected.get();
        if (parent != null && !parent.nameProperty().get().isBlank()) {
            step.after().add(Edge.onSuccess(parent.nameProperty().get().strip()));
        }
        steps.add(step);
        selected.set(step);
        return step;
    }

    private boolean taken(String candidate) {
        return steps.stream().anyMatch(step -> candidate.equals(step.nameProperty().get()));
    }

    /** Removes the selected step and the edges from it. */
    public void removeStep() {
        StepForm step = selected.get();
        if (step == null) {
            return;
        }
        String gone = step.nameProperty().get();
        steps.remove(step);
        steps.forEach(other -> other.after().removeIf(edge -> edge.from().equals(gone)));
        selected.set(steps.isEmpty() ? null : steps.get(steps.size() - 1));
    }

    /** Adds an edge into the selected step from {@code parent}; an edge it already has is not added twice. */
    public void addEdge(String parent, EdgeCondition when) {
        StepForm step = selected.get();
        if (step == null || parent == null || parent.isBlank() || when == null) {
            return;
        }
        Edge edge = new Edge(parent.strip(), when);
        if (!step.after().contains(edge)) {
            step.after().add(edge);
        }
    }

    public void removeEdge(Edge edge) {
        StepForm step = selected.get();
        if (step != null && edge != null) {
            step.after().remove(edge);
        }
    }

    /** Selects the step drawn at {@code index} of the layout (its place in the list). */
    public void select(int index) {
        if (index >= 0 && index < steps.size()) {
            selected.set(steps.get(index));
        }
    }

    /** A step renamed takes its edges with it: the steps after it now wait for the new name. */
    private void follow(StepForm step) {
        step.nameProperty().addListener((o, before, after) -> {
            String was = before == null ? "" : before.strip();
            String now = after == null ? "" : after.strip();
            if (was.isEmpty() || now.isEmpty() || was.equals(now) || !steps.contains(step)) {
                return;
            }
            for (StepForm other : steps) {
                if (other == step) {
                    continue;
                }
                for (int i = 0; i < other.after().size(); i++) {
                    Edge edge = other.after().get(i);
                    if (edge.from().equals(was)) {
                        other.after().set(i, new Edge(now, edge.when()));
                    }
                }
            }
        });
    }

    private void check() {
        steps.forEach(this::followOnce);
        int limit;
        try {
            limit = Integer.parseInt(catchUpLimit.get() == null ? "" : catchUpLimit.get().strip());
        } catch (NumberFormatException e) {
            limit = -1;
        }
        checked = limit < 0
                ? DraftCheck.Result.invalid("catch-up-limit: " + messages.get("workflows.editor.error.number",
                        catchUpLimit.get()), -1)
                : DraftCheck.check(draft(limit), messages);
        problem.set(checked.message() == null ? "" : checked.message());
        problemStep.set(checked.stepIndex());
        valid.set(checked.valid());
        List<GraphLayout.Node> nodes = steps.stream().map(StepForm::node).toList();
        if (!nodes.equals(laidOut)) {
            laidOut = nodes;
            layout.set(GraphLayout.of(nodes));
        }
        List<String> names = steps.stream().map(step -> step.nameProperty().get().strip())
                .filter(one -> !one.isEmpty()).distinct().toList();
        if (!names.equals(stepNames)) {
            stepNames.setAll(names);
        }
    }

    private void followOnce(StepForm step) {
        if (followed.add(step)) {
            follow(step);
        }
    }

    private DraftCheck.Draft draft(int limit) {
        return new DraftCheck.Draft(workspace.namespace(), name.get(), description.get(), cron.get(), dialect.get(),
                zone.get(), misfire.get(), limit, concurrency.get(), original == null || original.enabled(),
                params.get(), steps.stream().map(StepForm::draft).toList());
    }

    /** The parents the selected step may take: every other step's name. */
    public List<String> parentsFor(StepForm step) {
        String own = step == null ? null : step.nameProperty().get().strip();
        return stepNames.stream().filter(one -> !Objects.equals(one, own)).toList();
    }

    /**
     * Offers the names of tasks (or, for a step that runs a workflow, workflows) that contain
     * {@code typed}; looked up off the JavaFX thread, handed to {@code offer} on it.
     */
    public void completeTarget(StepTarget.Kind kind, String typed, Consumer<List<String>> offer) {
        String part = typed == null ? "" : typed.strip();
        if (part.isEmpty()) {
            offer.accept(List.of());
            return;
        }
        String lower = part.toLowerCase(Locale.ROOT);
        executor.submit(() -> kind == StepTarget.Kind.WORKFLOW
                        ? operations.list().stream().map(Workflow::name)
                                .filter(one -> one.toLowerCase(Locale.ROOT).contains(lower)).limit(COMPLETIONS).toList()
                        : lookup.tasksNamedLike(part, COMPLETIONS).tasks().stream().map(Task::name).toList(),
                offer, failure -> offer.accept(List.of()));
    }

    /** Saves what is typed, if it is valid; {@code done} gets the stored workflow on the JavaFX thread. */
    public void save(Consumer<Workflow> done) {
        if (!checked.valid() || busy.get()) {
            return;
        }
        Workflow workflow = checked.workflow();
        Workflow editing = original;
        busy.set(true);
        saveError.set("");
        executor.submit(() -> {
            if (editing == null) {
                return operations.add(workflow);
            }
            // Only if nobody changed it since it was opened: the store compares the version.
            return operations.update(editing.name(), workflow, editing.version());
        }, stored -> {
            busy.set(false);
            original = stored;
            done.accept(stored);
        }, failure -> {
            busy.set(false);
            saveError.set(describe(failure));
        });
    }

    private String describe(Throwable failure) {
        if (failure instanceof DuplicateWorkflowException) {
            return messages.get("workflows.editor.error.duplicate", name.get().strip());
        }
        if (failure instanceof StaleWorkflowException) {
            return messages.get("workflows.editor.error.stale", original == null ? name.get() : original.name());
        }
        return messages.get("workflows.editor.error.save", FailureText.oneLine(failure));
    }

    public StringProperty nameProperty() { return name; }
    public StringProperty descriptionProperty() { return description; }
    public StringProperty cronProperty() { return cron; }
    public ObjectProperty<CronDialect> dialectProperty() { return dialect; }
    public StringProperty zoneProperty() { return zone; }
    public ObjectProperty<MisfirePolicy> misfireProperty() { return misfire; }
    public StringProperty catchUpLimitProperty() { return catchUpLimit; }
    public ObjectProperty<ConcurrencyPolicy> concurrencyProperty() { return concurrency; }
    /** The workflow's own parameters, one {@code key=value} a line. */
    public StringProperty paramsProperty() { return params; }
    public ObservableList<StepForm> steps() { return steps; }
    public ObjectProperty<StepForm> selectedProperty() { return selected; }
    /** The graph as it is to be drawn now. */
    public ObjectProperty<GraphLayout.Layout> layoutProperty() { return layout; }
    /** The first problem of what is typed, one line; empty when the workflow can be saved. */
    public StringProperty problemProperty() { return problem; }
    /** The index of the step {@link #problemProperty} is about; -1 for none. */
    public IntegerProperty problemStepProperty() { return problemStep; }
    public BooleanProperty validProperty() { return valid; }
    /** Why the last save did not happen. */
    public StringProperty saveErrorProperty() { return saveError; }
    public BooleanProperty busyProperty() { return busy; }
    /** The names of the steps, for the parent chooser. */
    public ObservableList<String> stepNames() { return stepNames; }
}
