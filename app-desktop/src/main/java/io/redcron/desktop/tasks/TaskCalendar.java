package io.redcron.desktop.tasks;

import io.redcron.calendar.BusinessCalendar;
import io.redcron.calendar.CalendarBinding;
import io.redcron.calendar.CalendarExclusion;
import io.redcron.calendar.CalendarMode;
import io.redcron.calendar.UnknownCalendarException;
import io.redcron.desktop.cron.CalendarChoice;
import io.redcron.desktop.session.Workspace;
import io.redcron.desktop.ui.Messages;
import io.redcron.desktop.ui.UiExecutor;
import io.redcron.port.CalendarStore;
import io.redcron.schedule.FireExclusion;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The editor's calendar field: none or one of the namespace's business calendars, and the mode.
 * Saving binds or unbinds through {@link CalendarStore} as {@code calendars bind/unbind} do (the
 * store audits it), and only when the choice differs from what the task followed. Store calls run
 * through the executor; what they need from the fields is read before, on the JavaFX thread.
 */
public final class TaskCalendar {
    private final StringProperty calendar = new SimpleStringProperty("");
    private final ObjectProperty<CalendarMode> mode = new SimpleObjectProperty<>(CalendarMode.BUSINESS_DAYS);
    private final ObservableList<String> names = FXCollections.observableArrayList("");
    private final BooleanProperty shown = new SimpleBooleanProperty();
    private final StringProperty error = new SimpleStringProperty("");
    private CalendarStore store;
    private final Workspace workspace;
    private final UiExecutor executor;
    private final Messages messages;
    private final Runnable changed;
    private Map<String, BusinessCalendar> known = Map.of();
    /** What the task edited follows in the store; null for none (and for a new task). */
    private CalendarBinding stored;

    /** @param changed called when the choice or the calendars change: the next fires are judged anew */
    TaskCalendar(Workspace workspace, UiExecutor executor, Messages messages, Runnable changed) {
        this.workspace = workspace;
        this.executor = executor;
        this.messages = messages;
        this.changed = changed;
        calendar.addListener((o, before, after) -> {
            error.set("");
            changed.run();
        });
        mode.addListener((o, before, after) -> changed.run());
    }

    /** Shows the field, saved through {@code calendars}; without it the field stays hidden and unsaved. */
    void use(CalendarStore calendars) {
        store = calendars;
        shown.set(true);
    }

    /** Reads the namespace's calendars; with {@code taskId}, the calendar that task follows too. */
    void load(Long taskId, boolean edited) {
        if (store == null) {
            return;
        }
        String namespace = workspace.namespace();
        executor.submit(() -> new Read(store.calendars(namespace),
                taskId == null ? Optional.empty() : store.binding(namespace, taskId)), read -> {
                    Map<String, BusinessCalendar> byName = new LinkedHashMap<>();
                    read.calendars().forEach(one -> byName.put(one.name(), one));
                    known = byName;
                    read.binding().ifPresent(binding -> choose(new CalendarChoice(binding.calendar(), binding.mode())));
                    stored = edited ? read.binding().orElse(null) : null;
                    showNames();
                    changed.run();
                }, failure -> error.set(messages.get("calendars.builder.failed", String.valueOf(failure.getMessage()))));
    }

    private record Read(List<BusinessCalendar> calendars, Optional<CalendarBinding> binding) {
    }

    private void showNames() {
        List<String> all = new ArrayList<>();
        all.add("");
        all.addAll(known.keySet());
        String chosen = choice().calendar();
        if (!chosen.isEmpty() && !known.containsKey(chosen)) {
            all.add(chosen); // what the task names stays visible, even if the calendar is gone
        }
        names.setAll(all);
    }

    void choose(CalendarChoice choice) {
        mode.set(choice.mode());
        calendar.set(choice.calendar());
        if (!names.contains(choice.calendar())) {
            names.add(choice.calendar());
        }
    }

    CalendarChoice choice() {
        return new CalendarChoice(calendar.get(), mode.get() == null ? CalendarMode.BUSINESS_DAYS : mode.get());
    }

    /** The judgement the scheduler will apply, for the next fires; none until the calendar is read. */
    FireExclusion exclusion() {
        BusinessCalendar chosen = known.get(calendar.get());
        return chosen == null ? FireExclusion.NONE : new CalendarExclusion(chosen, choice().mode());
    }

    /** What saving must do to the binding, decided on the JavaFX thread; run off it. */
    Sync sync() {
        return new Sync(store, workspace.namespace(), workspace.operator(), choice(), stored);
    }

    /** The binding stored by a save. */
    void saved(Optional<CalendarBinding> now) {
        stored = now.orElse(null);
    }

    /** A failure of the calendar part of a save, shown at the field. */
    void failed(Throwable failure) {
        error.set(failure instanceof UnknownCalendarException
                ? messages.get("calendars.builder.unknown", choice().calendar()) : String.valueOf(failure.getMessage()));
    }

    /** Brings the store's binding to the choice; a store that was never offered changes nothing. */
    static final class Sync {
        private final CalendarStore store;
        private final String namespace;
        private final String operator;
        private final CalendarChoice wanted;
        private final CalendarBinding before;

        private Sync(CalendarStore store, String namespace, String operator, CalendarChoice wanted,
                     CalendarBinding before) {
            this.store = store;
            this.namespace = namespace;
            this.operator = operator;
            this.wanted = wanted;
            this.before = before;
        }

        /** Refuses an unknown calendar before anything is stored, as {@code task add} does. */
        void check() {
            if (store != null && !wanted.isNone() && store.calendar(namespace, wanted.calendar()).isEmpty()) {
                throw UnknownCalendarException.named(namespace, wanted.calendar());
            }
        }

        /** @return the binding the task has now */
        Optional<CalendarBinding> apply(long taskId) {
            if (store == null) {
                return Optional.ofNullable(before);
            }
            if (wanted.isNone()) {
                if (before != null) {
                    store.unbind(namespace, taskId, operator);
                }
                return Optional.empty();
            }
            if (before != null && before.calendar().equals(wanted.calendar()) && before.mode() == wanted.mode()) {
                return Optional.of(before);
            }
            return Optional.of(store.bind(namespace, taskId, wanted.calendar(), wanted.mode(), operator));
        }
    }

    /** The calendar chosen; "" for none. */
    public StringProperty calendarProperty() { return calendar; }
    public ObjectProperty<CalendarMode> modeProperty() { return mode; }
    /** "" (none) first, then the namespace's calendars. */
    public ObservableList<String> names() { return names; }
    /** False where the editor has no calendar store: the field is hidden. */
    public BooleanProperty shownProperty() { return shown; }
    /** Why the calendar could not be read or bound; "" otherwise. */
    public StringProperty errorProperty() { return error; }
}
