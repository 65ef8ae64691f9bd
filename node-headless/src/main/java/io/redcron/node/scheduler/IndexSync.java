package io.redcron.node.scheduler;

import io.redcron.port.ScheduleIndex;
import io.redcron.port.SchedulerStore;
import io.redcron.port.SchedulerStore.ScheduleState;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

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
 * <p>A rebuild reads {@link #REBUILD_PAGES_PER_PASS} pages per pass and goes on at the next: a
 * million tasks take seconds to read, and the leader must not stop firing meanwhile. Firing from
 * an index still being rebuilt is safe because the index only says when to look at a task: the
 * fire pass plans from the task's row in MySQL and follows it where the entry is stale, and an
 * entry still missing is one the rebuild has not reached yet (the same as when the whole rebuild
 * came first). Changes committed while it runs are read once it ends, from {@link #OVERLAP}
 * before it began. A rebuild whose index disappears (Redis restarted empty) or whose pass fails
 * starts again from the first task: pages written before may be lost.
 *
 * <p>Changes are read in pages by the last one read (its time and task id), so a page never ends
 * among tasks stamped with the same time that the next one could not reach: one change (a
 * thousand tasks enabled at once) stamps them all alike. A look reads at most
 * {@link #MAX_PAGES_PER_LOOK} pages and the next pass reads on from where it stopped.
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
    /** Some 10,000 tasks per pass: a pass stays well within the lookahead, so fires keep their time. */
    static final int REBUILD_PAGES_PER_PASS = 10;
    /** Pages one look reads at most; a longer burst of changes is read on at the next pass. */
    static final int MAX_PAGES_PER_LOOK = 100;
    private static final Logger LOG = LoggerFactory.getLogger(IndexSync.class);

    private final String namespace;
    private final SchedulerStore store;
    private final ScheduleIndex index;
    private final int page;
    private final int rebuildPagesPerPass;
    private Instant watermark;
    /** When the previous look began: changes stamped {@link #OVERLAP} before it were visible to it. */
    private Instant previousLook;
    /** Where the next look goes on from when the last one was cut short by its page limit, or null. */
    private Cursor resume;
    /** The rebuild under way, or null. */
    private Rebuild rebuild;

    IndexSync(String namespace, SchedulerStore store, ScheduleIndex index) {
        this(namespace, store, index, PAGE, REBUILD_PAGES_PER_PASS);
    }

    IndexSync(String namespace, SchedulerStore store, ScheduleIndex index, int page, int rebuildPagesPerPass) {
        this.namespace = namespace;
        this.store = store;
        this.index = index;
        this.page = page;
        this.rebuildPagesPerPass = rebuildPagesPerPass;
    }

    /** Forgets what was synced: the next pass rebuilds. */
    void reset() {
        watermark = null;
        rebuild = null;
        resume = null;
    }

    /** Whether a rebuild is under way: the loop then goes on at once instead of sleeping. */
    boolean rebuilding() {
        return rebuild != null;
    }

    /** Returns how many tasks were written to the index. */
    int pass(Instant now) {
        if (rebuild == null && (watermark == null || !index.exists())) {
            rebuild = new Rebuild(now);
        } else if (rebuild != null && rebuild.afterId > 0 && !index.exists()) {
            rebuild = new Rebuild(now); // Redis lost what this rebuild had written
        }
        if (rebuild != null) {
            return continueRebuild(now);
        }
        int written = 0;
        Cursor from = resume != null ? resume
                : new Cursor((previousLook.isAfter(watermark) ? previousLook : watermark).minus(OVERLAP), 0);
        resume = null;
        previousLook = now;
        List<ScheduleState> changes;
        do {
            changes = store.changedSince(namespace, from.since(), from.afterId(), page);
            apply(changes);
            written += changes.size();
            for (ScheduleState change : changes) {
                if (change.updatedAt().isAfter(watermark)) {
                    watermark = change.updatedAt();
                }
                from = new Cursor(change.updatedAt(), change.taskId());
            }
        } while (changes.size() == page && written < MAX_PAGES_PER_LOOK * page);
        if (changes.size() == page) {
            resume = from; // cut short: the next pass reads on from here, however old these changes are by then
        }
        return written;
    }

    /** Where a look reads on from: changes after {@code since}, or at it with a task id above {@code afterId}. */
    private record Cursor(Instant since, long afterId) {
    }

    /** Up to {@link #rebuildPagesPerPass} pages of the rebuild; the last one ends it. */
    private int continueRebuild(Instant now) {
        Rebuild current = rebuild;
        int before = current.written;
        try {
            for (int pages = 0; pages < rebuildPagesPerPass; pages++) {
                List<ScheduleState> planned = store.planned(namespace, current.afterId, page);
                apply(planned);
                current.written += planned.size();
                if (!planned.isEmpty()) {
                    current.afterId = planned.get(planned.size() - 1).taskId();
                }
                if (planned.size() < page) {
                    end(current, now);
                    break;
                }
            }
        } catch (RuntimeException e) {
            rebuild = null;
            watermark = null;
            throw e;
        }
        return current.written - before;
    }

    private void end(Rebuild done, Instant now) {
        watermark = done.began.minus(OVERLAP);
        previousLook = done.began;
        rebuild = null;
        // A namespace with nothing planned has no index, so it is "rebuilt" on every pass: not news.
        if (done.written > 0) {
            LOG.info("Schedule index of namespace '{}' rebuilt: {} planned tasks in {} ms", namespace, done.written,
                    Duration.between(done.began, now).toMillis());
        }
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

    /** How far a rebuild has come: the tasks up to {@code afterId} are in the index. */
    private static final class Rebuild {
        private final Instant began;
        private long afterId;
        private int written;

        Rebuild(Instant began) {
            this.began = began;
        }
    }
}
