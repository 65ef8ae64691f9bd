package io.redcron.schedule;

import io.redcron.domain.MisfirePolicy;

import java.time.Instant;
import java.util.Objects;

/**
 * A span in which a task's fires wait instead of running: a maintenance window over its namespace
 * or routing group, as the planner needs it. While the window lasts its fires are held (not
 * recorded at all); once it is over they are recorded like misfires under the window's resume
 * policy, each with its own run row.
 *
 * @param id       the window's id, named in the reasons of the fires it skips
 * @param from     the first instant it covers
 * @param until    when it ends by itself; null when it lasts until someone resumes
 * @param resumed  when someone ended it by hand; null while nobody has
 * @param onResume what becomes of its fires: none run (skip), the newest runs (fire once), or the
 *                 newest up to the task's catch-up limit (catch up)
 * @param label    how reasons name it, e.g. "maintenance window 7 (group gpu)"
 */
public record PauseWindow(long id, Instant from, Instant until, Instant resumed, MisfirePolicy onResume,
                          String label) {
    public PauseWindow {
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(onResume, "onResume");
        Objects.requireNonNull(label, "label");
    }

    /** When the window stops covering fires: the earlier of its end and its resumption; null while open-ended. */
    public Instant end() {
        if (resumed == null) {
            return until;
        }
        return until == null || resumed.isBefore(until) ? resumed : until;
    }

    /** Whether a fire at this time falls in the window. */
    public boolean covers(Instant fire) {
        Instant end = end();
        return !fire.isBefore(from) && (end == null || fire.isBefore(end));
    }

    /** Whether the window still holds its fires at {@code now}: it has not ended yet. */
    public boolean holdsAt(Instant now) {
        Instant end = end();
        return end == null || now.isBefore(end);
    }

    /** The reason recorded on a fire of this window that its resume policy drops. */
    String skipReason() {
        return label + ": skipped on resume (policy " + switch (onResume) {
            case SKIP -> "skip)";
            case FIRE_ONCE -> "fire-once; a later fire of the window ran)";
            case CATCH_UP -> "catch-up; beyond the catch-up limit)";
        };
    }
}
