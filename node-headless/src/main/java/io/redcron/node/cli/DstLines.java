package io.redcron.node.cli;

import io.redcron.format.TaskDocument;
import io.redcron.schedule.DstRule;
import io.redcron.schedule.RepeatedHour;

import java.time.Instant;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.zone.ZoneOffsetTransition;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * What {@code cron check} says about daylight saving: how the schedule passes a change, and which fire
 * times fall in the second pass of a repeated hour, with a legend naming that hour and its offsets.
 */
final class DstLines {
    static final String SECOND_PASS = "(2nd pass)";
    private static final DateTimeFormatter WALL_CLOCK = DateTimeFormatter.ofPattern("HH:mm");

    private DstLines() {
    }

    /** A zone without changes ahead has nothing to say about daylight saving. */
    static boolean changesAhead(ZoneId zone, Instant from) {
        return zone.getRules().nextTransition(from) != null;
    }

    static String rule(DstRule rule) {
        return switch (rule) {
            case INTERVAL -> "daylight saving: interval schedule (every hour, or more than once an hour in two or more hours in a row):"
                    + " fires through both passes of a repeated hour; times skipped when clocks go forward do not fire";
            case FIXED_TIME -> "daylight saving: fixed-time schedule: each wall-clock time fires once,"
                    + " at its first occurrence in a repeated hour, or when a skipped hour ends";
        };
    }

    /** The time with its offset, marked when it is the second occurrence of its wall-clock time. */
    static String fire(ZonedDateTime time, ZoneId zone) {
        String text = TaskDocument.instant(time.toInstant(), zone);
        return RepeatedHour.secondPassOf(time).isPresent() ? text + "  " + SECOND_PASS : text;
    }

    static List<String> secondPasses(List<ZonedDateTime> times, ZoneId zone) {
        return times.stream().filter(time -> RepeatedHour.secondPassOf(time).isPresent())
                .map(time -> TaskDocument.instant(time.toInstant(), zone)).toList();
    }

    /** One line for each repeated hour that marked fires fall in. */
    static List<String> legend(List<ZonedDateTime> times) {
        Set<ZoneOffsetTransition> changes = new LinkedHashSet<>();
        times.stream().map(RepeatedHour::secondPassOf).flatMap(Optional::stream).forEach(changes::add);
        List<String> lines = new ArrayList<>(changes.size());
        for (ZoneOffsetTransition change : changes) {
            lines.add(SECOND_PASS + " " + WALL_CLOCK.format(change.getDateTimeAfter()) + "-"
                    + WALL_CLOCK.format(change.getDateTimeBefore()) + " on " + change.getDateTimeAfter().toLocalDate()
                    + " happens twice, as clocks go back from " + change.getOffsetBefore() + " to "
                    + change.getOffsetAfter() + "; marked fires are in its second pass");
        }
        return lines;
    }
}
