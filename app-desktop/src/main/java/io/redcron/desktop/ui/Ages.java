package io.redcron.desktop.ui;

import java.time.Duration;

/** A span as people say it: "12 s", "9 min", "3 h", "2 d", in the app's language. */
public final class Ages {
    private Ages() {
    }

    public static String of(Messages messages, Duration age) {
        long seconds = Math.max(0, age.toSeconds());
        if (seconds < 60) {
            return messages.get("age.seconds", seconds);
        }
        if (seconds < 3600) {
            return messages.get("age.minutes", seconds / 60);
        }
        if (seconds < 86_400) {
            return messages.get("age.hours", seconds / 3600);
        }
        return messages.get("age.days", seconds / 86_400);
    }
}
