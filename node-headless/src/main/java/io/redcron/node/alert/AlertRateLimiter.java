package io.redcron.node.alert;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * At most one alert per key (target, subject, kind) in each window. Alerts past the first are
 * counted; when the window closes with some counted, {@link #closeWindows} hands back one summary
 * ("N more suppressed", with the latest of them), so nothing goes unreported and a task failing
 * every second sends a few messages an hour, not thousands. Thread-safe; time is given, not read.
 */
public final class AlertRateLimiter {
    private final Duration window;
    private final Map<Key, Window> windows = new HashMap<>();

    public AlertRateLimiter(Duration window) {
        this.window = window;
    }

    public record Key(String target, String subject, AlertKind kind) {
        public Key {
            Objects.requireNonNull(target);
            Objects.requireNonNull(subject);
            Objects.requireNonNull(kind);
        }
    }

    /** A summary of the alerts of a key held back in a window that has closed. */
    public record Summary(Key key, Alert latest, int suppressed) {
    }

    /**
     * Whether an alert may go now. One that goes after a window that closed with alerts held back
     * (and not yet summed up) carries their number, so it doubles as the summary.
     */
    public record Admission(boolean send, int suppressedBefore) {
        static final Admission HELD_BACK = new Admission(false, 0);
    }

    public synchronized Admission admit(Key key, Alert alert, Instant now) {
        Window open = windows.get(key);
        if (open != null && now.isBefore(open.closesAt)) {
            open.suppressed++;
            // Alerts are routed by more than one thread: the latest is the one raised last, not the last to arrive.
            if (open.latest == null || !alert.at().isBefore(open.latest.at())) {
                open.latest = alert;
            }
            return Admission.HELD_BACK;
        }
        windows.put(key, new Window(now.plus(window)));
        return new Admission(true, open == null ? 0 : open.suppressed);
    }

    /** Summaries of the windows that closed by {@code now} with alerts held back; forgets idle keys. */
    public synchronized List<Summary> closeWindows(Instant now) {
        List<Summary> out = new ArrayList<>();
        Iterator<Map.Entry<Key, Window>> entries = windows.entrySet().iterator();
        while (entries.hasNext()) {
            Map.Entry<Key, Window> entry = entries.next();
            Window open = entry.getValue();
            if (now.isBefore(open.closesAt)) {
                continue;
            }
            if (open.suppressed > 0) {
                out.add(new Summary(entry.getKey(), open.latest, open.suppressed));
                // The summary is itself a message: it opens a new window, so it cannot be followed at once by another.
                entry.setValue(new Window(now.plus(window)));
            } else {
                entries.remove();
            }
        }
        return out;
    }

    private static final class Window {
        final Instant closesAt;
        int suppressed;
        Alert latest;

        Window(Instant closesAt) {
            this.closesAt = closesAt;
        }
    }
}
