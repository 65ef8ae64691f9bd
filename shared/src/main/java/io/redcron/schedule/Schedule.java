package io.redcron.schedule;

import java.time.Instant;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** A recurring schedule in a time zone-independent form; times are computed in the zone passed in. */
public interface Schedule {

    /** The first fire time strictly after {@code after} truncated to whole seconds. */
    Optional<ZonedDateTime> nextAfter(Instant after, ZoneId zone);

    /** The last fire time strictly before {@code before}. */
    Optional<ZonedDateTime> previousBefore(Instant before, ZoneId zone);

    /** Up to {@code count} fire times after {@code after}; fewer if the schedule stops firing. */
    default List<ZonedDateTime> next(Instant after, ZoneId zone, int count) {
        List<ZonedDateTime> times = new ArrayList<>(Math.max(0, Math.min(count, 1024)));
        Instant cursor = after;
        for (int i = 0; i < count; i++) {
            Optional<ZonedDateTime> next = nextAfter(cursor, zone);
            if (next.isEmpty()) {
                break;
            }
            times.add(next.get());
            cursor = next.get().toInstant();
        }
        return times;
    }
}
