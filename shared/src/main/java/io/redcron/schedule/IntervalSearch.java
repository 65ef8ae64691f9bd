package io.redcron.schedule;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.zone.ZoneOffsetTransition;
import java.time.zone.ZoneRules;
import java.util.Optional;

/**
 * {@link DstRule#INTERVAL}: every instant whose wall-clock time matches is a fire. Between two offset
 * changes wall-clock time runs in step with real time, so the search takes one such stretch at a time:
 * a repeated hour is then searched once per pass, and a skipped hour belongs to no stretch at all.
 */
final class IntervalSearch implements FireSearch {

    private final CronMatcher matcher;

    IntervalSearch(CronMatcher matcher) {
        this.matcher = matcher;
    }

    @Override
    public Optional<ZonedDateTime> firstAfter(Instant from, ZoneId zone) {
        ZoneRules rules = zone.getRules();
        Instant cursor = from.plusSeconds(1);
        int lastYear = LocalDateTime.ofInstant(cursor, zone).getYear() + SEARCH_YEARS;
        while (true) {
            ZoneOffset offset = rules.getOffset(cursor);
            ZoneOffsetTransition end = rules.nextTransition(cursor);
            Optional<LocalDateTime> candidate = matcher.firstAtOrAfter(LocalDateTime.ofInstant(cursor, offset), lastYear);
            if (candidate.isEmpty()) {
                return Optional.empty();
            }
            if (end == null || candidate.get().isBefore(end.getDateTimeBefore())) {
                return Optional.of(ZonedDateTime.ofInstant(candidate.get().toInstant(offset), zone));
            }
            cursor = end.getInstant();
        }
    }

    @Override
    public Optional<ZonedDateTime> lastAtOrBefore(Instant last, ZoneId zone) {
        ZoneRules rules = zone.getRules();
        Instant cursor = last;
        int firstYear = LocalDateTime.ofInstant(cursor, zone).getYear() - SEARCH_YEARS;
        while (true) {
            ZoneOffset offset = rules.getOffset(cursor);
            // Strictly before the next whole second, so a change at exactly the cursor starts this stretch.
            ZoneOffsetTransition start = rules.previousTransition(cursor.plusSeconds(1));
            Optional<LocalDateTime> candidate = matcher.lastAtOrBefore(LocalDateTime.ofInstant(cursor, offset), firstYear);
            if (candidate.isEmpty()) {
                return Optional.empty();
            }
            if (start == null || !candidate.get().isBefore(start.getDateTimeAfter())) {
                return Optional.of(ZonedDateTime.ofInstant(candidate.get().toInstant(offset), zone));
            }
            cursor = start.getInstant().minusSeconds(1);
        }
    }
}
