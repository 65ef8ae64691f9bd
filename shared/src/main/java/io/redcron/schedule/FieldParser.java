package io.redcron.schedule;

import java.util.BitSet;
import java.util.Locale;

/**
 * Reads the grammar every dialect shares: lists of {@code *}, values, names, ranges and steps. The
 * day fields hand their plain items here after taking out {@code L}, {@code W}, {@code #} and {@code ?}.
 */
final class FieldParser {

    private final DialectSyntax syntax;

    FieldParser(DialectSyntax syntax) {
        this.syntax = syntax;
    }

    /** Raw values of a whole field in the dialect's own numbering. */
    BitSet parse(CronField field, String text) {
        BitSet values = new BitSet();
        for (String item : items(field, text)) {
            parseItem(field, item, values);
        }
        return values;
    }

    /** Splits a field on commas, refusing empty items that a stray comma would leave. */
    static String[] items(CronField field, String text) {
        String[] items = text.split(",", -1);
        for (String item : items) {
            if (item.isEmpty()) {
                throw field.problem(text, "'" + text + "' has an empty list item");
            }
        }
        return items;
    }

    void parseItem(CronField field, String item, BitSet into) {
        int slash = item.indexOf('/');
        String base = slash < 0 ? item : item.substring(0, slash);
        int step = slash < 0 ? 1 : step(field, item, item.substring(slash + 1));
        if (slash >= 0 && !syntax.stepsAfterNames && containsLetter(base)) {
            throw field.problem(item, "'" + item + "' has a step after a name, which " + syntax.dialectName()
                    + " ignores; write the range with numbers");
        }
        int start;
        int end;
        boolean star = base.equals("*") || (base.isEmpty() && slash >= 0 && syntax.dialect == CronDialect.QUARTZ);
        if (star) {
            start = syntax.starLow(field);
            end = syntax.high(field);
        } else {
            int dash = base.indexOf('-');
            if (dash < 0) {
                start = value(field, base);
                if (slash >= 0 && !syntax.stepsFromSingleValue) {
                    throw field.problem(item, "'" + item + "' needs a range before '/' in "
                            + syntax.dialectName() + " cron, e.g. '" + base + "-" + syntax.high(field)
                            + "/" + step + "'");
                }
                end = slash < 0 ? start : syntax.high(field);
            } else {
                start = value(field, base.substring(0, dash));
                end = value(field, base.substring(dash + 1));
                if (syntax.dialect == CronDialect.SPRING && field == CronField.DAY_OF_WEEK && start == 7) {
                    // Spring reads Sunday at the start of a range as 0, so SUN-TUE works.
                    start = 0;
                }
            }
        }
        if (start <= end) {
            for (int v = start; v <= end; v += step) {
                into.set(v);
            }
        } else if (syntax.wrapsRanges && field != CronField.YEAR) {
            addWrapped(field, start, end, step, into);
        } else {
            throw field.problem(item, "range '" + base + "' runs backwards; " + syntax.dialectName()
                    + " cron needs the lower value first");
        }
    }

    private void addWrapped(CronField field, int start, int end, int step, BitSet into) {
        int low = syntax.low(field);
        int span = syntax.high(field) - low + 1;
        for (int v = start; v <= end + span; v += step) {
            into.set((v - low) % span + low);
        }
    }

    private int step(CronField field, String item, String text) {
        if (text.isEmpty()) {
            throw field.problem(item, "'" + item + "' has no step after '/'");
        }
        if (!isDigits(text) || text.length() > 6) {
            throw field.problem(item, "step '" + text + "' in '" + item + "' is not a whole number");
        }
        int step = Integer.parseInt(text);
        int max = syntax.capsSteps && field != CronField.YEAR ? syntax.high(field) : Integer.MAX_VALUE;
        if (step < 1 || step > max) {
            String allowed = max == Integer.MAX_VALUE ? "at least 1" : "in range 1-" + max;
            throw field.problem(item, "step " + step + " in '" + item + "' must be " + allowed);
        }
        return step;
    }

    /** A single number or name, checked against the field's range. */
    int value(CronField field, String text) {
        if (isDigits(text) && text.length() <= 6) {
            int value = Integer.parseInt(text);
            int low = syntax.low(field);
            if (value < low || value > syntax.high(field)) {
                throw field.problem(text, value + " is out of range " + low + "-" + syntax.high(field));
            }
            return value;
        }
        int named = syntax.nameValue(field, text);
        if (named >= 0) {
            return named;
        }
        throw field.problem(text, notAValue(field, text));
    }

    private String notAValue(CronField field, String text) {
        String quoted = "'" + text + "'";
        String range = syntax.low(field) + "-" + syntax.high(field);
        if (field == CronField.MONTH) {
            return quoted + " is not a month name (JAN-DEC) or number " + range;
        }
        if (field == CronField.DAY_OF_WEEK) {
            return quoted + " is not a day name (" + syntax.dayNames() + ") or number " + range;
        }
        for (char special : new char[] {'L', 'W', '#', '?'}) {
            if (text.toUpperCase(Locale.ROOT).indexOf(special) >= 0) {
                return (text.length() == 1 ? quoted + " is" : quoted + " uses '" + special + "', which is")
                        + " only allowed in " + (special == 'W' ? "day-of-month" : special == '#' ? "day-of-week"
                                : "day-of-month or day-of-week");
            }
        }
        return quoted + " is not a number " + range;
    }

    static boolean isDigits(String text) {
        if (text.isEmpty()) {
            return false;
        }
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < '0' || c > '9') {
                return false;
            }
        }
        return true;
    }

    private static boolean containsLetter(String text) {
        for (int i = 0; i < text.length(); i++) {
            if (Character.isLetter(text.charAt(i))) {
                return true;
            }
        }
        return false;
    }
}
