package io.redcron.desktop.cron;

import io.redcron.calendar.BusinessCalendar;
import io.redcron.desktop.ui.UiExecutor;

import java.util.List;
import java.util.concurrent.Callable;

/**
 * Where the builder reads the namespace's business calendars from: off the JavaFX thread, through
 * the app's executor. {@link #NONE} where there is nothing to read them from (no connection): the
 * builder then hides its calendar chooser.
 */
public interface BuilderCalendars {
    BuilderCalendars NONE = model -> { };

    /** Offers {@code model} the calendars once they are read, or why they could not be. */
    void into(CronBuilderViewModel model);

    static BuilderCalendars of(Callable<List<BusinessCalendar>> reader, UiExecutor executor) {
        return model -> {
            model.calendarsOffered();
            executor.submit(reader, model::useCalendars, model::calendarsFailed);
        };
    }
}
