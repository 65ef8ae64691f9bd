package io.redcron.desktop.queues;

import io.redcron.ops.DeadRunSearch;
import io.redcron.domain.Run;
import io.redcron.port.QueueInspector;
import io.redcron.port.RunStore;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * What the queues screen shows at one moment: the inspector's per-stream counts, then the details
 * they leave out (each delivered entry, the delayed runs with their due times, the recent dead
 * runs). The lists are capped so that a flooded queue costs a screenful; the totals are not.
 */
record QueueSnapshot(List<StreamRow> streams, List<PendingRow> pending, List<DelayedRow> delayed, List<DeadRow> dead,
                     long delayedTotal, long deadTotal) {
    static final int PENDING_LIMIT = 100;
    static final int DELAYED_LIMIT = 200;
    static final int DEAD_LIMIT = 200;

    QueueSnapshot {
        streams = List.copyOf(streams);
        pending = List.copyOf(pending);
        delayed = List.copyOf(delayed);
        dead = List.copyOf(dead);
    }

    /**
     * Reads the queues now, and the runs their delayed and dead entries name (task, attempts,
     * last error) in one read of the history; blocking, so only ever off the JavaFX thread.
     */
    static QueueSnapshot read(QueueInspector inspector, DeadRunSearch deadRuns, RunStore runs, Spans spans,
                              Instant now) {
        QueueInspector.QueueStats stats = inspector.stats();
        List<StreamRow> streams = new ArrayList<>();
        List<PendingRow> pending = new ArrayList<>();
        for (QueueInspector.StreamStats stream : stats.streams()) {
            streams.add(new StreamRow(stream.group(), stream.length(), stream.pendingTotal(),
                    new TreeMap<>(stream.pending()).entrySet().stream()
                            .map(e -> e.getKey() + " " + e.getValue()).collect(Collectors.joining(", "))));
            if (stream.pendingTotal() > 0) {
                for (QueueInspector.PendingEntry entry : inspector.pending(stream.group(), PENDING_LIMIT)) {
                    pending.add(new PendingRow(entry.group(), entry.consumer(), entry.entryId(),
                            entry.runId() == 0 ? "" : Long.toString(entry.runId()), entry.idle(),
                            spans.span(entry.idle()), entry.deliveries()));
                }
            }
        }
        List<QueueInspector.DelayedRun> delayedRuns = inspector.delayed(DELAYED_LIMIT);
        List<QueueInspector.DeadRun> deadEntries = deadRuns.recent(DEAD_LIMIT);
        Set<Long> named = new HashSet<>();
        delayedRuns.forEach(run -> named.add(run.runId()));
        deadEntries.forEach(run -> named.add(run.runId()));
        Map<Long, Run> history = runs.getAll(named);
        List<DelayedRow> delayed = delayedRuns.stream().map(run -> {
            Run recorded = history.get(run.runId());
            return new DelayedRow(run.group(), run.runId(), task(recorded), attempts(recorded),
                    recorded == null || recorded.error() == null ? "" : recorded.error(), run.due(), spans.due(run.due(), now));
        }).toList();
        List<DeadRow> dead = deadEntries.stream().map(run -> {
            Run recorded = history.get(run.runId());
            return new DeadRow(run.entryId(), run.runId(), run.group(), task(recorded), attempts(recorded), run.reason(),
                    run.at(), spans.time(run.at()));
        }).toList();
        return new QueueSnapshot(streams, pending, delayed, dead, stats.delayed(), stats.dead());
    }

    private static String task(Run run) {
        return run == null ? "" : run.taskName();
    }

    private static String attempts(Run run) {
        return run == null ? "" : run.attempt() + "/" + run.maxAttempts();
    }

    long waiting() {
        return streams.stream().mapToLong(StreamRow::waiting).sum();
    }

    long delivered() {
        return streams.stream().mapToLong(StreamRow::delivered).sum();
    }
}
