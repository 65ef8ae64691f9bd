package io.redcron.calendar;

import io.redcron.schedule.CronDialect;
import io.redcron.schedule.CronSchedule;
import io.redcron.schedule.InvalidCronException;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Objects;
import java.util.Optional;

/**
 * A span of time in which a calendar's tasks do not fire: once (a local date-time range in a zone,
 * "release freeze from 2026-12-20 00:00 to 2027-01-03 00:00") or repeating (a Unix cron
 * expression for each start plus a duration, "0 18 * * 5 for 62h": every Friday evening to Monday
 * morning). Local times are read in {@link #zone()}, so a blackout keeps its wall-clock hours
 * across daylight saving changes. The start is inside, the end is not.
 */
public final class Blackout {
    static final int MAX_NAME = 200;
    private static final Duration MAX_DURATION = Duration.ofDays(366);
    private static final DateTimeFormatter SHOWN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm");

    private final long id;
    private final String name;
    private final ZoneId zone;
    private final LocalDateTime start;
    private final LocalDateTime end;
    private final String cron;
    private final Duration duration;
    private final CronSchedule schedule;

    private Blackout(long id, String name, ZoneId zone, LocalDateTime start, LocalDateTime end, String cron,
                     Duration duration) {
        this.id = id;
        this.name = checkName(name);
        this.zone = Objects.requireNonNull(zone, "zone");
        this.start = start;
        this.end = end;
        this.cron = cron;
        this.duration = duration;
        if (cron == null) {
            if (start == null || end == null) {
                throw new InvalidCalendarException("blackout", "give a start and an end, or a cron expression and a duration");
            }
            if (!end.isAfter(start)) {
                throw new InvalidCalendarException("end", "must be after the start " + start.format(SHOWN));
            }
            this.schedule = null;
        } else {
            if (duration == null || duration.isNegative() || duration.isZero() || duration.compareTo(MAX_DURATION) > 0) {
                throw new InvalidCalendarException("duration", "must be longer than zero and at most 366 days");
            }
            try {
                this.schedule = CronSchedule.parse(cron.strip(), CronDialect.UNIX);
            } catch (InvalidCronException e) {
                throw new InvalidCalendarException("cron", e.getMessage());
            }
        }
    }

    /** A blackout from {@code start} up to {@code end}, local times in {@code zone}. */
    public static Blackout once(String name, ZoneId zone, LocalDateTime start, LocalDateTime end) {
        return new Blackout(0, name, zone, Objects.requireNonNull(start, "start"), Objects.requireNonNull(end, "end"),
                null, null);
    }

    /** A blackout that begins at every fire of a Unix cron expression in {@code zone} and lasts {@code duration}. */
    public static Blackout repeating(String name, ZoneId zone, String cron, Duration duration) {
        return new Blackout(0, name, zone, null, null, Objects.requireNonNull(cron, "cron"), duration);
    }

    /** The same blackout as stored under {@code id}. */
    public Blackout withId(long storedId) {
        return new Blackout(storedId, name, zone, start, end, cron, duration);
    }

    /**
     * The occurrence that holds {@code instant}, said as a reason: {@code blackout "release
     * freeze" (2026-12-20 00:00 – 2027-01-03 00:00)}; empty when the instant is outside.
     */
    public Optional<String> covering(Instant instant) {
        ZonedDateTime from;
        ZonedDateTime to;
        if (schedule == null) {
            from = start.atZone(zone);
            to = end.atZone(zone);
        } else {
            // The latest start at or before the instant ends last: all occurrences last as long.
            Optional<ZonedDateTime> latest = schedule.previousBefore(instant.plusSeconds(1), zone);
            if (latest.isEmpty()) {
                return Optional.empty();
            }
            from = latest.get();
            to = from.plus(duration);
        }
        if (instant.isBefore(from.toInstant()) || !instant.isBefore(to.toInstant())) {
            return Optional.empty();
        }
        return Optional.of("blackout \"" + name + "\" (" + from.withZoneSameInstant(zone).format(SHOWN) + " – "
                + to.withZoneSameInstant(zone).format(SHOWN) + ")");
    }

    public boolean repeats() {
        return cron != null;
    }

    public long id() {
        return id;
    }

    public String name() {
        return name;
    }

    public ZoneId zone() {
        return zone;
    }

    /** The start of a one-off blackout; null for a repeating one. */
    public LocalDateTime start() {
        return start;
    }

    /** The end of a one-off blackout (not included); null for a repeating one. */
    public LocalDateTime end() {
        return end;
    }

    /** The Unix cron expression of a repeating blackout's starts; null for a one-off one. */
    public String cron() {
        return cron == null ? null : cron.strip();
    }

    /** How long each occurrence of a repeating blackout lasts; null for a one-off one. */
    public Duration duration() {
        return duration;
    }

    /** How it reads in a listing: the range, or the expression and duration. */
    public String when() {
        if (cron == null) {
            return start.format(SHOWN) + " – " + end.format(SHOWN) + " " + zone.getId();
        }
        return "every \"" + cron() + "\" for " + io.redcron.domain.Durations.format(duration) + " " + zone.getId();
    }

    private static String checkName(String name) {
        String kept = name == null ? "" : name.strip();
        if (kept.isEmpty()) {
            throw new InvalidCalendarException("name", "a blackout needs a name");
        }
        if (kept.length() > MAX_NAME || kept.chars().anyMatch(Character::isISOControl)) {
            throw new InvalidCalendarException("name", "at most " + MAX_NAME + " characters, no control characters");
        }
        return kept;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Blackout that && id == that.id && name.equals(that.name) && zone.equals(that.zone)
                && Objects.equals(start, that.start) && Objects.equals(end, that.end)
                && Objects.equals(cron(), that.cron()) && Objects.equals(duration, that.duration);
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, name, zone, start, end, cron(), duration);
    }

    @Override
    public String toString() {
        return "blackout " + id + " \"" + name + "\" " + when();
    }
}
