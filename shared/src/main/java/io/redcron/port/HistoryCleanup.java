package io.redcron.port;

import io.redcron.domain.AgedRun;

import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * The deletes retention makes, in small batches through indexes, so that no statement holds many
 * locks or runs for long beside the scheduler's own writes.
 */
public interface HistoryCleanup {

    /**
     * The oldest runs of a namespace (or of one task) after {@code after} and scheduled before
     * {@code before}, oldest first; unfinished ones included, for the caller to keep.
     */
    List<AgedRun> oldest(String namespace, Long taskId, Position after, Instant before, int limit);

    /**
     * For each task, the scheduled time of its {@code n}-th newest run ({@code n} given per task);
     * a task with fewer runs, or asked for none, is left out. One call for a whole batch of tasks:
     * the retention sweep needs it for every task it meets.
     */
    java.util.Map<Long, Instant> nthNewest(java.util.Map<Long, Integer> nByTask);

    /** No run younger than this is deleted, whatever the caller asks: the rollup and the reaper may still read it. */
    java.time.Duration YOUNGEST_DELETED = java.time.Duration.ofDays(1);

    /**
     * Deletes those of {@code runIds} in {@code namespace} that have ended, are not pinned and
     * were scheduled before {@code before} and {@link #YOUNGEST_DELETED} ago, with their past
     * attempts; the conditions are checked by the delete itself, so a run that changed or was
     * pinned since it was read stays. A node's adapter deletes besides only what the stored
     * retention policy lets go.
     *
     * @return the runs deleted
     */
    int delete(String namespace, Collection<Long> runIds, Instant before);

    /** Drops the output of those of {@code runIds} that have ended and are not pinned; the rows stay. */
    int dropOutputs(Collection<Long> runIds);

    /** Deletes at most {@code limit} audit rows of a namespace written before {@code before}, oldest first. */
    int purgeAudit(String namespace, Instant before, int limit);

    /**
     * Deletes, with their steps, at most {@code limit} workflow runs of a namespace that ended
     * longer ago than its retention policy keeps them (its succeeded and failed ages, by the
     * store's clock; never one younger than a day), oldest first; returns how many.
     */
    int purgeWorkflowRuns(String namespace, int limit);

    /** The scheduled time of the namespace's oldest run. */
    Optional<Instant> oldestRun(String namespace);

    /** Where a scan of the history stands: runs are ordered by scheduled time, then id. */
    record Position(Instant scheduledAt, long id) {
        public static final Position START = new Position(Instant.EPOCH, 0);

        public static Position of(AgedRun run) {
            return new Position(run.scheduledAt(), run.id());
        }
    }
}
