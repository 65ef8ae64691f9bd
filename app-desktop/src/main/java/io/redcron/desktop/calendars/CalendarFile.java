package io.redcron.desktop.calendars;

import io.redcron.calendar.CalendarDay;
import io.redcron.calendar.InvalidCalendarException;
import io.redcron.format.CsvCalendarReader;
import io.redcron.format.IcsCalendarReader;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * A holiday file chosen for import, read with the readers the CLI uses: ICS (all-day events; 补班
 * or 上班 in a summary marks make-up workdays) or CSV ({@code date,kind,name}), by its extension.
 * Their errors name the line or the event. Reads the disk: call it off the JavaFX thread.
 */
record CalendarFile(List<CalendarDay> days, int timedEventsLeftOut) {

    static boolean readable(Path file) {
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        return name.endsWith(".ics") || name.endsWith(".csv");
    }

    static CalendarFile read(Path file) {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
        if (file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".ics")) {
            IcsCalendarReader.Result result = new IcsCalendarReader(null).read(text);
            return new CalendarFile(result.days(), result.timedEventsLeftOut());
        }
        if (file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".csv")) {
            return new CalendarFile(new CsvCalendarReader().read(text), 0);
        }
        throw new InvalidCalendarException("file", file.getFileName() + " is neither .ics nor .csv");
    }
}
