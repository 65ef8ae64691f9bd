package io.redcron.desktop.runs;

import io.redcron.domain.Durations;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * When the trigger dialog's run should start, as typed: blank for now, a delay ({@code 30m},
 * {@code 2h}, {@code 1d}), or a time, local to the zone times are shown in
 * ({@code 2026-12-24 18:00}) or with an offset ({@code 2026-12-24T10:00:00Z}).
 */
final class RunAt {
    private static final Pattern DELAY = Pattern.compile("\\d+\\s*(ms|s|m|h|d)");
    private static final DateTimeFormatter LOCAL = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm[:ss]");

    private RunAt() {
    }

    /** The time asked for; empty for now; {@link IllegalArgumentException} when it is neither form. */
    static Optional<Instant> parse(String text, Instant now, ZoneId zone) {
        String value = text == null ? "" : text.strip();
        if (value.isEmpty()) {
            return Optional.empty();
        }
        if (DELAY.matcher(value).matches()) {
            return Optional.of(now.plus(Durations.parse("when", value.replace(" ", ""))));
        }
        try {
            return Optional.of(OffsetDateTime.parse(value).toInstant());
        } catch (DateTimeException notOffset) {
            // a local time, next
        }
        try {
            LocalDateTime local = value.indexOf('T') > 0 ? LocalDateTime.parse(value) : LocalDateTime.parse(value, LOCAL);
            return Optional.of(local.atZone(zone).toInstant());
        } catch (DateTimeException e) {
            throw new IllegalArgumentException(value, e);
        }
    }
}
