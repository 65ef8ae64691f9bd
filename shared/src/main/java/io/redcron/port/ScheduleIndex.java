package io.redcron.port;

import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Task id → next fire time, so the leader finds due tasks without scanning all of them. A cache
 * of {@code task.next_fire_at}: it can always be rebuilt from MySQL.
 */
public interface ScheduleIndex {

    record Entry(long taskId, Instant due) {
    }

    /** The earliest entries due at or before {@code now}, earliest first. */
    List<Entry> due(Instant now, int limit);

    Optional<Instant> earliest();

    void put(Map<Long, Instant> nextFires);

    void remove(Collection<Long> taskIds);

    long size();

    /** True if the index exists at all (false after Redis lost its data). */
    boolean exists();
}
