package io.redcron.desktop.queues;

import io.redcron.desktop.ui.Messages;

import java.time.Duration;
import java.time.Instant;

/** Times and spans of the queues screen in the UI's language: "2 min 5 s", "in 12 s", a time with its offset. */
final class Spans {
    private final Messages messages;

    Spans(Messages messages) {
        this.messages = messages;
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

    /** In the zone the app shows times in, with its offset. */
    String time(Instant instant) {
        return messages.time().format(instant);
    }

    /** A due time with how far off it is, or how late. */
    String due(Instant due, Instant now) {
        Duration left = Duration.between(now, due);
        String relative = left.isNegative() ? messages.get("queues.due.overdue", span(left.negated()))
                : messages.get("queues.due.in", span(left));
        return time(due) + " (" + relative + ")";
    }
}
