package io.redcron.format;

import io.redcron.calendar.CalendarDay;
import io.redcron.calendar.DayKind;
import io.redcron.calendar.InvalidCalendarException;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Set;

/**
 * Reads dated entries from CSV with a header line {@code date,kind,name}: an ISO date, {@code
 * holiday} or {@code workday}, and an optional name. Lines starting with {@code #} are comments.
 * Errors name the line.
 */
public final class CsvCalendarReader {
    private static final CSVFormat FORMAT = CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true)
            .setIgnoreSurroundingSpaces(true).setIgnoreEmptyLines(true).setCommentMarker('#').setTrim(true).get();

    public List<CalendarDay> read(String text) {
        CalendarEntries entries = new CalendarEntries();
        try (CSVParser parser = CSVParser.parse(new StringReader(text.startsWith("\uFEFF") ? text.substring(1) : text),
                FORMAT)) {
            Set<String> header = parser.getHeaderMap().keySet();
            if (!header.contains("date") || !header.contains("kind")) {
                throw new InvalidCalendarException("line 1", "the header must be date,kind,name, got "
                        + String.join(",", parser.getHeaderNames()));
            }
            for (CSVRecord record : parser) {
                String where = "line " + parser.getCurrentLineNumber();
                if (!record.isConsistent()) {
                    throw new InvalidCalendarException(where, "has " + record.size() + " fields, the header "
                            + header.size());
                }
                entries.add(new CalendarDay(date(where, record.get("date")),
                        DayKind.parse(where + ": kind", record.get("kind")),
                        header.contains("name") ? record.get("name") : ""), where);
            }
        } catch (IOException | UncheckedIOException | IllegalStateException e) {
            throw new InvalidCalendarException("csv", "not a CSV file: " + e.getMessage());
        }
        return entries.days();
    }

    private static LocalDate date(String where, String text) {
        try {
            return LocalDate.parse(text);
        } catch (DateTimeParseException e) {
            throw new InvalidCalendarException(where + ": date", "'" + text + "' is not a date (YYYY-MM-DD)");
        }
    }
}
