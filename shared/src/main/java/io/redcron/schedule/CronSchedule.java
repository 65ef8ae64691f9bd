package io.redcron.schedule;

import java.time.Instant;
import java.time.Year;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/** A cron expression of one dialect, parsed once and evaluated in any time zone. */
public final class CronSchedule implements Schedule {

    private final String expression;
    private final CronDialect dialect;
    private final CronSpec spec;
    private final CronMatcher matcher;
    private final DstRule dstRule;
    private final FireSearch search;
    private volatile List<CronWarning> warnings;

    private CronSchedule(String expression, CronDialect dialect, CronSpec spec) {
        this.expression = expression;
        this.dialect = dialect;
        this.spec = spec;
        this.matcher = new CronMatcher(spec);
        this.dstRule = DstRule.of(spec);
        this.search = FireSearch.of(dstRule, matcher);
    }

    /** @throws InvalidCronException naming the field, the value and what is allowed */
    public static CronSchedule parse(String expression, CronDialect dialect) {
        Objects.requireNonNull(dialect, "dialect");
        String trimmed = expression == null ? "" : expression.trim();
        return new CronSchedule(trimmed, dialect, CronParser.parse(trimmed, dialect));
    }

    public String expression() {
        return expression;
    }

    public CronDialect dialect() {
        return dialect;
    }

    /** How this schedule passes daylight-saving changes. */
    public DstRule dstRule() {
        return dstRule;
    }

    @Override
    public Optional<ZonedDateTime> nextAfter(Instant after, ZoneId zone) {
        return search.firstAfter(after.truncatedTo(ChronoUnit.SECONDS), zone);
    }

    @Override
    public Optional<ZonedDateTime> previousBefore(Instant before, ZoneId zone) {
        return search.lastAtOrBefore(before.minusNanos(1).truncatedTo(ChronoUnit.SECONDS), zone);
    }

    /** A short human description: English, or Simplified Chinese for Chinese locales. Never throws. */
    public String describe(Locale locale) {
        try {
            return CronDescriber.forLocale(locale).describe(spec);
        } catch (RuntimeException unexpected) {
            return expression;
        }
    }

    public List<CronWarning> warnings() {
        List<CronWarning> result = warnings;
        if (result == null) {
            result = CronLinter.warnings(spec, matcher, Year.now(ZoneOffset.UTC).getValue());
            warnings = result;
        }
        return result;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof CronSchedule that && expression.equals(that.expression) && dialect == that.dialect;
    }

    @Override
    public int hashCode() {
        return Objects.hash(expression, dialect);
    }

    @Override
    public String toString() {
        return dialect.id() + " cron '" + expression + "'";
    }
}
