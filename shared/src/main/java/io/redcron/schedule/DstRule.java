package io.redcron.schedule;

/**
 * How a schedule passes a daylight-saving change. The rule looks only at what the expression selects,
 * never at how it is written, so equivalent expressions ({@code 0,30 2,3} and {@code 0-59/30 2-3}) pass a
 * change alike, in every dialect.
 */
public enum DstRule {
    /**
     * Fires every hour of the day, or more than once an hour across at least two hours in a row: it
     * follows real time, as an hourly health check or a poller every ten seconds should. Every
     * instant whose wall-clock time matches fires, so a repeated hour fires in both passes and a skipped
     * hour has nothing to fire; the interval between fires stays what it is on any other day.
     */
    INTERVAL("interval"),
    /**
     * Everything else, such as {@code 30 2 * * *}, {@code 0 0-23/2 * * *} or {@code 0,30 2 * * *}: each
     * matching wall-clock time fires exactly once, at its first occurrence in a repeated hour and at the
     * end of a skipped one.
     */
    FIXED_TIME("fixed-time");

    private static final int HOURS = 24;
    private static final long ALL_HOURS = (1L << HOURS) - 1;

    private final String id;

    DstRule(String id) {
        this.id = id;
    }

    /** As shown by {@code cron check} and in its JSON. */
    public String id() {
        return id;
    }

    static DstRule of(CronSpec spec) {
        return of(spec.seconds(), spec.minutes(), spec.hours());
    }

    /** Bit i of each set stands for value i. */
    static DstRule of(long seconds, long minutes, long hours) {
        boolean severalPerHour = (long) Bits.count(seconds) * Bits.count(minutes) > 1;
        // Hourly counts too: a job that runs every hour and then not for two hours once a year
        // has the same defect, only smaller, as one every ten seconds that stops for an hour.
        boolean everyHour = (hours & ALL_HOURS) == ALL_HOURS;
        return (severalPerHour || everyHour) && hasTwoHoursInARow(hours) ? INTERVAL : FIXED_TIME;
    }

    /** On the clock face: 23 and 0 are in a row as well. */
    private static boolean hasTwoHoursInARow(long hours) {
        long valid = hours & ALL_HOURS;
        long nextHourSelected = (valid >>> 1) | ((valid & 1L) << (HOURS - 1));
        return (valid & nextHourSelected) != 0;
    }
}
