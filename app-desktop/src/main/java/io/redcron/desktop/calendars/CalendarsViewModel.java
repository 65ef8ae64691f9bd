package io.redcron.desktop.calendars;

import io.redcron.calendar.Blackout;
import io.redcron.calendar.BusinessCalendar;
import io.redcron.calendar.CalendarChange;
import io.redcron.calendar.CalendarInUseException;
import io.redcron.desktop.session.Workspace;
import io.redcron.desktop.ui.Messages;
import io.redcron.desktop.ui.UiExecutor;
import io.redcron.port.CalendarStore;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.Year;
import java.time.format.DateTimeParseException;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * The calendars window: the namespace's business calendars, one calendar's year (its holidays and
 * make-up workdays, weekend days and blackouts), importing an ICS or CSV file with the CLI's readers
 * and replace rules, adding and removing blackouts, deleting a calendar. Every store call runs
 * through the executor; the store audits each change. What the store refuses (a viewer's account,
 * a calendar tasks still follow) is shown as the error.
 */
public final class CalendarsViewModel {
    private final ObservableList<BusinessCalendar> calendars = FXCollections.observableArrayList();
    private final ObjectProperty<BusinessCalendar> selected = new SimpleObjectProperty<>();
    private final IntegerProperty year;
    private final ObservableList<CalendarYear.Day> days = FXCollections.observableArrayList();
    private final ObservableList<Blackout> blackouts = FXCollections.observableArrayList();
    private final StringProperty summary = new SimpleStringProperty("");
    private final StringProperty importInto = new SimpleStringProperty("");
    private final BooleanProperty replaceAll = new SimpleBooleanProperty();
    private final StringProperty blackoutName = new SimpleStringProperty("");
    private final StringProperty blackoutFrom = new SimpleStringProperty("");
    private final StringProperty blackoutTo = new SimpleStringProperty("");
    private final StringProperty error = new SimpleStringProperty("");
    private final StringProperty status = new SimpleStringProperty("");
    private final BooleanProperty busy = new SimpleBooleanProperty();
    private final CalendarStore store;
    private final Workspace workspace;
    private final UiExecutor executor;
    private final Messages messages;
    private final CalendarYear shownYear;

    public CalendarsViewModel(CalendarStore store, Workspace workspace, UiExecutor executor, Messages messages) {
        this.store = store;
        this.workspace = workspace;
        this.executor = executor;
        this.messages = messages;
        this.shownYear = new CalendarYear(messages);
        this.year = new SimpleIntegerProperty(Year.now(workspace.clock()).getValue());
        selected.addListener((o, before, after) -> {
            if (after != null) {
                importInto.set(after.name());
            }
            showSelected();
        });
        year.addListener((o, before, after) -> showSelected());
    }

    /** Reads the namespace's calendars again, keeping the one selected. */
    public void refresh() {
        String keep = selected.get() == null ? null : selected.get().name();
        refresh(keep);
    }

    private void refresh(String select) {
        String namespace = workspace.namespace();
        run(() -> store.calendars(namespace), read -> {
            calendars.setAll(read);
            selected.set(read.stream().filter(one -> one.name().equals(select)).findFirst()
                    .orElse(read.isEmpty() || select != null ? null : read.get(0)));
        });
    }

    private void showSelected() {
        BusinessCalendar calendar = selected.get();
        if (calendar == null) {
            days.clear();
            blackouts.clear();
            summary.set("");
            return;
        }
        days.setAll(shownYear.days(calendar, year.get()));
        blackouts.setAll(calendar.blackouts());
        summary.set(shownYear.summary(calendar, year.get()));
    }

    /** Imports a file into the calendar named in {@link #importIntoProperty}, created if need be. */
    public void importFile(Path file) {
        String name = importInto.get() == null ? "" : importInto.get().strip();
        if (name.isEmpty()) {
            fail(messages.get("calendars.import.no-name"));
            return;
        }
        if (!CalendarFile.readable(file)) {
            fail(messages.get("calendars.import.kind"));
            return;
        }
        String namespace = workspace.namespace();
        boolean replace = replaceAll.get();
        run(() -> {
            CalendarFile read = CalendarFile.read(file);
            return new Imported(store.importDays(namespace, CalendarChange.named(name), read.days(), replace,
                    workspace.operator()), read.timedEventsLeftOut());
        }, imported -> {
            CalendarStore.ImportResult result = imported.result();
            String done = messages.get("calendars.import.done", result.holidays(), result.workdays(), name,
                    result.years().stream().sorted().map(String::valueOf).collect(Collectors.joining(", ")),
                    result.removed());
            status.set(imported.timedLeftOut() == 0 ? done
                    : done + " " + messages.get("calendars.import.timed", imported.timedLeftOut()));
            refresh(name);
        });
    }

    private record Imported(CalendarStore.ImportResult result, int timedLeftOut) {
    }

    /** Adds a one-off blackout to the selected calendar, its local times read in the calendar's zone. */
    public void addBlackout() {
        BusinessCalendar calendar = selected.get();
        if (calendar == null) {
            return;
        }
        Blackout blackout;
        try {
            blackout = Blackout.once(blackoutName.get(), calendar.zone(), local(blackoutFrom.get()),
                    local(blackoutTo.get()));
        } catch (IllegalArgumentException e) {
            fail(e.getMessage());
            return;
        }
        String namespace = workspace.namespace();
        run(() -> store.addBlackout(namespace, calendar.name(), blackout, workspace.operator()), added -> {
            status.set(messages.get("calendars.blackout.added", added.name(), added.when()));
            blackoutName.set("");
            blackoutFrom.set("");
            blackoutTo.set("");
            refresh(calendar.name());
        });
    }

    private LocalDateTime local(String text) {
        String typed = text == null ? "" : text.strip();
        try {
            return LocalDateTime.parse(typed.replace(' ', 'T'));
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException(messages.get("calendars.blackout.time", typed), e);
        }
    }

    public void removeBlackout(Blackout blackout) {
        BusinessCalendar calendar = selected.get();
        if (calendar == null || blackout == null) {
            return;
        }
        String namespace = workspace.namespace();
        run(() -> store.removeBlackout(namespace, calendar.name(), blackout.id(), workspace.operator()), removed -> {
            status.set(messages.get("calendars.blackout.removed", blackout.name()));
            refresh(calendar.name());
        });
    }

    /** Deletes the selected calendar; the store refuses while tasks follow it, and names them. */
    public void deleteSelected() {
        BusinessCalendar calendar = selected.get();
        if (calendar == null) {
            return;
        }
        String namespace = workspace.namespace();
        run(() -> {
            store.delete(namespace, calendar.name(), workspace.operator());
            return calendar.name();
        }, deleted -> {
            calendars.removeIf(one -> one.name().equals(deleted)); // gone now, not after the next read
            selected.set(null);
            status.set(messages.get("calendars.deleted", deleted));
            refresh(null);
        });
    }

    private <T> void run(Callable<T> work, Consumer<T> done) {
        busy.set(true);
        error.set("");
        executor.submit(work, result -> {
            busy.set(false);
            done.accept(result);
        }, failure -> {
            busy.set(false);
            status.set("");
            error.set(failure instanceof CalendarInUseException inUse
                    ? messages.get("calendars.delete.in-use", selectedName(), String.join(", ", inUse.tasks()))
                    : messages.get("calendars.failed", String.valueOf(failure.getMessage())));
        });
    }

    private String selectedName() {
        return selected.get() == null ? "" : selected.get().name();
    }

    private void fail(String message) {
        status.set("");
        error.set(message);
    }

    public ObservableList<BusinessCalendar> calendars() { return calendars; }
    public ObjectProperty<BusinessCalendar> selectedProperty() { return selected; }
    /** The year whose entries are shown; this year to begin with. */
    public IntegerProperty yearProperty() { return year; }
    public ObservableList<CalendarYear.Day> days() { return days; }
    public ObservableList<Blackout> blackouts() { return blackouts; }
    /** The zone, the weekend days and the year's counts of the selected calendar. */
    public StringProperty summaryProperty() { return summary; }
    /** The calendar a file is imported into: the selected one, or a new name. */
    public StringProperty importIntoProperty() { return importInto; }
    public BooleanProperty replaceAllProperty() { return replaceAll; }
    public StringProperty blackoutNameProperty() { return blackoutName; }
    public StringProperty blackoutFromProperty() { return blackoutFrom; }
    public StringProperty blackoutToProperty() { return blackoutTo; }
    public StringProperty errorProperty() { return error; }
    public StringProperty statusProperty() { return status; }
    public BooleanProperty busyProperty() { return busy; }
}
