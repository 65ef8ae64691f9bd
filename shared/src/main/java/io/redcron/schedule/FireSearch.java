package io.redcron.schedule;

import java.time.Instant;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.Optional;

/** Turns the matcher's wall-clock times into fire instants, passing daylight-saving changes by one {@link DstRule}. */
interface FireSearch {

    /** Every day pattern repeats within the 400-year Gregorian cycle, so a longer search finds nothing new. */
    int SEARCH_YEARS = 401;

    /** The first fire strictly after {@code from}, a whole second. */
    Optional<ZonedDateTime> firstAfter(Instant from, ZoneId zone);

    /** The last fire at or before {@code last}, a whole second. */
    Optional<ZonedDateTime> lastAtOrBefore(Instant last, ZoneId zone);

    static FireSearch of(DstRule rule, CronMatcher matcher) {
        return switch (rule) {
            case INTERVAL -> new IntervalSearch(matcher);
            case FIXED_TIME -> new FixedTimeSearch(matcher);
        };
    }
}
