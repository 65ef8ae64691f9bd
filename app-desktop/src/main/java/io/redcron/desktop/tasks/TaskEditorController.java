package io.redcron.desktop.tasks;

import io.redcron.desktop.cron.CronBuilderResult;
import io.redcron.desktop.ui.Cells;
import io.redcron.domain.ConcurrencyPolicy;
import io.redcron.domain.MisfirePolicy;
import io.redcron.domain.RedirectPolicy;
import io.redcron.domain.Task;
import io.redcron.domain.TaskType;
import javafx.collections.MapChangeListener;
import javafx.fxml.FXML;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.control.TextInputControl;
import javafx.scene.layout.VBox;

import java.util.function.Consumer;

/** Binds the editor's fields to its view-model and shows each error next to its field. */
public final class TaskEditorController {
    private final TaskEditorViewModel model;
    private final io.redcron.desktop.cron.CronBuilderDialog cronBuilder;
    private Consumer<Task> onSaved = task -> { };
    private Runnable onClose = () -> { };

    @FXML private TextField name;
    @FXML private TextField group;
    @FXML private TextField description;
    @FXML private TextField cron;
    @FXML private ComboBox<String> dialect;
    @FXML private TextField zone;
    @FXML private Label scheduleDescription;
    @FXML private ComboBox<TaskType> type;
    @FXML private TextArea command;
    @FXML private TextField workDir;
    @FXML private TextArea env;
    @FXML private VBox processBox;
    @FXML private VBox httpBox;
    @FXML private ComboBox<String> httpMethod;
    @FXML private TextField url;
    @FXML private TextArea headers;
    @FXML private TextArea body;
    @FXML private TextField accept;
    @FXML private ComboBox<RedirectPolicy> redirects;
    @FXML private TextField timeout;
    @FXML private TextField retries;
    @FXML private TextField backoff;
    @FXML private TextField multiplier;
    @FXML private TextField maxBackoff;
    @FXML private TextField jitter;
    @FXML private ComboBox<MisfirePolicy> misfire;
    @FXML private TextField catchUpLimit;
    @FXML private ComboBox<ConcurrencyPolicy> concurrency;
    @FXML private CheckBox enabled;
    @FXML private TextField owner;
    @FXML private TextArea labels;
    @FXML private TextArea alerts;
    @FXML private TextArea params;
    @FXML private Label error;
    @FXML private Label commandLabel;
    @FXML private Button save;
    @FXML private VBox errorsBox;
    @FXML private java.util.ResourceBundle resources;
    private FieldErrors fieldErrors;

    public TaskEditorController(TaskEditorViewModel model, io.redcron.desktop.cron.CronBuilderDialog cronBuilder) {
        this.model = model;
        this.cronBuilder = cronBuilder;
    }

    public TaskEditorViewModel model() {
        return model;
    }

    /** What happens after a save, and when the editor should close. */
    public void onSaved(Consumer<Task> saved, Runnable close) {
        this.onSaved = saved;
        this.onClose = close;
    }

    @FXML
    private void initialize() {
        fieldErrors = new FieldErrors(errorsBox);
        bind(name, model.nameProperty(), "name");
        bind(group, model.groupProperty(), "group");
        bind(description, model.descriptionProperty(), "description");
        bind(cron, model.cronProperty(), "cron");
        bind(zone, model.zoneProperty(), "zone");
        bind(command, model.commandProperty(), "exec", "shell", "handler");
        bind(workDir, model.workDirProperty(), "workdir");
        bind(env, model.envProperty(), "env");
        bind(url, model.urlProperty(), "url");
        bind(headers, model.headersProperty(), "http-header");
        bind(body, model.bodyProperty(), "http-body");
        bind(accept, model.acceptProperty(), "http-accept");
        bind(timeout, model.timeoutProperty(), "timeout");
        bind(retries, model.retriesProperty(), "retries");
        bind(backoff, model.backoffProperty(), "retry-backoff");
        bind(multiplier, model.multiplierProperty(), "retry-multiplier");
        bind(maxBackoff, model.maxBackoffProperty(), "retry-max-backoff");
        bind(jitter, model.jitterProperty(), "retry-jitter");
        bind(catchUpLimit, model.catchUpLimitProperty(), "catch-up-limit");
        bind(owner, model.ownerProperty(), "owner");
        bind(labels, model.labelsProperty(), "labels");
        bind(alerts, model.alertsProperty(), "alerts");
        bind(params, model.paramsProperty(), "params");
        dialect.getItems().setAll("unix", "quartz", "spring");
        dialect.valueProperty().bindBidirectional(model.dialectProperty());
        type.getItems().setAll(TaskType.values());
        type.valueProperty().bindBidirectional(model.typeProperty());
        httpMethod.getItems().setAll("GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS");
        httpMethod.valueProperty().bindBidirectional(model.httpMethodProperty());
        redirects.getItems().setAll(RedirectPolicy.values());
        redirects.setConverter(Cells.converter(policy -> label("editor.redirects." + policy.id())));
        redirects.valueProperty().bindBidirectional(model.redirectsProperty());
        misfire.getItems().setAll(MisfirePolicy.values());
        misfire.valueProperty().bindBidirectional(model.misfireProperty());
        concurrency.getItems().setAll(ConcurrencyPolicy.values());
        concurrency.valueProperty().bindBidirectional(model.concurrencyProperty());
        enabled.selectedProperty().bindBidirectional(model.enabledProperty());
        scheduleDescription.textProperty().bind(model.scheduleDescriptionProperty());
        error.textProperty().bind(model.errorProperty());
        save.disableProperty().bind(model.validProperty().not().or(model.busyProperty()));
        type.valueProperty().addListener((o, before, after) -> showPayload(after));
        showPayload(model.typeProperty().get());
        fieldErrors.show(model.errors());
        model.errors().addListener((MapChangeListener<String, String>) change -> fieldErrors.show(model.errors()));
    }

    private void bind(TextInputControl field, javafx.beans.property.StringProperty property, String... errorKeys) {
        field.textProperty().bindBidirectional(property);
        fieldErrors.add(field, errorKeys);
    }

    private void showPayload(TaskType kind) {
        boolean http = kind == TaskType.HTTP;
        httpBox.setVisible(http);
        httpBox.setManaged(http);
        processBox.setVisible(!http);
        processBox.setManaged(!http);
        commandLabel.setText(switch (kind == null ? TaskType.SHELL : kind) {
            case EXEC -> label("editor.exec");
            case SHELL -> label("editor.shell");
            case JAVA -> label("editor.handler");
            case HTTP -> "";
        });
        workDir.setDisable(kind == TaskType.JAVA);
        env.setDisable(kind == TaskType.JAVA);
    }

    private String label(String key) {
        return resources.getString(key);
    }

    /** Opens the cron builder on the current schedule and takes what it returns. */
    @FXML
    private void onBuildCron() {
        CronBuilderResult current = model.schedule();
        cronBuilder.show(cron.getScene().getWindow(), current.expression(), current.dialect(), current.zone())
                .ifPresent(model::useSchedule);
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
