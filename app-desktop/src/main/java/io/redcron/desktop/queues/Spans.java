package io.redcron.desktop.queues;

import io.redcron.desktop.ui.Messages;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;

/** Times and spans of the queues screen in the UI's language: "2 min 5 s", "in 12 s", a local date. */
final class Spans {
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");

    private final Messages messages;
    private final ZoneId zone;

    Spans(Messages messages, ZoneId zone) {
        this.messages = messages;
        this.zone = zone;
    }

    String span(Duration span) {
        long seconds = Math.max(0, span.toSeconds());
        if (seconds < 60) {
            return messages.get("queues.span.seconds", seconds);
        }
        if (seconds < 3600) {
            return messages.get("queues.span.minutes", seconds / 60, seconds % 60);
        }
        if (seconds < 86_400) {
            return messages.get("queues.span.hours", seconds / 3600, seconds % 3600 / 60);
        }
        return messages.get("queues.span.days", seconds / 86_400, seconds % 86_400 / 3600);
    }

    String time(Instant instant) {
        return TIME.format(instant.atZone(zone));
    }

    /** A due time with how far off it is, or how late. */
    String due(Instant due, Instant now) {
        Duration left = Duration.between(now, due);
        String relative = left.isNegative() ? messages.get("queues.due.overdue", span(left.negated()))
                : messages.get("queues.due.in", span(left));
        return time(due) + " (" + relative + ")";
    }
}
