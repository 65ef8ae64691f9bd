package io.redcron.port;

import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Set;

/**
 * Hands run ids to workers. Delivery is at least once: a worker owns a run only through the
 * claim in the run store, so a duplicate delivery is harmless and simply acknowledged.
 */
public interface RunQueue {

    /** Applies a leader batch atomically (enqueue runs, advance the schedule index). */
    void dispatch(Dispatch dispatch);

    /** Puts runs on their groups' streams (manual triggers, requeues, recovery). */
    void enqueue(Collection<QueuedRun> runs);

    /** Reads up to {@code count} new run ids for {@code consumer} from the given groups' streams. */
    List<QueuedRun> read(String consumer, Set<String> groups, int count, Duration block);

    /** Acknowledges and removes entries: the run store now owns their fate. */
    void ack(Collection<QueuedRun> runs);

    /** Holds a run until {@code due} (retry backoff). */
    void delay(QueuedRun run, Instant due);

    /** Moves delayed runs that are due onto their streams, atomically; returns how many. */
    int promoteDue(Instant now, int limit);

    /**
     * Entries delivered to a consumer that never acknowledged them within {@code idle} (the
     * worker died between reading and claiming); they are handed to {@code consumer}.
     */
    List<QueuedRun> reclaimIdle(String group, String consumer, Duration idle, int count);

    /** Records a run that exhausted its attempts, for operators to look at and requeue. */
    void dead(QueuedRun run, String reason, Instant at);

    /** Run ids currently waiting on a group's stream (for the reconciler; bounded by {@code limit}). */
    Set<Long> waiting(String group, int limit);

    /** Run ids held in the delayed set (bounded by {@code limit}). */
    Set<Long> delayed(int limit);

    /** Creates the consumer group of each stream if missing (after a Redis data loss too). */
    void ensureGroups(Set<String> groups);

    /** How many entries a group's stream holds, delivered or not. */
    long length(String group);

    /**
     * Up to {@code count} entries of a group's stream, oldest first, after the entry {@code after}
     * (null: from the start). Malformed entries met on the way are removed, not returned.
     */
    Page entries(String group, String after, int count);

    /**
     * A stretch of a stream.
     *
     * @param last the entry to continue after, or null when the stretch reached the stream's end
     */
    record Page(List<Entry> entries, String last) {
        public Page {
            entries = List.copyOf(entries);
        }
    }

    /**
     * One entry of a stream.
     *
     * @param pendingFor how long ago it was delivered to a worker that has not acknowledged it yet;
     *                   null when no worker holds it
     */
    record Entry(QueuedRun run, Duration pendingFor) {
    }
}
