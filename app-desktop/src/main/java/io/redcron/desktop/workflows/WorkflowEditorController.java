package io.redcron.desktop.workflows;

import io.redcron.desktop.cron.CronBuilderDialog;
import io.redcron.desktop.cron.CronBuilderResult;
import io.redcron.desktop.ui.Cells;
import io.redcron.desktop.ui.Completions;
import io.redcron.desktop.ui.DescribedChoices;
import io.redcron.desktop.ui.FxDebouncer;
import io.redcron.desktop.ui.Messages;
import io.redcron.domain.ConcurrencyPolicy;
import io.redcron.domain.MisfirePolicy;
import io.redcron.schedule.CronDialect;
import io.redcron.workflow.Edge;
import io.redcron.workflow.EdgeCondition;
import io.redcron.workflow.Join;
import io.redcron.workflow.StepTarget;
import io.redcron.workflow.Workflow;
import javafx.beans.binding.Bindings;
import javafx.collections.ListChangeListener;
import javafx.fxml.FXML;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.layout.VBox;
import org.controlsfx.control.SearchableComboBox;

import java.time.Duration;
import java.time.ZoneId;
import java.util.List;
import java.util.Locale;
import java.util.ResourceBundle;
import java.util.function.Consumer;

/**
 * Binds the workflow editor: the workflow's fields on the left, its graph in the middle (a click
 * selects a step; the step a problem names is marked), the selected step's fields and edges on
 * the right. Save is possible only while what is typed makes a valid workflow.
 */
public final class WorkflowEditorController {
    private static final Duration COMPLETION_PAUSE = Duration.ofMillis(250);

    private final WorkflowEditorViewModel model;
    private final CronBuilderDialog cronBuilder;
    private Consumer<Workflow> onSaved = workflow -> { };
    private Runnable onClose = () -> { };
    private Messages messages;
    private StepForm bound;

    @FXML private ResourceBundle resources;
    @FXML private TextField name;
    @FXML private TextField description;
    @FXML private TextField cron;
    @FXML private ComboBox<CronDialect> dialect;
    @FXML private SearchableComboBox<ZoneId> zone;
    @FXML private ComboBox<MisfirePolicy> misfire;
    @FXML private Label misfireHelp;
    @FXML private TextField catchUpLimit;
    @FXML private ComboBox<ConcurrencyPolicy> concurrency;
    @FXML private Label concurrencyHelp;
    @FXML private TextArea params;
    @FXML private WorkflowGraphPane graph;
    @FXML private Button removeStep;
    @FXML private Label problem;
    @FXML private VBox stepForm;
    @FXML private Label stepProblem;
    @FXML private TextField stepName;
    @FXML private ComboBox<StepTarget.Kind> stepKind;
    @FXML private TextField stepTarget;
    @FXML private TextArea stepParams;
    @FXML private ComboBox<Join> stepJoin;
    @FXML private Label joinHelp;
    @FXML private ListView<Edge> edges;
    @FXML private ComboBox<String> edgeParent;
    @FXML private ComboBox<EdgeCondition> edgeCondition;
    @FXML private Button addEdge;
    @FXML private Button removeEdge;
    @FXML private Label saveError;
    @FXML private ProgressIndicator busy;
    @FXML private Button save;

    public WorkflowEditorController(WorkflowEditorViewModel model, CronBuilderDialog cronBuilder) {
        this.model = model;
        this.cronBuilder = cronBuilder;
    }

    public WorkflowEditorViewModel model() {
        return model;
    }

    /** What happens after a save, and how the editor closes. */
    void onSaved(Consumer<Workflow> saved, Runnable close) {
        onSaved = saved;
        onClose = close;
    }

    @FXML
    private void initialize() {
        messages = new Messages(resources.getLocale());
        name.textProperty().bindBidirectional(model.nameProperty());
        description.textProperty().bindBidirectional(model.descriptionProperty());
        cron.textProperty().bindBidirectional(model.cronProperty());
        catchUpLimit.textProperty().bindBidirectional(model.catchUpLimitProperty());
        params.textProperty().bindBidirectional(model.paramsProperty());
        bindChoices();
        bindZone();
        bindGraph();
        bindStep();
        problem.textProperty().bind(model.problemProperty());
        Cells.showOnlyWithText(problem);
        saveError.textProperty().bind(model.saveErrorProperty());
        busy.visibleProperty().bind(model.busyProperty());
        save.disableProperty().bind(model.validProperty().not().or(model.busyProperty()));
    }

    private void bindChoices() {
        dialect.getItems().setAll(CronDialect.values());
        dialect.setConverter(Cells.converter(value -> messages.get("editor.dialect." + value.id())));
        dialect.valueProperty().bindBidirectional(model.dialectProperty());
        misfire.getItems().setAll(MisfirePolicy.values());
        DescribedChoices.install(misfire, value -> messages.get("editor.misfire." + dashed(value)),
                value -> messages.get("editor.misfire." + dashed(value) + ".help"), misfireHelp);
        misfire.valueProperty().bindBidirectional(model.misfireProperty());
        concurrency.getItems().setAll(ConcurrencyPolicy.values());
        DescribedChoices.install(concurrency, value -> messages.get("workflows.concurrency." + dashed(value)),
                value -> messages.get("workflows.concurrency." + dashed(value) + ".help"), concurrencyHelp);
        concurrency.valueProperty().bindBidirectional(model.concurrencyProperty());
        stepKind.getItems().setAll(StepTarget.Kind.values());
        stepKind.setConverter(Cells.converter(value -> messages.get("workflows.target." + dashed(value))));
        stepJoin.getItems().setAll(Join.values());
        DescribedChoices.install(stepJoin, value -> messages.get("workflows.join." + value.label()),
                value -> messages.get("workflows.join." + value.label() + ".help"), joinHelp);
        edgeCondition.getItems().setAll(EdgeCondition.values());
        edgeCondition.setConverter(Cells.converter(value -> StepLook.text(value, messages)));
        edgeCondition.setValue(EdgeCondition.SUCCESS);
    }

    private static String dashed(Enum<?> value) {
        return value.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** The zone is picked from the zones the runtime knows, searchable as in the task editor. */
    private void bindZone() {
        zone.getItems().setAll(ZoneId.getAvailableZoneIds().stream().sorted().map(ZoneId::of).toList());
        showZone(model.zoneProperty().get());
        zone.valueProperty().addListener((o, before, after) -> {
            if (after != null && !after.getId().equals(model.zoneProperty().get())) {
                model.zoneProperty().set(after.getId());
            }
        });
        model.zoneProperty().addListener((o, before, after) -> showZone(after));
    }

    private void showZone(String id) {
        ZoneId chosen;
        try {
            chosen = ZoneId.of(id.trim());
        } catch (RuntimeException e) {
            zone.setValue(null);
            return;
        }
        if (!zone.getItems().contains(chosen)) {
            zone.getItems().add(0, chosen);
        }
        zone.setValue(chosen);
    }

    private void bindGraph() {
        graph.setOnStep(model::select);
        model.layoutProperty().addListener((o, before, after) -> drawGraph());
        model.problemStepProperty().addListener((o, before, after) -> markProblem());
        model.selectedProperty().addListener((o, before, after) -> graph.select(model.steps().indexOf(after)));
        model.steps().addListener((ListChangeListener<StepForm>) change -> {
            describeSteps();
            markProblem();
        });
        drawGraph();
    }

    private void drawGraph() {
        graph.show(model.layoutProperty().get(), messages, index -> targetLine(model.steps().get(index)));
        graph.select(model.steps().indexOf(model.selectedProperty().get()));
        markProblem();
    }

    private void describeSteps() {
        for (int i = 0; i < model.steps().size() && i < graph.steps(); i++) {
            graph.decorate(i, targetLine(model.steps().get(i)), List.of(), null, null);
        }
    }

    private String targetLine(StepForm step) {
        String target = step.targetProperty().get() == null ? "" : step.targetProperty().get().strip();
        return messages.get("workflows.target." + dashed(step.kindProperty().get())) + ": "
                + (target.isEmpty() ? "?" : target);
    }

    /** The step the problem names is marked on the graph; the others are not. */
    private void markProblem() {
        int at = model.problemStepProperty().get();
        for (int i = 0; i < graph.steps(); i++) {
            String line = i < model.steps().size() ? targetLine(model.steps().get(i)) : "";
            graph.decorate(i, line, List.of("step-invalid"), i == at ? "step-invalid" : null,
                    i == at ? model.problemProperty().get() : null);
        }
        showStepProblem();
    }

    private void showStepProblem() {
        int at = model.problemStepProperty().get();
        boolean here = at >= 0 && at < model.steps().size() && model.steps().get(at) == model.selectedProperty().get();
        stepProblem.setText(here ? model.problemProperty().get() : "");
    }

    private void bindStep() {
        Cells.showOnlyWithText(stepProblem);
        stepForm.disableProperty().bind(model.selectedProperty().isNull());
        removeStep.disableProperty().bind(model.selectedProperty().isNull());
        model.selectedProperty().addListener((o, before, after) -> showStep(after));
        model.problemProperty().addListener((o, before, after) -> showStepProblem());
        edges.setCellFactory(list -> new ListCell<>() {
            @Override
            protected void updateItem(Edge item, boolean empty) {
                super.updateItem(item, empty);
                setText(empty || item == null ? null
                        : messages.get("workflows.editor.edge.line", item.from(), StepLook.text(item.when(), messages)));
            }
        });
        edgeParent.setItems(model.stepNames().filtered(one -> bound == null
                || !one.equals(bound.nameProperty().get().strip())));
        addEdge.disableProperty().bind(edgeParent.valueProperty().isNull().or(model.selectedProperty().isNull()));
        removeEdge.disableProperty().bind(Bindings.isNull(edges.getSelectionModel().selectedItemProperty()));
        Completions.attach(stepTarget, (typed, offer) -> model.completeTarget(
                bound == null ? StepTarget.Kind.TASK : bound.kindProperty().get(), typed, offer),
                new FxDebouncer(COMPLETION_PAUSE));
        showStep(model.selectedProperty().get());
    }

    /** Binds the step fields to {@code step}, unbinding them from the step shown before. */
    private void showStep(StepForm step) {
        if (bound != null) {
            stepName.textProperty().unbindBidirectional(bound.nameProperty());
            stepKind.valueProperty().unbindBidirectional(bound.kindProperty());
            stepTarget.textProperty().unbindBidirectional(bound.targetProperty());
            stepParams.textProperty().unbindBidirectional(bound.paramsProperty());
            stepJoin.valueProperty().unbindBidirectional(bound.joinProperty());
        }
        bound = step;
        if (step == null) {
            edges.setItems(javafx.collections.FXCollections.observableArrayList());
            stepName.setText("");
            stepTarget.setText("");
            stepParams.setText("");
            return;
        }
        stepName.textProperty().bindBidirectional(step.nameProperty());
        stepKind.valueProperty().bindBidirectional(step.kindProperty());
        stepTarget.textProperty().bindBidirectional(step.targetProperty());
        stepParams.textProperty().bindBidirectional(step.paramsProperty());
        stepJoin.valueProperty().bindBidirectional(step.joinProperty());
        edges.setItems(step.after());
        edgeParent.setItems(model.stepNames().filtered(one -> !one.equals(step.nameProperty().get().strip())));
        edgeParent.setValue(null);
        showStepProblem();
    }

    @FXML
    private void onAddStep() {
        model.addStep();
        stepName.requestFocus();
        stepName.selectAll();
    }

    @FXML
    private void onRemoveStep() {
        model.removeStep();
    }

    @FXML
    private void onAddEdge() {
        model.addEdge(edgeParent.getValue(), edgeCondition.getValue());
    }

    @FXML
    private void onRemoveEdge() {
        model.removeEdge(edges.getSelectionModel().getSelectedItem());
    }

    @FXML
    private void onBuildCron() {
        ZoneId zoneId;
        try {
            zoneId = ZoneId.of(model.zoneProperty().get().strip());
        } catch (RuntimeException e) {
            zoneId = ZoneId.of("UTC");
        }
        cronBuilder.show(cron.getScene().getWindow(), model.cronProperty().get(), model.dialectProperty().get(), zoneId)
                .ifPresent(this::useSchedule);
    }

    private void useSchedule(CronBuilderResult built) {
        model.dialectProperty().set(built.dialect());
        model.zoneProperty().set(built.zone().getId());
        model.cronProperty().set(built.expression());
    }

    @FXML
    private void onSave() {
        model.save(saved -> {
            onSaved.accept(saved);
            onClose.run();
        });
    }

    @FXML
    private void onCancel() {
        onClose.run();
    }
}
