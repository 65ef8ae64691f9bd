package io.redcron.node.scheduler;

import io.redcron.port.ScheduleIndex;
import io.redcron.port.SchedulerStore;
import io.redcron.port.SchedulerStore.ScheduleState;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Keeps the schedule index in step with MySQL without scanning every task: a full rebuild when a
 * term starts or the index is gone, then only the tasks changed since the last look (found through
 * the {@code updated_at} index). Task changes write {@code next_fire_at} themselves, so the index
 * just copies it.
 *
 * <p>Each look goes back {@link #OVERLAP} before the later of the newest change seen and the
 * previous look, so a change committed a little after the time it was stamped with is still
 * found, while a burst of changes (a thousand tasks enabled at once) is read again only for that
 * long, not on every pass until some newer change comes. Every writer stamps {@code updated_at}
 * by the database's clock, as this node reads time, so "the previous look" means the same
 * moment to both.
 */
final class IndexSync {
    /** Changes are re-read this far back, so a change committed late with an earlier timestamp is not missed. */
    private static final Duration OVERLAP = Duration.ofSeconds(5);
    private static final int PAGE = 1000;

    private final String namespace;
    private final SchedulerStore store;
    private final ScheduleIndex index;
    private Instant watermark;
    /** When the previous look began: changes stamped {@link #OVERLAP} before it were visible to it. */
    private Instant previousLook;

    IndexSync(String namespace, SchedulerStore store, ScheduleIndex index) {
        this.namespace = namespace;
        this.store = store;
        this.index = index;
    }

    /** Forgets what was synced: the next pass rebuilds. */
    void reset() {
        watermark = null;
    }

    /** Returns how many tasks were written to the index. */
    int pass(Instant now) {
        if (watermark == null || !index.exists()) {
            return rebuild(now);
        }
        int written = 0;
        Instant since = (previousLook.isAfter(watermark) ? previousLook : watermark).minus(OVERLAP);
        previousLook = now;
        List<ScheduleState> changes;
        do {
            changes = store.changedSince(namespace, since, PAGE);
            apply(changes);
            written += changes.size();
            for (ScheduleState change : changes) {
                if (change.updatedAt().isAfter(watermark)) {
                    watermark = change.updatedAt();
                }
                since = change.updatedAt();
            }
        } while (changes.size() == PAGE && written < 100 * PAGE);
        return written;
    }

    private int rebuild(Instant now) {
        Instant started = now.minus(OVERLAP);
        long afterId = 0;
        int written = 0;
        List<ScheduleState> page;
        do {
            page = store.planned(namespace, afterId, PAGE);
            apply(page);
            written += page.size();
            if (!page.isEmpty()) {
                afterId = page.get(page.size() - 1).taskId();
            }
        } while (page.size() == PAGE);
        watermark = started;
        previousLook = now;
        return written;
    }

    private void apply(List<ScheduleState> states) {
        Map<Long, Instant> put = new HashMap<>();
        List<Long> remove = new ArrayList<>();
        for (ScheduleState state : states) {
            if (state.enabled() && state.nextFireAt() != null) {
                put.put(state.taskId(), state.nextFireAt());
            } else {
                remove.add(state.taskId());
            }
        }
        index.put(put);
        index.remove(remove);
    }
}
