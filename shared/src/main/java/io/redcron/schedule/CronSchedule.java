package io.redcron.schedule;

import java.time.Instant;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** Placeholder with the final API; replaced by the real parser and evaluator. */
public final class CronSchedule implements Schedule {
    private final String expression;
    private final CronDialect dialect;

    private CronSchedule(String expression, CronDialect dialect) {
        this.expression = expression;
        this.dialect = dialect;
    }

    public static CronSchedule parse(String expression, CronDialect dialect) {
        String[] fields = expression.trim().split("\\s+");
        if (fields.length < 5) {
            throw new InvalidCronException(new CronProblem("expression", expression, "too few fields"));
        }
        return new CronSchedule(expression.trim(), dialect);
    }

    public String expression() { return expression; }
    public CronDialect dialect() { return dialect; }
    public String describe(Locale locale) { return expression; }
    public List<CronWarning> warnings() { return List.of(); }

    @Override
    public Optional<ZonedDateTime> nextAfter(Instant after, ZoneId zone) {
        return Optional.of(after.plusSeconds(60).atZone(zone));
    }

    @Override
    public Optional<ZonedDateTime> previousBefore(Instant before, ZoneId zone) {
        return Optional.of(before.minusSeconds(60).atZone(zone));
    }
}
