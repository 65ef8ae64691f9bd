package io.redcron.domain;

/**
 * How long a namespace keeps its history, or where one task differs from its namespace.
 *
 * <p>Ages are whole days counted from a run's scheduled time; {@value #FOREVER} keeps forever. In a
 * task's policy a null field takes the namespace's value ({@link #over}); a namespace's policy as
 * stored may leave fields null too, which take {@link #DEFAULTS}.
 *
 * @param succeededDays runs that ended without a failure (succeeded, skipped, cancelled)
 * @param failedDays    runs that failed or timed out
 * @param keepLast      a task's newest runs kept whatever their age (0: none)
 * @param outputDays    after this the output of a kept run is dropped, the row stays
 * @param auditDays     audit rows of the namespace (namespace policy only)
 */
public record RetentionPolicy(Integer succeededDays, Integer failedDays, Integer keepLast, Integer outputDays,
                              Integer auditDays) {
    /** An age of 0 days: never purged for age. */
    public static final int FOREVER = 0;
    /**
     * The youngest history a policy may purge. The dashboard's rollup and the reaper read the last
     * hours of runs; a day keeps every run they may still need.
     */
    public static final int MIN_DAYS = 1;
    /** Audit is evidence: the database refuses to delete rows younger than this in any case. */
    public static final int MIN_AUDIT_DAYS = 30;
    public static final int MAX_DAYS = 36_500;
    public static final int MAX_KEEP_LAST = 100_000;

    /**
     * What a namespace keeps until an operator chooses: a month of successes, a quarter of
     * failures, each task's last 10 runs, outputs as long as their runs, audit for 400 days.
     */
    public static final RetentionPolicy DEFAULTS = new RetentionPolicy(30, 90, 10, 30, 400);

    /** A task's policy that takes everything from its namespace. */
    public static final RetentionPolicy INHERIT = new RetentionPolicy(null, null, null, null, null);

    public RetentionPolicy {
        days("succeeded", succeededDays, MIN_DAYS);
        days("failed", failedDays, MIN_DAYS);
        days("output", outputDays, MIN_DAYS);
        days("audit", auditDays, MIN_AUDIT_DAYS);
        if (keepLast != null && (keepLast < 0 || keepLast > MAX_KEEP_LAST)) {
            throw new IllegalArgumentException("keep-last: must be 0-" + MAX_KEEP_LAST + " runs, got " + keepLast);
        }
    }

    private static void days(String field, Integer value, int min) {
        if (value != null && value != FOREVER && (value < min || value > MAX_DAYS)) {
            throw new IllegalArgumentException(field + ": must be " + min + "-" + MAX_DAYS
                    + " days, or 0 to keep forever, got " + value);
        }
    }

    /**
     * An age as written in a task file or on the command line: whole days ({@code 30d} or
     * {@code 30}) or {@code forever}; null for no text.
     *
     * @throws IllegalArgumentException starting with {@code field}
     */
    public static Integer days(String field, String text) {
        if (text == null) {
            return null;
        }
        String value = text.strip().toLowerCase(java.util.Locale.ROOT);
        if (value.equals("forever")) {
            return FOREVER;
        }
        String digits = value.endsWith("d") ? value.substring(0, value.length() - 1) : value;
        if (!digits.matches("\\d{1,6}") || Integer.parseInt(digits) == 0) {
            throw new IllegalArgumentException(field + ": whole days like 30d, or 'forever', got '" + text + "'");
        }
        return Integer.parseInt(digits);
    }

    /** How an age reads back: {@code 30d} or {@code forever}. */
    public static String daysText(int days) {
        return days == FOREVER ? "forever" : days + "d";
    }

    /** This policy, refused as a task's: audit is kept per namespace, so a task's policy may not set it. */
    public RetentionPolicy asTaskPolicy() {
        if (auditDays != null) {
            throw new IllegalArgumentException("audit: audit is kept per namespace, not per task");
        }
        return this;
    }

    /** This policy with every field it leaves open taken from {@code base}. */
    public RetentionPolicy over(RetentionPolicy base) {
        return new RetentionPolicy(or(succeededDays, base.succeededDays), or(failedDays, base.failedDays),
                or(keepLast, base.keepLast), or(outputDays, base.outputDays), or(auditDays, base.auditDays));
    }

    /** This policy with {@code change}'s set fields replacing its own. */
    public RetentionPolicy with(RetentionPolicy change) {
        return change.over(this);
    }

    public boolean inheritsEverything() {
        return equals(INHERIT);
    }

    /** The age after which a run that ended as {@code status} may go; {@value #FOREVER} for never. */
    public int daysFor(RunStatus status) {
        return RunStatus.FAILURES.contains(status) ? failedDays : succeededDays;
    }

    private static Integer or(Integer value, Integer fallback) {
        return value != null ? value : fallback;
    }
}
