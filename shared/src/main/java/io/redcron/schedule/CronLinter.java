package io.redcron.schedule;

import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;

/** Finds legal expressions that probably do not do what their author meant. */
final class CronLinter {

    private static final int SEARCH_YEARS = 401;

    private CronLinter() {
    }

    /** {@code currentYear} only decides whether explicit years have all passed. */
    static List<CronWarning> warnings(CronSpec spec, CronMatcher matcher, int currentYear) {
        List<CronWarning> warnings = new ArrayList<>(2);
        if (spec.daysEither()) {
            warnings.add(new CronWarning(CronField.DAY_OF_WEEK.id(), CronWarning.Kind.DAY_OR_TRAP,
                    "unix cron fires on days matching day-of-month '" + spec.text(CronField.DAY_OF_MONTH)
                            + "' OR day-of-week '" + spec.text(CronField.DAY_OF_WEEK)
                            + "', not only on days matching both"));
        }
        LocalDateTime epoch = LocalDateTime.of(1970, 1, 1, 0, 0);
        if (matcher.firstAtOrAfter(epoch, epoch.getYear() + SEARCH_YEARS).isEmpty()) {
            warnings.add(new CronWarning(CronField.EXPRESSION, CronWarning.Kind.NEVER_FIRES,
                    "never fires: no date matches all fields"));
        } else {
            LocalDateTime thisYear = LocalDateTime.of(currentYear, 1, 1, 0, 0);
            if (matcher.firstAtOrAfter(thisYear, currentYear + SEARCH_YEARS).isEmpty()) {
                warnings.add(new CronWarning(CronField.YEAR.id(), CronWarning.Kind.NEVER_FIRES,
                        "never fires again: year '" + spec.text(CronField.YEAR) + "' has passed"));
            }
        }
        return List.copyOf(warnings);
    }
}
