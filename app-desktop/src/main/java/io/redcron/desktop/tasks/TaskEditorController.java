package io.redcron.desktop.tasks;

import io.redcron.desktop.cron.CronBuilderDialog;
import io.redcron.desktop.cron.CronBuilderResult;
import io.redcron.desktop.ui.DescribedChoices;
import io.redcron.desktop.ui.FxDebouncer;
import io.redcron.desktop.ui.Messages;
import io.redcron.domain.ConcurrencyPolicy;
import io.redcron.domain.MisfirePolicy;
import io.redcron.domain.RedirectPolicy;
import io.redcron.domain.Task;
import io.redcron.domain.TaskType;
import javafx.beans.property.StringProperty;
import javafx.collections.ListChangeListener;
import javafx.fxml.FXML;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Control;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.control.TextInputControl;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyEvent;
import javafx.scene.input.MouseEvent;
import javafx.scene.layout.VBox;
import org.controlsfx.control.SearchableComboBox;

import java.time.Duration;
import java.time.ZoneId;
import java.util.ResourceBundle;
import java.util.function.Consumer;

/**
 * Binds the editor's fields to its view-model, shows each error at its field and all of them in a
 * summary beside Save (an entry takes the operator to its field), and explains every choice.
 */
public final class TaskEditorController {
    /** How long typing must pause before the name is looked up among the other tasks. */
    private static final Duration NAME_CHECK_PAUSE = Duration.ofMillis(300);

    private final TaskEditorViewModel model;
    private final CronBuilderDialog cronBuilder;
    private Consumer<Task> onSaved = task -> { };
    private Runnable onClose = () -> { };

    @FXML private ScrollPane form;
    @FXML private VBox formContent;
    @FXML private TextField name;
    @FXML private TextField group;
    @FXML private TextField description;
    @FXML private TextField cron;
    @FXML private ComboBox<String> dialect;
    @FXML private Label dialectHelp;
    @FXML private SearchableComboBox<ZoneId> zone;
    @FXML private javafx.scene.Node calendarBox;
    @FXML private ComboBox<String> calendar;
    @FXML private ComboBox<io.redcron.calendar.CalendarMode> calendarMode;
    @FXML private Label calendarError;
    @FXML private Label scheduleDescription;
    @FXML private VBox fires;
    @FXML private Label firesProblem;
    @FXML private ComboBox<TaskType> type;
    @FXML private Label typeHelp;
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
    @FXML private Label redirectsHelp;
    @FXML private TextField timeout;
    @FXML private TextField retries;
    @FXML private TextField backoff;
    @FXML private TextField multiplier;
    @FXML private TextField maxBackoff;
    @FXML private TextField jitter;
    @FXML private ComboBox<MisfirePolicy> misfire;
    @FXML private Label misfireHelp;
    @FXML private TextField catchUpLimit;
    @FXML private TextField shards;
    @FXML private ComboBox<ConcurrencyPolicy> concurrency;
    @FXML private Label concurrencyHelp;
    @FXML private CheckBox enabled;
    @FXML private TextField owner;
    @FXML private TextArea labels;
    @FXML private TextArea alerts;
    @FXML private TextArea params;
    @FXML private Label error;
    @FXML private Label managed;
    @FXML private Label commandLabel;
    @FXML private Button save;
    @FXML private VBox summaryBox;
    @FXML private VBox summary;
    @FXML private ResourceBundle resources;
    private final FieldErrors fieldErrors = new FieldErrors();
    private final Tooltip saveTooltip = new Tooltip();

    public TaskEditorController(TaskEditorViewModel model, CronBuilderDialog cronBuilder) {
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
        Messages messages = new Messages(resources.getLocale());
        bind(EditorField.NAME, name, model.nameProperty());
        bind(EditorField.GROUP, group, model.groupProperty());
        bind(EditorField.OWNER, owner, model.ownerProperty());
        bind(EditorField.DESCRIPTION, description, model.descriptionProperty());
        bind(EditorField.CRON, cron, model.cronProperty());
        bind(EditorField.COMMAND, command, model.commandProperty());
        bind(EditorField.WORK_DIR, workDir, model.workDirProperty());
        bind(EditorField.ENV, env, model.envProperty());
        bind(EditorField.URL, url, model.urlProperty());
        bind(EditorField.HEADERS, headers, model.headersProperty());
        bind(EditorField.BODY, body, model.bodyProperty());
        bind(EditorField.ACCEPT, accept, model.acceptProperty());
        bind(EditorField.TIMEOUT, timeout, model.timeoutProperty());
        bind(EditorField.RETRIES, retries, model.retriesProperty());
        bind(EditorField.BACKOFF, backoff, model.backoffProperty());
        bind(EditorField.MULTIPLIER, multiplier, model.multiplierProperty());
        bind(EditorField.MAX_BACKOFF, maxBackoff, model.maxBackoffProperty());
        bind(EditorField.JITTER, jitter, model.jitterProperty());
        bind(EditorField.CATCH_UP_LIMIT, catchUpLimit, model.catchUpLimitProperty());
        bind(EditorField.SHARDS, shards, model.shardsProperty());
        bind(EditorField.LABELS, labels, model.labelsProperty());
        bind(EditorField.ALERTS, alerts, model.alertsProperty());
        bind(EditorField.PARAMS, params, model.paramsProperty());
        bindChoices(messages);
        bindZone();
        bindCalendar();
        enabled.selectedProperty().bindBidirectional(model.enabledProperty());
        scheduleDescription.textProperty().bind(model.scheduleDescriptionProperty());
        bindFires();
        managed.textProperty().bind(model.managedProperty());
        managed.visibleProperty().bind(model.managedProperty().isNotEmpty());
        managed.managedProperty().bind(managed.visibleProperty());
        error.textProperty().bind(model.errorProperty());
        error.visibleProperty().bind(model.errorProperty().isNotEmpty());
        error.managedProperty().bind(error.visibleProperty());
        bindSave();
        type.valueProperty().addListener((o, before, after) -> showPayload(after));
        showPayload(model.typeProperty().get());
        fieldErrors.controls().forEach(this::touchWhenLeft);
        showErrors();
        model.shownErrors().addListener((ListChangeListener<FieldError>) change -> showErrors());
        model.debounceNameChecksWith(new FxDebouncer(NAME_CHECK_PAUSE));
    }

    private void bind(EditorField field, TextInputControl control, StringProperty property) {
        control.textProperty().bindBidirectional(property);
        fieldErrors.add(field, control);
    }

    private void bindChoices(Messages messages) {
        ChoiceLabels<String> dialects = ChoiceLabels.dialects(messages);
        dialect.getItems().setAll(dialects.values());
        dialect.valueProperty().bindBidirectional(model.dialectProperty());
        DescribedChoices.install(dialect, dialects::label, dialects::help, dialectHelp);
        choice(EditorField.TYPE, type, ChoiceLabels.types(messages), typeHelp);
        type.valueProperty().bindBidirectional(model.typeProperty());
        httpMethod.getItems().setAll("GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS");
        httpMethod.valueProperty().bindBidirectional(model.httpMethodProperty());
        fieldErrors.add(EditorField.METHOD, httpMethod);
        choice(EditorField.REDIRECTS, redirects, ChoiceLabels.redirects(messages), redirectsHelp);
        redirects.valueProperty().bindBidirectional(model.redirectsProperty());
        choice(EditorField.MISFIRE, misfire, ChoiceLabels.misfire(messages), misfireHelp);
        misfire.valueProperty().bindBidirectional(model.misfireProperty());
        choice(EditorField.CONCURRENCY, concurrency, ChoiceLabels.concurrency(messages), concurrencyHelp);
        concurrency.valueProperty().bindBidirectional(model.concurrencyProperty());
        fieldErrors.add(EditorField.DIALECT, dialect);
    }

    private <T> void choice(EditorField field, ComboBox<T> box, ChoiceLabels<T> words, Label help) {
        box.getItems().setAll(words.values());
        DescribedChoices.install(box, words::label, words::help, help);
        fieldErrors.add(field, box);
    }

    /** The zone is picked from the zones the runtime knows, searchable as in the cron builder. */
    private void bindZone() {
        zone.getItems().setAll(model.zones());
        showZone(model.zoneProperty().get());
        zone.valueProperty().addListener((o, before, after) -> {
            if (after != null && !after.getId().equals(model.zoneProperty().get())) {
                model.zoneProperty().set(after.getId());
            }
        });
        model.zoneProperty().addListener((o, before, after) -> showZone(after));
        fieldErrors.add(EditorField.ZONE, zone);
    }

    /** None or one of the namespace's calendars, and the mode; hidden where there is no calendar store. */
    private void bindCalendar() {
        TaskCalendar field = model.calendar();
        calendarBox.visibleProperty().bind(field.shownProperty());
        calendarBox.managedProperty().bind(calendarBox.visibleProperty());
        calendar.setItems(field.names());
        calendar.setConverter(io.redcron.desktop.ui.Cells.converter(name -> name.isEmpty()
                ? label("calendars.none") : name));
        calendar.valueProperty().bindBidirectional(field.calendarProperty());
        calendarMode.getItems().setAll(io.redcron.calendar.CalendarMode.values());
        calendarMode.setConverter(io.redcron.desktop.ui.Cells.converter(mode -> label("calendars.mode." + mode.id())));
        calendarMode.valueProperty().bindBidirectional(field.modeProperty());
        calendarMode.disableProperty().bind(field.calendarProperty().isEmpty());
        calendarError.textProperty().bind(field.errorProperty());
        calendarError.visibleProperty().bind(field.errorProperty().isNotEmpty());
        calendarError.managedProperty().bind(calendarError.visibleProperty());
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
            zone.getItems().add(0, chosen); // an offset such as +02:00 is a zone too, but not a listed one
        }
        zone.setValue(chosen);
    }

    private void bindFires() {
        firesProblem.textProperty().bind(model.nextFiresProblemProperty());
        firesProblem.visibleProperty().bind(model.nextFiresProblemProperty().isNotEmpty());
        firesProblem.managedProperty().bind(firesProblem.visibleProperty());
        showFires();
        model.nextFires().addListener((ListChangeListener<String>) change -> showFires());
    }

    private void showFires() {
        fires.getChildren().setAll(model.nextFires().stream().map(text -> {
            Label fire = new Label(text);
            fire.getStyleClass().add("fire-time");
            return fire;
        }).toList());
    }

    /**
     * Save stays clickable while the form has errors: a click shows them all. Its tooltip says why
     * it cannot save yet, so it is never a grey button with no reason given.
     */
    private void bindSave() {
        save.disableProperty().bind(model.busyProperty());
        saveTooltip.textProperty().bind(model.saveHintProperty());
        saveTooltip.setWrapText(true);
        saveTooltip.setMaxWidth(480);
        save.setTooltip(model.saveHintProperty().get().isEmpty() ? null : saveTooltip);
        model.saveHintProperty().addListener((o, before, after) -> save.setTooltip(after.isEmpty() ? null : saveTooltip));
    }

    /**
     * Leaving a field the operator used (clicked, or pressed a key in, Tab included) touches it:
     * its error, if any, shows from then on. The field the window focuses on opening is not
     * touched just because the operator clicks elsewhere first.
     */
    private void touchWhenLeft(EditorField field, Control control) {
        boolean[] used = {false};
        control.addEventFilter(MouseEvent.MOUSE_PRESSED, event -> used[0] = true);
        control.addEventFilter(KeyEvent.KEY_PRESSED, event -> used[0] = true);
        control.focusWithinProperty().addListener((o, was, is) -> {
            if (was && !is && used[0]) {
                model.touch(field);
            }
        });
    }

    private void showErrors() {
        fieldErrors.show(model.shownErrors());
        summary.getChildren().setAll(model.shownErrors().stream().map(this::summaryEntry).toList());
        summaryBox.setVisible(!model.shownErrors().isEmpty());
        summaryBox.setManaged(summaryBox.isVisible());
    }

    private Node summaryEntry(FieldError problem) {
        Hyperlink entry = new Hyperlink("• " + problem.message());
        entry.getStyleClass().add("summary-entry");
        entry.setWrapText(true);
        entry.setMinWidth(0);
        entry.setMaxWidth(Double.MAX_VALUE);
        if (problem.field() == null) {
            entry.setDisable(true); // nothing on the form to go to
        } else {
            entry.setId("summary-" + problem.field().nodeId());
            entry.setOnAction(event -> goTo(problem.field()));
        }
        return entry;
    }

    /** Scrolls the form to {@code field} and puts the cursor in it. */
    private void goTo(EditorField field) {
        Control control = fieldErrors.control(field);
        if (control == null) {
            return;
        }
        Bounds inContent = formContent.sceneToLocal(control.localToScene(control.getBoundsInLocal()));
        double hidden = formContent.getBoundsInLocal().getHeight() - form.getViewportBounds().getHeight();
        if (hidden > 0) {
            double top = Math.max(0, inContent.getMinY() - 40);
            form.setVvalue(Math.min(1, top / hidden));
        }
        control.requestFocus();
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
        cronBuilder.show(cron.getScene().getWindow(), current).ifPresent(model::useSchedule);
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
