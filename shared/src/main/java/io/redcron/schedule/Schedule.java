package io.redcron.schedule;

import java.time.Instant;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

public interface Schedule {
    Optional<ZonedDateTime> nextAfter(Instant after, ZoneId zone);

    Optional<ZonedDateTime> previousBefore(Instant before, ZoneId zone);

    default List<ZonedDateTime> next(Instant after, ZoneId zone, int count) {
        List<ZonedDateTime> out = new ArrayList<>();
        Instant cursor = after;
        while (out.size() < count) {
            Optional<ZonedDateTime> next = nextAfter(cursor, zone);
            if (next.isEmpty()) {
                break;
            }
            out.add(next.get());
            cursor = next.get().toInstant();
        }
        return out;
    }
}
