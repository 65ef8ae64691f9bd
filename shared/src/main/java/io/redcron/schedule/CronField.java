package io.redcron.schedule;

/** The fields of a cron expression, named as they appear in error messages. */
enum CronField {
    SECOND("second", 0, 59),
    MINUTE("minute", 0, 59),
    HOUR("hour", 0, 23),
    DAY_OF_MONTH("day-of-month", 1, 31),
    MONTH("month", 1, 12),
    /** Bounds here are the widest any dialect accepts; {@link DialectSyntax} narrows them. */
    DAY_OF_WEEK("day-of-week", 0, 7),
    YEAR("year", 1970, 2099);

    static final String EXPRESSION = "expression";

    private final String id;
    private final int min;
    private final int max;

    CronField(String id, int min, int max) {
        this.id = id;
        this.min = min;
        this.max = max;
    }

    String id() {
        return id;
    }

    int min() {
        return min;
    }

    int max() {
        return max;
    }

    InvalidCronException problem(String value, String message) {
        return InvalidCronException.of(id, value, message);
    }
}
