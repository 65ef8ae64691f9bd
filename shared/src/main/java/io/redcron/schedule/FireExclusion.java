package io.redcron.schedule;

import java.time.ZonedDateTime;
import java.util.Optional;

/**
 * A rule that leaves some of a schedule's fires out on purpose: a business calendar's holidays,
 * a blackout window. An excluded fire still gets its run row, recorded skipped with the reason
 * this rule gives, so none silently disappears.
 */
@FunctionalInterface
public interface FireExclusion {
    /** Leaves nothing out. */
    FireExclusion NONE = fire -> Optional.empty();

    /**
     * Why this fire is left out, or empty when it runs.
     *
     * @param fire the fire time in the task's zone (calendars judge local dates)
     */
    Optional<String> reason(ZonedDateTime fire);
}
