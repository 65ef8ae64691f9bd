package io.redcron.domain;

/**
 * What the scheduler does with fires it missed (scheduler down, database unreachable) once they
 * are older than the misfire threshold.
 */
public enum MisfirePolicy {
    /** Run once for all the missed fires, then continue on schedule. */
    FIRE_ONCE,
    /** Drop the missed fires and continue with the next one in the future. */
    SKIP,
    /** Run every missed fire, up to the task's catch-up limit (the most recent ones). */
    CATCH_UP;

    /**
     * How many of the newest due fires this policy keeps once they are misfires: none, one, or
     * the task's catch-up limit. The scheduler applies it when it records fires, and a worker
     * when a fire recorded in time starts late.
     */
    public int firesKept(int catchUpLimit) {
        return switch (this) {
            case SKIP -> 0;
            case FIRE_ONCE -> 1;
            case CATCH_UP -> catchUpLimit;
        };
    }

    public static MisfirePolicy parse(String text) {
        return Enums.parse(MisfirePolicy.class, "misfire", text);
    }
}
