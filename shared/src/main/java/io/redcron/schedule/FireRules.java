package io.redcron.schedule;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * What besides the schedule and the misfire policy decides a task's fires: the calendar rules that
 * leave some out, and the maintenance windows that hold them.
 */
public record FireRules(FireExclusion exclusion, List<PauseWindow> windows) {
    /** No calendar and no window: every fire follows the schedule and the misfire policy alone. */
    public static final FireRules NONE = new FireRules(FireExclusion.NONE, List.of());

    public FireRules {
        Objects.requireNonNull(exclusion, "exclusion");
        windows = List.copyOf(windows);
    }

    public FireRules withWindows(List<PauseWindow> more) {
        return new FireRules(exclusion, more);
    }

    public FireRules withExclusion(FireExclusion other) {
        return new FireRules(other, windows);
    }

    /** The window a fire at this time falls in, or null; the one that ends last when several do. */
    PauseWindow windowOf(Instant fire) {
        PauseWindow found = null;
        for (PauseWindow window : windows) {
            if (window.covers(fire) && (found == null || endsLater(window, found))) {
                found = window;
            }
        }
        return found;
    }

    private static boolean endsLater(PauseWindow a, PauseWindow b) {
        if (a.end() == null) {
            return b.end() != null;
        }
        return b.end() != null && a.end().isAfter(b.end());
    }
}
