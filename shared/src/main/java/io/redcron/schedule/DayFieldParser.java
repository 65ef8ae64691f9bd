package io.redcron.schedule;

import java.util.BitSet;
import java.util.Locale;

/** Reads the two day fields, where {@code L}, {@code W}, {@code #} and {@code ?} live. */
final class DayFieldParser {

    private static final CronField DOM = CronField.DAY_OF_MONTH;
    private static final CronField DOW = CronField.DAY_OF_WEEK;

    private final DialectSyntax syntax;
    private final FieldParser fields;

    DayFieldParser(DialectSyntax syntax) {
        this.syntax = syntax;
        this.fields = new FieldParser(syntax);
    }

    DayOfMonthRule dayOfMonth(String text) {
        if (isQuestionMark(DOM, text)) {
            return DayOfMonthRule.EVERY_DAY;
        }
        long days = 0;
        long lastOffsets = 0;
        long nearest = 0;
        long nearestLast = 0;
        for (String item : FieldParser.items(DOM, text)) {
            String upper = item.toUpperCase(Locale.ROOT);
            refuseSpecials(DOM, item, upper);
            if (upper.indexOf('#') >= 0) {
                throw DOM.problem(item, "'" + item + "' uses '#', which is only allowed in day-of-week");
            }
            if (upper.startsWith("L")) {
                boolean weekday = upper.endsWith("W");
                int offset = lastDayOffset(item, upper, weekday);
                if (weekday) {
                    nearestLast |= 1L << offset;
                } else {
                    lastOffsets |= 1L << offset;
                }
            } else if (upper.endsWith("W")) {
                nearest |= 1L << nearestWeekdayTarget(item);
            } else if (upper.indexOf('L') >= 0 || upper.indexOf('W') >= 0) {
                throw DOM.problem(item, "'" + item + "' is not a day of month; 'L' goes first ('L', 'L-3', 'LW')"
                        + " and 'W' follows a single day ('15W')");
            } else {
                BitSet values = new BitSet();
                fields.parseItem(DOM, item, values);
                for (int v = values.nextSetBit(0); v >= 0; v = values.nextSetBit(v + 1)) {
                    days |= 1L << v;
                }
            }
        }
        return new DayOfMonthRule(days, lastOffsets, nearest, nearestLast);
    }

    private int lastDayOffset(String item, String upper, boolean weekday) {
        String rest = upper.substring(1, upper.length() - (weekday ? 1 : 0));
        if (rest.isEmpty()) {
            return 0;
        }
        if (weekday && syntax.dialect == CronDialect.SPRING) {
            throw DOM.problem(item, "'" + item + "' is not supported in spring; use 'LW' or 'L-n' alone");
        }
        String number = rest.startsWith("-") ? rest.substring(1) : "";
        if (!FieldParser.isDigits(number) || number.length() > 6) {
            throw DOM.problem(item, "'" + item + "' is not a last-day form; write 'L', 'L-n' or 'LW'");
        }
        int offset = Integer.parseInt(number);
        int low = syntax.dialect == CronDialect.SPRING ? 1 : 0;
        if (offset < low || offset > 30) {
            throw DOM.problem(item, "offset " + offset + " in '" + item + "' is out of range " + low + "-30");
        }
        return offset;
    }

    private int nearestWeekdayTarget(String item) {
        String day = item.substring(0, item.length() - 1);
        if (day.isEmpty()) {
            throw DOM.problem(item, "'W' needs a day before it, e.g. '15W'");
        }
        if (!FieldParser.isDigits(day) || day.length() > 6) {
            throw DOM.problem(item, "'" + item + "' must be a single day followed by 'W', e.g. '15W'");
        }
        int target = Integer.parseInt(day);
        if (target < 1 || target > 31) {
            throw DOM.problem(item, "day " + target + " in '" + item + "' is out of range 1-31");
        }
        return target;
    }

    DayOfWeekRule dayOfWeek(String text) {
        if (isQuestionMark(DOW, text)) {
            return DayOfWeekRule.EVERY_DAY;
        }
        String[] items = FieldParser.items(DOW, text);
        int days = 0;
        int last = 0;
        long nth = 0;
        for (String item : items) {
            String upper = item.toUpperCase(Locale.ROOT);
            refuseSpecials(DOW, item, upper);
            boolean special = upper.endsWith("L") || upper.indexOf('#') >= 0;
            if (special && items.length > 1 && syntax.dialect == CronDialect.QUARTZ) {
                throw DOW.problem(text, "'" + text + "' mixes '" + (upper.endsWith("L") ? "L" : "#")
                        + "' with other days, which quartz does not support");
            }
            if (upper.replace("WED", "").indexOf('W') >= 0) {
                throw DOW.problem(item, "'" + item + "' uses 'W', which is only allowed in day-of-month");
            }
            if (upper.equals("L")) {
                if (syntax.dialect != CronDialect.QUARTZ) {
                    throw DOW.problem(item, "'L' needs a day before it in " + syntax.dialectName()
                            + ", e.g. '5L' for the last Friday");
                }
                days |= 1 << 6; // Quartz reads a lone 'L' here as 7, Saturday
            } else if (upper.endsWith("L")) {
                last |= 1 << syntax.isoDayOfWeek(fields.value(DOW, item.substring(0, item.length() - 1)));
            } else if (upper.indexOf('#') >= 0) {
                nth |= nthBit(item);
            } else {
                BitSet raw = new BitSet();
                fields.parseItem(DOW, item, raw);
                for (int v = raw.nextSetBit(0); v >= 0; v = raw.nextSetBit(v + 1)) {
                    days |= 1 << syntax.isoDayOfWeek(v);
                }
            }
        }
        return new DayOfWeekRule(days, last, nth);
    }

    private long nthBit(String item) {
        int hash = item.indexOf('#');
        if (hash == 0) {
            throw DOW.problem(item, "'" + item + "' needs a day before '#', e.g. 'FRI#3'");
        }
        int dow = syntax.isoDayOfWeek(fields.value(DOW, item.substring(0, hash)));
        String ordinal = item.substring(hash + 1);
        if (!FieldParser.isDigits(ordinal) || ordinal.length() > 6) {
            throw DOW.problem(item, "'" + item + "' needs an occurrence 1-5 after '#', e.g. 'FRI#3'");
        }
        int n = Integer.parseInt(ordinal);
        if (n < 1 || n > 5) {
            throw DOW.problem(item, "occurrence " + n + " in '" + item + "' is out of range 1-5");
        }
        return 1L << (dow * 8 + n);
    }

    /** True for a lone '?' (no restriction); refuses '?' mixed into a list or in unix. */
    private boolean isQuestionMark(CronField field, String text) {
        if (text.indexOf('?') < 0) {
            return false;
        }
        refuseInUnix(field, text, "?");
        if (!text.equals("?")) {
            throw field.problem(text, "'" + text + "' mixes '?' with other values; '?' must stand alone");
        }
        return true;
    }

    private void refuseSpecials(CronField field, String item, String upper) {
        if (syntax.dialect != CronDialect.UNIX) {
            return;
        }
        String stripped = upper.replace("WED", "");
        for (String special : new String[] {"L", "W", "#"}) {
            if (stripped.contains(special)) {
                refuseInUnix(field, item, special);
            }
        }
    }

    private void refuseInUnix(CronField field, String item, String special) {
        if (syntax.dialect == CronDialect.UNIX) {
            String what = item.equals(special) ? "'" + item + "' is" : "'" + item + "' uses '" + special + "', which is";
            throw field.problem(item, what + " not supported in unix cron (it has no L, W, # or ?)");
        }
    }
}
