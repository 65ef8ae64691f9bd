package io.redcron.desktop.cron;

import io.redcron.desktop.ui.Messages;
import io.redcron.schedule.CronSchedule;
import io.redcron.schedule.DstRule;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.zone.ZoneOffsetTransition;
import java.util.Locale;
import java.util.Optional;

/**
 * Says in one sentence what a schedule does when the clocks of its zone change: which of its
 * wall-clock times are skipped or repeated that day, and where the engine really fires them. The
 * sentence asks the engine instead of restating {@link DstRule}, so it cannot drift from what runs.
 */
final class DstChangeSentences {
    // Zone abbreviations (CEST, EDT) read the same in every UI language; Chinese CLDR names are long.
    private static final DateTimeFormatter WALL_TIME = DateTimeFormatter.ofPattern("HH:mm", Locale.ROOT);
    private static final DateTimeFormatter WALL_SECONDS = DateTimeFormatter.ofPattern("HH:mm:ss", Locale.ROOT);
    private static final DateTimeFormatter ZONED = DateTimeFormatter.ofPattern("HH:mm zzz", Locale.ENGLISH);

    private final Messages messages;
    private final DateTimeFormatter dateFormat;

    DstChangeSentences(Messages messages) {
        this.messages = messages;
        this.dateFormat = DateTimeFormatter.ofPattern(messages.get("cron.dst.date-format"), messages.locale());
    }

    /** What the schedule does at one change of the zone's offset. */
    String explain(CronSchedule schedule, ZoneId zone, ZoneOffsetTransition change) {
        // The wall-clock hour that is skipped (a gap) or that happens twice (an overlap).
        LocalDateTime start = change.isGap() ? change.getDateTimeBefore() : change.getDateTimeAfter();
        LocalDateTime end = change.isGap() ? change.getDateTimeAfter() : change.getDateTimeBefore();
        String date = dateFormat.format(change.getDateTimeBefore().toLocalDate());
        Optional<LocalDateTime[]> matched = matchedWallTimes(schedule, change.getOffsetBefore(), start, end);
        if (matched.isEmpty()) {
            String key = change.isGap() ? "cron.dst.unaffected.gap" : "cron.dst.unaffected.overlap";
            return messages.get(key, date, zone.getId(), wall(start), wall(end));
        }
        LocalDateTime first = matched.get()[0];
        String times = first.equals(matched.get()[1]) ? wall(first) : wall(first) + "\u2013" + wall(matched.get()[1]);
        return change.isGap() ? gap(schedule, zone, change, times, date)
                : overlap(schedule, zone, change, first, times, date);
    }

    private String gap(CronSchedule schedule, ZoneId zone, ZoneOffsetTransition change, String times, String date) {
        Optional<ZonedDateTime> next = schedule.nextAfter(change.getInstant().minusSeconds(1), zone);
        if (next.isEmpty()) {
            return messages.get("cron.dst.gap.never", times, date, zone.getId());
        }
        boolean moved = schedule.dstRule() == DstRule.FIXED_TIME && next.get().toInstant().equals(change.getInstant());
        return messages.get(moved ? "cron.dst.gap.moved" : "cron.dst.gap.skipped", times, date, zone.getId(),
                zoned(next.get(), change));
    }

    private String overlap(CronSchedule schedule, ZoneId zone, ZoneOffsetTransition change, LocalDateTime wall,
                           String times, String date) {
        ZonedDateTime firstPass = ZonedDateTime.ofInstant(wall.toInstant(change.getOffsetBefore()), zone);
        ZonedDateTime secondPass = ZonedDateTime.ofInstant(wall.toInstant(change.getOffsetAfter()), zone);
        boolean inFirst = firesAt(schedule, zone, firstPass.toInstant());
        boolean inSecond = firesAt(schedule, zone, secondPass.toInstant());
        String key = inFirst && inSecond ? "cron.dst.overlap.both" : inFirst ? "cron.dst.overlap.first"
                : inSecond ? "cron.dst.overlap.second" : "cron.dst.overlap.neither";
        return messages.get(key, times, date, zone.getId(), ZONED.format(firstPass), ZONED.format(secondPass));
    }

    /**
     * The first and last wall-clock time in [start, end) that the schedule selects on that day. A
     * fixed offset has no gaps or repeats, so the engine answers there what the expression itself says.
     */
    private static Optional<LocalDateTime[]> matchedWallTimes(CronSchedule schedule, ZoneOffset offset,
                                                             LocalDateTime start, LocalDateTime end) {
        Optional<ZonedDateTime> first = schedule.nextAfter(start.toInstant(offset).minusSeconds(1), offset);
        if (first.isEmpty() || !first.get().toLocalDateTime().isBefore(end)) {
            return Optional.empty();
        }
        LocalDateTime last = schedule.previousBefore(end.toInstant(offset), offset).orElseThrow().toLocalDateTime();
        return Optional.of(new LocalDateTime[] {first.get().toLocalDateTime(), last});
    }

    private static boolean firesAt(CronSchedule schedule, ZoneId zone, Instant instant) {
        return schedule.nextAfter(instant.minusSeconds(1), zone).map(fire -> fire.toInstant().equals(instant))
                .orElse(false);
    }

    /** The time of a fire, with its date too when it is not on the day of the change. */
    private String zoned(ZonedDateTime fire, ZoneOffsetTransition change) {
        String time = ZONED.format(fire);
        return fire.toLocalDate().equals(change.getDateTimeAfter().toLocalDate()) ? time
                : dateFormat.format(fire) + " " + time;
    }

    private static String wall(LocalDateTime time) {
        return (time.getSecond() == 0 ? WALL_TIME : WALL_SECONDS).format(time);
    }
}
