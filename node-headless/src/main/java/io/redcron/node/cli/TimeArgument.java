package io.redcron.node.cli;

import io.redcron.domain.InvalidTaskException;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;

/**
 * A time given on the command line: with an offset or zone ({@code 2026-12-03T18:00:00+08:00},
 * {@code 2026-12-03T10:00Z}), or a local date-time ({@code 2026-12-03T18:00}, {@code 2026-12-03 18:00})
 * read in the zone the operator names, the machine's own by default.
 */
final class TimeArgument {
    private static final DateTimeFormatter LOCAL_WITH_SPACE = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm[:ss]");

    private TimeArgument() {
    }

    static Instant parse(String field, String text, ZoneId zone) {
        String value = text.strip();
        try {
            return ZonedDateTime.parse(value).toInstant();
        } catch (DateTimeParseException notZoned) {
            // try the next form
        }
        try {
            return OffsetDateTime.parse(value).toInstant();
        } catch (DateTimeParseException notOffset) {
            // try the next form
        }
        try {
            LocalDateTime local = value.indexOf('T') > 0 ? LocalDateTime.parse(value)
                    : LocalDateTime.parse(value, LOCAL_WITH_SPACE);
            return local.atZone(zone).toInstant();
        } catch (DateTimeException e) {
            throw new InvalidTaskException(field, "'" + text + "' is not a time such as 2026-12-03T18:00 (in "
                    + zone + ") or 2026-12-03T10:00:00Z");
        }
    }
}
