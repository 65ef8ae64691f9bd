package io.redcron.schedule;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Turns an expression of a dialect into a {@link CronSpec}, or an {@link InvalidCronException}. */
final class CronParser {

    private static final Map<String, String> UNIX_MACROS = Map.of(
            "@yearly", "0 0 1 1 *", "@annually", "0 0 1 1 *", "@monthly", "0 0 1 * *",
            "@weekly", "0 0 * * 0", "@daily", "0 0 * * *", "@midnight", "0 0 * * *", "@hourly", "0 * * * *");
    private static final String MACRO_NAMES = "@yearly, @annually, @monthly, @weekly, @daily, @midnight, @hourly";

    private final DialectSyntax syntax;
    private final FieldParser fields;
    private final DayFieldParser days;

    private CronParser(CronDialect dialect) {
        this.syntax = DialectSyntax.of(dialect);
        this.fields = new FieldParser(syntax);
        this.days = new DayFieldParser(syntax);
    }

    static CronSpec parse(String expression, CronDialect dialect) {
        return new CronParser(dialect).parse(expression == null ? "" : expression.trim());
    }

    private CronSpec parse(String expression) {
        String[] parts = expression.isEmpty() ? new String[0] : expandMacro(expression).split("\\s+");
        List<String> texts = fieldTexts(expression, parts);
        long seconds = bits(CronField.SECOND, texts);
        long minutes = bits(CronField.MINUTE, texts);
        long hours = bits(CronField.HOUR, texts);
        String domText = texts.get(CronField.DAY_OF_MONTH.ordinal());
        String dowText = texts.get(CronField.DAY_OF_WEEK.ordinal());
        DayOfMonthRule dom = days.dayOfMonth(domText);
        long months = bits(CronField.MONTH, texts);
        DayOfWeekRule dow = days.dayOfWeek(dowText);
        BitSet years = texts.get(CronField.YEAR.ordinal()).equals("*")
                ? null : fields.parse(CronField.YEAR, texts.get(CronField.YEAR.ordinal()));
        if (syntax.dialect == CronDialect.QUARTZ && domText.equals("?") == dowText.equals("?")) {
            throw CronField.DAY_OF_WEEK.problem(dowText,
                    "'?' must be used in exactly one of day-of-month and day-of-week in quartz");
        }
        // cronie flags a day field as unrestricted when its text starts with '*', even '*/2'.
        boolean either = syntax.dialect == CronDialect.UNIX && !domText.startsWith("*") && !dowText.startsWith("*");
        return new CronSpec(seconds, minutes, hours, dom, months, dow, years, either, texts);
    }

    private String expandMacro(String expression) {
        if (!expression.startsWith("@")) {
            return expression;
        }
        String macro = expression.toLowerCase(Locale.ROOT);
        String unix = UNIX_MACROS.get(macro);
        if (syntax.dialect == CronDialect.QUARTZ) {
            throw InvalidCronException.of(CronField.EXPRESSION, expression,
                    "'" + expression + "' is a macro; quartz cron has no macros, write the fields out");
        }
        if (unix == null) {
            throw InvalidCronException.of(CronField.EXPRESSION, expression,
                    "'" + expression + "' is not one of " + MACRO_NAMES);
        }
        return syntax.dialect == CronDialect.SPRING ? "0 " + unix : unix;
    }

    private List<String> fieldTexts(String expression, String[] parts) {
        List<String> texts = new ArrayList<>(7);
        switch (syntax.dialect) {
            case UNIX -> {
                requireCount(expression, parts, 5, 5,
                        "unix cron has 5 fields (minute hour day-of-month month day-of-week)");
                texts.add("0");
                texts.addAll(List.of(parts));
                texts.add("*");
            }
            case SPRING -> {
                requireCount(expression, parts, 6, 6,
                        "spring cron has 6 fields (second minute hour day-of-month month day-of-week)");
                texts.addAll(List.of(parts));
                texts.add("*");
            }
            case QUARTZ -> {
                requireCount(expression, parts, 6, 7,
                        "quartz cron has 6 or 7 fields (second minute hour day-of-month month day-of-week [year])");
                texts.addAll(List.of(parts));
                if (parts.length == 6) {
                    texts.add("*");
                }
            }
        }
        return texts;
    }

    private static void requireCount(String expression, String[] parts, int min, int max, String what) {
        if (parts.length < min || parts.length > max) {
            String got = parts.length == 0 ? "an empty expression" : String.valueOf(parts.length);
            throw InvalidCronException.of(CronField.EXPRESSION, expression, what + ", got " + got);
        }
    }

    private long bits(CronField field, List<String> texts) {
        String text = texts.get(field.ordinal());
        BitSet values = fields.parse(field, text);
        return values.isEmpty() ? 0 : values.toLongArray()[0];
    }
}
