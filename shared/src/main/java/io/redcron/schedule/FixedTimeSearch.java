package io.redcron.schedule;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.Optional;

/**
 * {@link DstRule#FIXED_TIME}: walks matching wall-clock times in order and fires each once, where
 * {@link DstResolver} puts it. That mapping never goes backwards, so the first time that maps past the
 * start is the answer.
 */
final class FixedTimeSearch implements FireSearch {

    private final CronMatcher matcher;

    FixedTimeSearch(CronMatcher matcher) {
        this.matcher = matcher;
    }

    @Override
    public Optional<ZonedDateTime> firstAfter(Instant from, ZoneId zone) {
        LocalDateTime start = DstResolver.firstLocalAfter(from, zone);
        int lastYear = start.getYear() + SEARCH_YEARS;
        Optional<LocalDateTime> candidate = matcher.firstAtOrAfter(start, lastYear);
        while (candidate.isPresent()) {
            Instant instant = DstResolver.toInstant(candidate.get(), zone);
            if (instant.isAfter(from)) {
                return Optional.of(ZonedDateTime.ofInstant(instant, zone));
            }
            candidate = matcher.firstAtOrAfter(candidate.get().plusSeconds(1), lastYear);
        }
        return Optional.empty();
    }

    @Override
    public Optional<ZonedDateTime> lastAtOrBefore(Instant last, ZoneId zone) {
        LocalDateTime start = DstResolver.lastLocalAtOrBefore(last, zone);
        int firstYear = start.getYear() - SEARCH_YEARS;
        Optional<LocalDateTime> candidate = matcher.lastAtOrBefore(start, firstYear);
        while (candidate.isPresent()) {
            Instant instant = DstResolver.toInstant(candidate.get(), zone);
            if (!instant.isAfter(last)) {
                return Optional.of(ZonedDateTime.ofInstant(instant, zone));
            }
            candidate = matcher.lastAtOrBefore(candidate.get().minusSeconds(1), firstYear);
        }
        return Optional.empty();
    }
}
