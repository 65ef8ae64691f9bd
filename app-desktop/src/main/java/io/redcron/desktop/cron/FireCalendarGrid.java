package io.redcron.desktop.cron;

import io.redcron.desktop.ui.Messages;
import javafx.collections.ListChangeListener;
import javafx.scene.control.Label;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.VBox;

import java.time.DayOfWeek;
import java.time.format.TextStyle;
import java.util.List;

/** Draws the month of a {@link FireCalendarModel}: a row of weekday names, then one box per day, Monday first. */
final class FireCalendarGrid {
    static final String HAS_FIRES = "has-fires";

    private FireCalendarGrid() {
    }

    static void bind(GridPane grid, Label title, FireCalendarModel calendar, Messages messages) {
        title.textProperty().bind(calendar.titleProperty());
        calendar.days().addListener(
                (ListChangeListener<FireCalendar.Day>) change -> draw(grid, calendar.days(), messages));
        draw(grid, calendar.days(), messages);
    }

    private static void draw(GridPane grid, List<FireCalendar.Day> days, Messages messages) {
        grid.getChildren().clear();
        for (DayOfWeek weekday : DayOfWeek.values()) {
            Label name = new Label(weekday.getDisplayName(TextStyle.SHORT, messages.locale()));
            name.getStyleClass().add("calendar-weekday");
            grid.add(name, weekday.getValue() - 1, 0);
        }
        if (days.isEmpty()) {
            return;
        }
        int offset = days.get(0).date().getDayOfWeek().getValue() - 1;
        for (FireCalendar.Day day : days) {
            int index = offset + day.date().getDayOfMonth() - 1;
            grid.add(box(day, messages), index % 7, 1 + index / 7);
        }
    }

    private static VBox box(FireCalendar.Day day, Messages messages) {
        Label number = new Label(String.valueOf(day.date().getDayOfMonth()));
        VBox box = new VBox(2, number);
        box.setId("day-" + day.date());
        box.getStyleClass().add("calendar-day");
        if (day.fires() > 0) {
            box.getStyleClass().add(HAS_FIRES);
            Label count = new Label(day.capped() ? messages.get("cron.calendar.fires.capped", FireCalendar.DAY_CAP)
                    : messages.get("cron.calendar.fires", day.fires()));
            count.getStyleClass().add("calendar-count");
            box.getChildren().add(count);
        }
        return box;
    }
}
