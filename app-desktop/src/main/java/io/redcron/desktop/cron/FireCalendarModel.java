package io.redcron.desktop.cron;

import io.redcron.desktop.ui.Messages;
import io.redcron.schedule.Schedule;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.time.YearMonth;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;

/**
 * The builder's month calendar of fires: one month of the task's zone, its days with how often the
 * schedule fires on each, and stepping a month back or forward.
 */
public final class FireCalendarModel {
    private final ReadOnlyObjectWrapper<YearMonth> month = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyStringWrapper title = new ReadOnlyStringWrapper("");
    private final ObservableList<FireCalendar.Day> days = FXCollections.observableArrayList();
    private final BooleanProperty shown = new SimpleBooleanProperty();
    private final DateTimeFormatter titleFormat;
    private Schedule schedule;
    private ZoneId zone;

    FireCalendarModel(YearMonth start, Messages messages) {
        this.titleFormat = DateTimeFormatter.ofPattern(messages.get("cron.calendar.month-format"), messages.locale());
        month.set(start);
        title.set(titleFormat.format(start));
        shown.addListener((o, was, is) -> fill());
    }

    /** Shows the schedule's fires; null (an invalid expression) leaves every day empty. */
    void show(Schedule schedule, ZoneId zone) {
        this.schedule = schedule;
        this.zone = zone;
        fill();
    }

    public void previousMonth() {
        month.set(month.get().minusMonths(1));
        fill();
    }

    public void nextMonth() {
        month.set(month.get().plusMonths(1));
        fill();
    }

    /** Counting a month of a busy schedule takes a moment, so it waits until someone looks. */
    private void fill() {
        title.set(titleFormat.format(month.get()));
        if (!shown.get()) {
            days.clear();
        } else if (schedule == null || zone == null) {
            days.setAll(FireCalendar.empty(month.get()));
        } else {
            days.setAll(FireCalendar.month(schedule, zone, month.get()));
        }
    }

    public ReadOnlyObjectProperty<YearMonth> monthProperty() { return month.getReadOnlyProperty(); }
    /** The month and year, as the UI language writes them. */
    public ReadOnlyStringProperty titleProperty() { return title.getReadOnlyProperty(); }
    /** Whether the calendar is on screen; the days are counted only while it is. */
    public BooleanProperty shownProperty() { return shown; }
    /** Every day of the month, first to last, while the calendar is shown; empty otherwise. */
    public ObservableList<FireCalendar.Day> days() { return days; }
}
