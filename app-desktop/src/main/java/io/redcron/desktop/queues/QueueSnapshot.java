package io.redcron.desktop.queues;

import java.util.List;

/**
 * What the queues screen shows at one moment. The lists are bounded (see {@link QueueReader});
 * the totals are not.
 */
record QueueSnapshot(List<StreamRow> streams, List<PendingRow> pending, List<DelayedRow> delayed, List<DeadRow> dead,
                     long delayedTotal, long deadTotal) {
    QueueSnapshot {
        streams = List.copyOf(streams);
        pending = List.copyOf(pending);
        delayed = List.copyOf(delayed);
        dead = List.copyOf(dead);
    }

    long waiting() {
        return streams.stream().mapToLong(StreamRow::waiting).sum();
    }

    long delivered() {
        return streams.stream().mapToLong(StreamRow::delivered).sum();
    }
}
