package io.redcron.port;

import io.redcron.domain.Run;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * What the leader's shard coordinator needs from the run history: the parents of sharded fires,
 * splitting one into its shards, and ending one once its shards have ended. Every change is
 * fenced by the leader's epoch and conditional on the parent's row, so a new leader can take over
 * at any moment: a parent is split once (its row is locked and re-read; the shards' rows are
 * unique per fire and index) and settled once (only a parent still SHARDED changes).
 */
public interface ShardedRuns {

    /**
     * Parents still waiting (SHARDED), split or not, of the tasks after {@code afterTaskId}, by task
     * and then oldest first, at most {@code limit}: those not split yet only once due by
     * {@code now}. A caller pages through the tasks, so that one task's many parents (a forbid
     * task's fires piling up) never hold back the others'.
     */
    List<Run> parents(String namespace, Instant now, long afterTaskId, int limit);

    /**
     * Splits a due parent into {@code shards} queued shard runs under its task's concurrency
     * policy, in one fenced transaction; the shards still have to be put on their group's stream.
     *
     * @throws FencedOutException when {@code epoch} is no longer the namespace's
     */
    Split split(String namespace, long epoch, long parentId, int shards, Instant now);

    /**
     * Ends a split parent whose shards have all ended, with their aggregate; empty while one has
     * not ended (or the parent is not waiting any more).
     *
     * @throws FencedOutException when {@code epoch} is no longer the namespace's
     */
    Optional<Run> settle(String namespace, long epoch, long parentId, Instant now);

    /** What a split came to. */
    record Split(Outcome outcome, Run parent, List<Run> shards, List<Run> stopping) {
        public Split {
            shards = List.copyOf(shards);
            stopping = List.copyOf(stopping);
        }

        public enum Outcome {
            /** Split now: {@link #shards()} are queued. */
            SPLIT,
            /** Left unsplit: an earlier fire of its task is still under way (forbid). */
            WAITING,
            /** Ended before it was split: its task is gone, so it is SKIPPED with the reason. */
            ENDED,
            /** Nothing to do: split before, ended, or no such parent. */
            UNCHANGED
        }

        /**
         * @param stopping running shards of earlier fires asked to stop (replace): their nodes
         *                 are to be told
         */
        public static Split split(Run parent, List<Run> shards, List<Run> stopping) {
            return new Split(Outcome.SPLIT, parent, shards, stopping);
        }

        public static Split of(Outcome outcome, Run parent) {
            return new Split(outcome, parent, List.of(), List.of());
        }
    }
}
