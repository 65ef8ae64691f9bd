package io.redcron.calendar;

import io.redcron.format.CsvCalendarReader;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.ZoneId;

/**
 * China's 2026 public holidays and make-up working days, as the State Council's notice of
 * 2025-11-04 sets them (test resource {@code calendars/cn-2026.csv}, and the same days as
 * iCalendar in {@code cn-2026.ics}).
 */
public final class ChinaCalendar2026 {
    public static final ZoneId SHANGHAI = ZoneId.of("Asia/Shanghai");

    private ChinaCalendar2026() {
    }

    public static String resource(String name) {
        try (InputStream in = ChinaCalendar2026.class.getResourceAsStream("/calendars/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static BusinessCalendar calendar() {
        return BusinessCalendar.empty("cn", "China public holidays", SHANGHAI)
                .withDays(new CsvCalendarReader().read(resource("cn-2026.csv")));
    }
}
