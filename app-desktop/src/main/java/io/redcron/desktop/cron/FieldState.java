package io.redcron.desktop.cron;

/**
 * What one field picker shows. {@code from} is the range start, step start, weekday (for
 * {@code #} and {@code L}) or day of month (for {@code W}); {@code n} is the occurrence for
 * {@code #} or the days before the last for {@code L-n}; {@code list} is the comma text of a list;
 * {@code names} writes month and day names instead of numbers; {@code text} is the field as written.
 */
record FieldState(FieldForm form, int from, int to, int step, int n, String list, boolean names, String text) {
}
