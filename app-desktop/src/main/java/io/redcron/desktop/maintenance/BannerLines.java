package io.redcron.desktop.maintenance;

import io.redcron.desktop.ui.Messages;
import io.redcron.domain.MaintenanceWindow;
import io.redcron.domain.MisfirePolicy;

import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/**
 * The words of the maintenance banner: "Paused: group gpu until 18:00 — GPU driver upgrade (window
 * 7, by alice); held fires will be skipped". Times are short on the banner (the hour alone when it
 * is today in the zone shown) and in full in the tooltip.
 */
public final class BannerLines {
    private static final DateTimeFormatter TODAY = DateTimeFormatter.ofPattern("HH:mm");
    private static final DateTimeFormatter OTHER_DAY = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm");

    private BannerLines() {
    }

    public static BannerLine of(MaintenanceWindow window, Messages messages, Instant now) {
        ZoneId zone = messages.time().zoneFor(null);
        boolean paused = window.isActiveAt(now);
        Instant end = window.end();
        String key = "maintenance.banner." + (paused ? "paused" : "planned") + (end == null ? "Open" : "");
        String scope = scope(window, messages);
        String outcome = outcome(window.onResume(), messages);
        String text = messages.get(key, scope, shortTime(window.from(), now, zone),
                end == null ? "" : shortTime(end, now, zone), window.reason(), Long.toString(window.id()),
                window.createdBy(), outcome);
        String details = messages.get("maintenance.banner.details", messages.time().format(window.from()),
                end == null ? messages.get("maintenance.banner.untilResumed") : messages.time().format(end),
                messages.time().format(window.createdAt()), window.createdBy());
        return new BannerLine(window.id(), paused, scope, outcome, text, details);
    }

    /** "namespace prod-eu", "group gpu". */
    public static String scope(MaintenanceWindow window, Messages messages) {
        return window.group() == null ? messages.get("maintenance.scope.namespace", window.namespace())
                : messages.get("maintenance.scope.group", window.group());
    }

    /** "held fires will be skipped", …: what the window's resume policy does to the fires it holds. */
    public static String outcome(MisfirePolicy policy, Messages messages) {
        return messages.get("maintenance.outcome." + policy.name().toLowerCase(Locale.ROOT));
    }

    /** "18:00" when it is today in {@code zone}, otherwise "2026-12-05 18:00". */
    static String shortTime(Instant at, Instant now, ZoneId zone) {
        boolean today = at.atZone(zone).toLocalDate().equals(now.atZone(zone).toLocalDate());
        return (today ? TODAY : OTHER_DAY).format(at.atZone(zone));
    }
}
