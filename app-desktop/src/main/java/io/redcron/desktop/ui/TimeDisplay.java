package io.redcron.desktop.ui;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.prefs.Preferences;

/**
 * In which zone the app shows times, the same on every screen: UTC, the desktop's own zone, or
 * each task's zone (where a time belongs to no task, the desktop's). Every time is shown with its
 * offset, every column header names its zone, and a tooltip gives the same time in the other
 * zones.
 */
public record TimeDisplay(Mode mode, ZoneId local) {
    public enum Mode { UTC, LOCAL, TASK }

    private static final DateTimeFormatter FULL = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss xxx");
    private static final Preferences PREFERENCES = Preferences.userRoot().node("io/redcron/desktop/time");

    /** The desktop's zone, as most people read times first. */
    public static TimeDisplay inDesktopZone() {
        return new TimeDisplay(Mode.LOCAL, ZoneId.systemDefault());
    }

    /** The choice the user made last time, else the desktop's zone. */
    public static TimeDisplay remembered() {
        try {
            return new TimeDisplay(Mode.valueOf(PREFERENCES.get("mode", Mode.LOCAL.name())), ZoneId.systemDefault());
        } catch (IllegalArgumentException unknown) {
            return inDesktopZone();
        }
    }

    public TimeDisplay with(Mode chosen) {
        return new TimeDisplay(chosen, local);
    }

    /** Keeps this choice for the next start. */
    public void remember() {
        PREFERENCES.put("mode", mode.name());
    }

    /** The zone a time of a task in {@code taskZone} is shown in; {@code taskZone} null: a time of no task. */
    public ZoneId zoneFor(ZoneId taskZone) {
        return switch (mode) {
            case UTC -> ZoneOffset.UTC;
            case LOCAL -> local;
            case TASK -> taskZone == null ? local : taskZone;
        };
    }

    /** "2026-12-03 09:00:00 +08:00"; an empty text for no time. */
    public String format(Instant at, ZoneId taskZone) {
        return at == null ? "" : FULL.format(at.atZone(zoneFor(taskZone)));
    }

    /** A time that belongs to no task. */
    public String format(Instant at) {
        return format(at, null);
    }

    /** The same time in the zones not shown: UTC, the desktop's, the task's (each once). */
    public String otherZones(Instant at, ZoneId taskZone) {
        if (at == null) {
            return "";
        }
        Set<ZoneId> zones = new LinkedHashSet<>();
        zones.add(ZoneOffset.UTC);
        zones.add(local);
        if (taskZone != null) {
            zones.add(taskZone);
        }
        zones.remove(zoneFor(taskZone));
        StringBuilder text = new StringBuilder();
        for (ZoneId zone : zones) {
            if (!text.isEmpty()) {
                text.append('\n');
            }
            text.append(FULL.format(at.atZone(zone))).append("  ").append(zone.equals(ZoneOffset.UTC) ? "UTC" : zone.getId());
        }
        return text.toString();
    }

    /** What a column header says of its zone: "UTC", "Europe/Berlin", or the task's zone. */
    public String headerZone(Messages messages) {
        return switch (mode) {
            case UTC -> "UTC";
            case LOCAL -> local.getId();
            case TASK -> messages.get("time.zone.task");
        };
    }

    /** "in 4 min", "12 s ago", "now". */
    public static String relative(Messages messages, Instant at, Instant now) {
        Duration gap = Duration.between(now, at);
        if (Math.abs(gap.toSeconds()) < 1) {
            return messages.get("time.now");
        }
        return gap.isNegative() ? messages.get("time.ago", Ages.of(messages, gap.negated()))
                : messages.get("time.in", Ages.of(messages, gap));
    }
}
