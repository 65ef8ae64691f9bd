package io.redcron.desktop.cron;

import io.redcron.desktop.ui.Messages;
import io.redcron.schedule.CronDialect;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.collections.ListChangeListener;
import javafx.fxml.FXML;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.Spinner;
import javafx.scene.control.Tab;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.control.Toggle;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToggleGroup;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.controlsfx.control.SearchableComboBox;

import java.time.DayOfWeek;
import java.time.ZoneId;
import java.time.format.TextStyle;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;

import static io.redcron.desktop.ui.Cells.converter;

/** Binds the cron builder's controls to its view-model; {@code close} receives OK's result or nothing. */
public final class CronBuilderController {
    private final CronBuilderViewModel model;
    private final Messages messages;
    private final Consumer<Optional<CronBuilderResult>> close;
    private final List<Object> keep = new ArrayList<>();

    @FXML private ToggleGroup dialectGroup;
    @FXML private ToggleButton unix;
    @FXML private ToggleButton quartz;
    @FXML private ToggleButton spring;
    @FXML private SearchableComboBox<ZoneId> zone;
    @FXML private TextField expression;
    @FXML private Label expressionError;
    @FXML private Label description;
    @FXML private VBox warnings;
    @FXML private ComboBox<CronPreset> preset;
    @FXML private Node intervalBox;
    @FXML private Spinner<Integer> interval;
    @FXML private Node hourBox;
    @FXML private Spinner<Integer> hour;
    @FXML private Node minuteBox;
    @FXML private Spinner<Integer> minute;
    @FXML private Node dayOfWeekBox;
    @FXML private ComboBox<DayOfWeek> dayOfWeek;
    @FXML private Node dayOfMonthBox;
    @FXML private Spinner<Integer> dayOfMonth;
    @FXML private Node occurrenceBox;
    @FXML private Spinner<Integer> occurrence;
    @FXML private Node monthBox;
    @FXML private Spinner<Integer> month;
    @FXML private Button applyPreset;
    @FXML private Label presetProblem;
    @FXML private TextField phrase;
    @FXML private Label phraseProblem;
    @FXML private Label firesTitle;
    @FXML private VBox dstChanges;
    @FXML private Label calendarTitle;
    @FXML private GridPane calendarGrid;
    @FXML private Tab calendarTab;
    @FXML private VBox fields;
    @FXML private Label dstRule;
    @FXML private TableView<FireTime> fires;
    @FXML private TableColumn<FireTime, String> taskTimeColumn;
    @FXML private TableColumn<FireTime, String> localTimeColumn;
    @FXML private Button ok;
    @FXML private Node businessCalendarBox;
    @FXML private ComboBox<String> businessCalendar;
    @FXML private ComboBox<io.redcron.calendar.CalendarMode> calendarMode;
    @FXML private Label calendarProblem;
    @FXML private TableColumn<FireTime, String> skippedColumn;

    public CronBuilderController(CronBuilderViewModel model, Messages messages,
                                 Consumer<Optional<CronBuilderResult>> close) {
        this.model = model;
        this.messages = messages;
        this.close = close;
    }

    @FXML
    private void initialize() {
        bindDialect();
        zone.getItems().setAll(model.zones());
        zone.setValue(model.zoneProperty().get());
        zone.valueProperty().addListener((o, old, now) -> {
            if (now != null) {
                model.zoneProperty().set(now);
            }
        });
        model.zoneProperty().addListener((o, old, now) -> zone.setValue(now));
        expression.textProperty().bindBidirectional(model.expressionProperty());
        expressionError.textProperty().bind(model.expressionErrorProperty());
        expressionError.visibleProperty().bind(model.expressionErrorProperty().isNotEmpty());
        expressionError.managedProperty().bind(expressionError.visibleProperty());
        description.textProperty().bind(model.descriptionProperty());
        model.warnings().addListener((ListChangeListener<String>) change -> showWarnings());
        showWarnings();
        bindPresets();
        for (CronPart part : CronPart.values()) {
            fields.getChildren().add(new CronFieldPicker(model.field(part), messages));
        }
        bindFires();
        phrase.textProperty().bindBidirectional(model.phraseProperty());
        showWhenSet(phraseProblem, model.phraseProblemProperty());
        showWhenSet(presetProblem, model.presetProblemProperty());
        FireCalendarGrid.bind(calendarGrid, calendarTitle, model.calendar(), messages);
        model.calendar().shownProperty().bind(calendarTab.selectedProperty());
        ok.disableProperty().bind(model.validProperty().not());
    }

    private void bindDialect() {
        Map<Toggle, CronDialect> dialects = Map.of(unix, CronDialect.UNIX, quartz, CronDialect.QUARTZ,
                spring, CronDialect.SPRING);
        Function<CronDialect, Toggle> toggle = dialect -> switch (dialect) {
            case UNIX -> unix;
            case QUARTZ -> quartz;
            case SPRING -> spring;
        };
        dialectGroup.selectToggle(toggle.apply(model.dialectProperty().get()));
        dialectGroup.selectedToggleProperty().addListener((o, old, now) -> {
            if (now == null) {
                old.setSelected(true); // one dialect is always chosen
            } else {
                model.dialectProperty().set(dialects.get(now));
            }
        });
        model.dialectProperty().addListener((o, old, now) -> dialectGroup.selectToggle(toggle.apply(now)));
    }

    private void bindPresets() {
        preset.getItems().setAll(CronPreset.values());
        preset.valueProperty().bindBidirectional(model.presetProperty());
        preset.setConverter(converter(p -> messages.get(p.labelKey())));
        preset.setCellFactory(list -> new PresetCell(messages, model.dialectProperty()));
        showWhenUsed(intervalBox, CronPreset.Parameter.INTERVAL);
        showWhenUsed(hourBox, CronPreset.Parameter.HOUR);
        showWhenUsed(minuteBox, CronPreset.Parameter.MINUTE);
        showWhenUsed(dayOfWeekBox, CronPreset.Parameter.DAY_OF_WEEK);
        showWhenUsed(dayOfMonthBox, CronPreset.Parameter.DAY_OF_MONTH);
        showWhenUsed(occurrenceBox, CronPreset.Parameter.OCCURRENCE);
        showWhenUsed(monthBox, CronPreset.Parameter.MONTH);
        Spinners.bind(interval, model.presetIntervalProperty(), 1, 59, keep);
        Spinners.bind(hour, model.presetHourProperty(), 0, 23, keep);
        Spinners.bind(minute, model.presetMinuteProperty(), 0, 59, keep);
        Spinners.bind(dayOfMonth, model.presetDayOfMonthProperty(), 1, 31, keep);
        Spinners.bind(occurrence, model.presetOccurrenceProperty(), 1, 5, keep);
        Spinners.bind(month, model.presetMonthProperty(), 1, 12, keep);
        dayOfWeek.getItems().setAll(DayOfWeek.values());
        dayOfWeek.setConverter(converter(day -> day.getDisplayName(TextStyle.FULL, messages.locale())));
        dayOfWeek.valueProperty().bindBidirectional(model.presetDayOfWeekProperty());
        applyPreset.disableProperty().bind(Bindings.createBooleanBinding(() -> model.presetProperty().get() == null
                || !model.presetProperty().get().availableIn(model.dialectProperty().get()),
                model.presetProperty(), model.dialectProperty()));
    }

    private void showWhenUsed(Node box, CronPreset.Parameter parameter) {
        box.visibleProperty().bind(Bindings.createBooleanBinding(() -> model.presetProperty().get() != null
                && model.presetProperty().get().uses(parameter), model.presetProperty()));
        box.managedProperty().bind(box.visibleProperty());
    }

    private void bindFires() {
        FireTimesTable.bind(fires, taskTimeColumn, localTimeColumn, skippedColumn, model, messages);
        bindBusinessCalendar();
        firesTitle.textProperty().bind(model.firesTitleProperty());
        showWhenSet(dstRule, model.dstRuleProperty());
        model.dstChanges().addListener((ListChangeListener<String>) change -> showDstChanges());
        showDstChanges();
    }

    /** The calendar chooser: none or one of the namespace's, and how the task follows it. */
    private void bindBusinessCalendar() {
        businessCalendarBox.visibleProperty().bind(model.calendarsShownProperty());
        businessCalendarBox.managedProperty().bind(businessCalendarBox.visibleProperty());
        businessCalendar.setItems(model.calendarNames());
        businessCalendar.setConverter(converter(name -> name == null || name.isEmpty()
                ? messages.get("calendars.none") : name));
        businessCalendar.valueProperty().bindBidirectional(model.businessCalendarProperty());
        calendarMode.getItems().setAll(io.redcron.calendar.CalendarMode.values());
        calendarMode.setConverter(converter(mode -> messages.get("calendars.mode." + mode.id())));
        calendarMode.valueProperty().bindBidirectional(model.calendarModeProperty());
        calendarMode.disableProperty().bind(model.businessCalendarProperty().isEmpty());
        showWhenSet(calendarProblem, model.calendarProblemProperty());
    }

    private static void showWhenSet(Label label, ReadOnlyStringProperty text) {
        label.textProperty().bind(text);
        label.visibleProperty().bind(text.isNotEmpty());
        label.managedProperty().bind(label.visibleProperty());
    }

    private void showDstChanges() {
        dstChanges.getChildren().setAll(model.dstChanges().stream().map(text -> {
            Label label = new Label(text);
            label.getStyleClass().add("cron-dst-change");
            label.setWrapText(true);
            label.setMinHeight(Region.USE_PREF_SIZE); // wrap rather than cut: the table below takes the squeeze
            return label;
        }).toList());
    }

    private void showWarnings() {
        warnings.getChildren().setAll(model.warnings().stream().map(text -> {
            Label label = new Label("⚠ " + text);
            label.getStyleClass().addAll("warning", "cron-warning");
            label.setWrapText(true);
            return label;
        }).toList());
    }

    @FXML
    private void onApplyPreset() {
        model.applyPreset();
    }

    @FXML
    private void onApplyPhrase() {
        model.applyPhrase();
    }

    @FXML
    private void onMoreFires() {
        model.showMoreFires();
    }

    @FXML
    private void onPreviousMonth() {
        model.calendar().previousMonth();
    }

    @FXML
    private void onNextMonth() {
        model.calendar().nextMonth();
    }

    @FXML
    private void onOk() {
        close.accept(model.result());
    }

    @FXML
    private void onCancel() {
        close.accept(Optional.empty());
    }
}
