package io.redcron.schedule;

import java.util.List;
import java.util.Locale;

/**
 * The places where the three dialects read the same characters differently. Everything else in
 * the grammar is shared by {@link FieldParser}.
 */
final class DialectSyntax {

    private static final List<String> MONTHS =
            List.of("JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC");
    private static final List<String> DAYS_FROM_SUNDAY = List.of("SUN", "MON", "TUE", "WED", "THU", "FRI", "SAT");

    static final DialectSyntax UNIX = new DialectSyntax(CronDialect.UNIX, false, false, true, false, 0, 0, 0);
    static final DialectSyntax QUARTZ = new DialectSyntax(CronDialect.QUARTZ, true, true, false, true, 1, 1, 1);
    // Spring numbers days MON=1..SUN=7 like java.time, accepts 0 for Sunday, and steps '*' from Monday.
    static final DialectSyntax SPRING = new DialectSyntax(CronDialect.SPRING, false, true, true, false, 0, 1, 7);

    final CronDialect dialect;
    /** Quartz reads {@code 22-2} as 22,23,0,1,2; the others reject a backwards range. */
    final boolean wrapsRanges;
    /** {@code 5/10} means 5-max/10 in Quartz and Spring; cronie needs a range before the slash. */
    final boolean stepsFromSingleValue;
    /** Quartz silently drops a step written after a name, so we refuse it there. */
    final boolean stepsAfterNames;
    /** Quartz refuses steps larger than the field's highest value. */
    final boolean capsSteps;
    private final int lowestDayOfWeek;
    private final int starDayOfWeek;
    private final int sundayName;

    private DialectSyntax(CronDialect dialect, boolean wrapsRanges, boolean stepsFromSingleValue,
            boolean stepsAfterNames, boolean capsSteps, int lowestDayOfWeek, int starDayOfWeek, int sundayName) {
        this.dialect = dialect;
        this.wrapsRanges = wrapsRanges;
        this.stepsFromSingleValue = stepsFromSingleValue;
        this.stepsAfterNames = stepsAfterNames;
        this.capsSteps = capsSteps;
        this.lowestDayOfWeek = lowestDayOfWeek;
        this.starDayOfWeek = starDayOfWeek;
        this.sundayName = sundayName;
    }

    static DialectSyntax of(CronDialect dialect) {
        return switch (dialect) {
            case UNIX -> UNIX;
            case QUARTZ -> QUARTZ;
            case SPRING -> SPRING;
        };
    }

    int low(CronField field) {
        return field == CronField.DAY_OF_WEEK ? lowestDayOfWeek : field.min();
    }

    int high(CronField field) {
        return field.max();
    }

    /** Where {@code *} (and so {@code *}/n) starts counting. */
    int starLow(CronField field) {
        return field == CronField.DAY_OF_WEEK ? starDayOfWeek : field.min();
    }

    /** The raw number of a month or day name, or -1. */
    int nameValue(CronField field, String text) {
        String upper = text.toUpperCase(Locale.ROOT);
        if (field == CronField.MONTH) {
            int index = MONTHS.indexOf(upper);
            return index < 0 ? -1 : index + 1;
        }
        if (field == CronField.DAY_OF_WEEK) {
            int index = DAYS_FROM_SUNDAY.indexOf(upper);
            if (index < 0) {
                return -1;
            }
            return switch (dialect) {
                case QUARTZ -> index + 1;
                case SPRING -> index == 0 ? sundayName : index;
                case UNIX -> index;
            };
        }
        return -1;
    }

    /** Converts a raw day-of-week number of this dialect to ISO (1 = Monday … 7 = Sunday). */
    int isoDayOfWeek(int raw) {
        if (dialect == CronDialect.QUARTZ) {
            return raw == 1 ? 7 : raw - 1;
        }
        return raw == 0 ? 7 : raw;
    }

    String dayNames() {
        return "SUN-SAT";
    }

    String dialectName() {
        return dialect.id();
    }
}
