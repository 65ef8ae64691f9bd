package io.redcron.desktop.calendars;

import io.redcron.calendar.Blackout;
import io.redcron.calendar.BusinessCalendar;
import io.redcron.desktop.ui.DialogService;
import io.redcron.desktop.ui.DialogService.DialogWindow;
import javafx.beans.binding.Bindings;
import javafx.fxml.FXML;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.Spinner;
import javafx.scene.control.SpinnerValueFactory;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;

import java.util.ResourceBundle;

import static io.redcron.desktop.ui.Cells.column;
import static io.redcron.desktop.ui.Cells.showOnlyWithText;

/** Binds the calendars window to its view-model; asks for the file and the confirmation it needs. */
public final class CalendarsController {
    private final CalendarsViewModel model;
    private final DialogService dialogs;
    private DialogWindow window;

    @FXML private ResourceBundle resources;
    @FXML private TableView<BusinessCalendar> calendarList;
    @FXML private TableColumn<BusinessCalendar, String> calendarName;
    @FXML private TableColumn<BusinessCalendar, String> calendarZone;
    @FXML private TableColumn<BusinessCalendar, String> calendarHolidays;
    @FXML private TableColumn<BusinessCalendar, String> calendarBlackouts;
    @FXML private Label summary;
    @FXML private Spinner<Integer> year;
    @FXML private TableView<CalendarYear.Day> days;
    @FXML private TableColumn<CalendarYear.Day, String> dayDate;
    @FXML private TableColumn<CalendarYear.Day, String> dayOfWeek;
    @FXML private TableColumn<CalendarYear.Day, String> dayKind;
    @FXML private TableColumn<CalendarYear.Day, String> dayName;
    @FXML private TableView<Blackout> blackouts;
    @FXML private TableColumn<Blackout, String> blackoutName;
    @FXML private TableColumn<Blackout, String> blackoutWhen;
    @FXML private TextField newBlackoutName;
    @FXML private TextField newBlackoutFrom;
    @FXML private TextField newBlackoutTo;
    @FXML private Button addBlackout;
    @FXML private Button removeBlackout;
    @FXML private TextField importInto;
    @FXML private CheckBox replaceAll;
    @FXML private Button importFile;
    @FXML private Button deleteCalendar;
    @FXML private Label calendarsError;
    @FXML private Label calendarsStatus;
    @FXML private ProgressIndicator calendarsBusy;

    public CalendarsController(CalendarsViewModel model, DialogService dialogs) {
        this.model = model;
        this.dialogs = dialogs;
    }

    public CalendarsViewModel model() {
        return model;
    }

    /** Where the view is shown, so that Close can close it. */
    void shownIn(DialogWindow shownIn) {
        window = shownIn;
    }

    @FXML
    private void initialize() {
        calendarList.setItems(model.calendars());
        column(calendarName, BusinessCalendar::name);
        column(calendarZone, calendar -> calendar.zone().getId());
        column(calendarHolidays, calendar -> Long.toString(CalendarYear.holidays(calendar)));
        column(calendarBlackouts, calendar -> Integer.toString(calendar.blackouts().size()));
        calendarList.getSelectionModel().selectedItemProperty().addListener((o, before, after) -> {
            if (after != null) {
                model.selectedProperty().set(after);
            }
        });
        model.selectedProperty().addListener((o, before, after) -> calendarList.getSelectionModel().select(after));
        summary.textProperty().bind(model.summaryProperty());
        year.setValueFactory(new SpinnerValueFactory.IntegerSpinnerValueFactory(1970, 2999, model.yearProperty().get()));
        year.getValueFactory().valueProperty().addListener((o, before, after) -> {
            if (after != null) {
                model.yearProperty().set(after);
            }
        });
        bindDays();
        bindBlackouts();
        importInto.textProperty().bindBidirectional(model.importIntoProperty());
        replaceAll.selectedProperty().bindBidirectional(model.replaceAllProperty());
        importFile.disableProperty().bind(model.busyProperty());
        deleteCalendar.disableProperty().bind(model.busyProperty().or(model.selectedProperty().isNull()));
        calendarsError.textProperty().bind(model.errorProperty());
        calendarsStatus.textProperty().bind(model.statusProperty());
        showOnlyWithText(calendarsError);
        showOnlyWithText(calendarsStatus);
        calendarsBusy.visibleProperty().bind(model.busyProperty());
        model.refresh();
    }

    /** Holidays and make-up workdays look different at a glance, not only by the kind column. */
    private void bindDays() {
        days.setItems(model.days());
        column(dayDate, CalendarYear.Day::date);
        column(dayOfWeek, CalendarYear.Day::dayOfWeek);
        column(dayKind, CalendarYear.Day::kind);
        column(dayName, CalendarYear.Day::name);
        days.setRowFactory(table -> new TableRow<>() {
            @Override
            protected void updateItem(CalendarYear.Day item, boolean empty) {
                super.updateItem(item, empty);
                getStyleClass().removeAll("calendar-holiday", "calendar-workday");
                if (!empty && item != null) {
                    getStyleClass().add(item.holiday() ? "calendar-holiday" : "calendar-workday");
                }
            }
        });
    }

    private void bindBlackouts() {
        blackouts.setItems(model.blackouts());
        column(blackoutName, Blackout::name);
        column(blackoutWhen, Blackout::when);
        newBlackoutName.textProperty().bindBidirectional(model.blackoutNameProperty());
        newBlackoutFrom.textProperty().bindBidirectional(model.blackoutFromProperty());
        newBlackoutTo.textProperty().bindBidirectional(model.blackoutToProperty());
        addBlackout.disableProperty().bind(model.busyProperty().or(model.selectedProperty().isNull()));
        removeBlackout.disableProperty().bind(model.busyProperty().or(Bindings.isNull(
                blackouts.getSelectionModel().selectedItemProperty())));
    }

    @FXML
    private void onImport() {
        dialogs.chooseFileToOpen(resources.getString("calendars.import.chooser"), java.util.List.of("*.ics", "*.csv"))
                .ifPresent(model::importFile);
    }

    @FXML
    private void onAddBlackout() {
        model.addBlackout();
    }

    @FXML
    private void onRemoveBlackout() {
        model.removeBlackout(blackouts.getSelectionModel().getSelectedItem());
    }

    @FXML
    private void onDelete() {
        BusinessCalendar calendar = model.selectedProperty().get();
        if (calendar != null && dialogs.confirm(DialogService.Confirmation.of(resources.getString("calendars.delete"),
                java.text.MessageFormat.format(resources.getString("calendars.delete.confirm"), calendar.name())))) {
            model.deleteSelected();
        }
    }

    @FXML
    private void onRefresh() {
        model.refresh();
    }

    @FXML
    private void onClose() {
        if (window != null) {
            window.close();
        }
    }
}
