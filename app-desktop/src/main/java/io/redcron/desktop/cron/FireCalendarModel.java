package io.redcron.desktop.cron;

import io.redcron.desktop.ui.Messages;
import io.redcron.schedule.Schedule;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
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
    private final DateTimeFormatter titleFormat;
    private Schedule schedule;
    private ZoneId zone;

    FireCalendarModel(YearMonth start, Messages messages) {
        this.titleFormat = DateTimeFormatter.ofPattern(messages.get("cron.calendar.month-format"), messages.locale());
        month.set(start);
        title.set(titleFormat.format(start));
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

    private void fill() {
        title.set(titleFormat.format(month.get()));
        if (schedule == null || zone == null) {
            days.setAll(FireCalendar.empty(month.get()));
        } else {
            days.setAll(FireCalendar.month(schedule, zone, month.get()));
        }
    }

    public ReadOnlyObjectProperty<YearMonth> monthProperty() { return month.getReadOnlyProperty(); }
    /** The month and year, as the UI language writes them. */
    public ReadOnlyStringProperty titleProperty() { return title.getReadOnlyProperty(); }
    /** Every day of the month, first to last. */
    public ObservableList<FireCalendar.Day> days() { return days; }
}
