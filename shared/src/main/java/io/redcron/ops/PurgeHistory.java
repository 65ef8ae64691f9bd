package io.redcron.ops;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.redcron.domain.AgedRun;
import io.redcron.domain.Durations;
import io.redcron.domain.RunStatus;
import io.redcron.port.AuditLog;
import io.redcron.port.HistoryCleanup;
import io.redcron.port.HistoryCleanup.Position;
import io.redcron.port.RetentionStore;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * An operator's purge of old runs, beyond what the retention policy would do by itself: every
 * ended run older than asked (of one task, or of some statuses) goes, with its past attempts;
 * pinned and unfinished runs stay, and none younger than {@link HistoryCleanup#YOUNGEST_DELETED}.
 * A dry run counts what would go and changes nothing. The purge is audited once, with its counts.
 */
public final class PurgeHistory {
    /** Runs read, and deleted, per statement. */
    public static final int BATCH = 1000;

    private final HistoryCleanup cleanup;
    private final RetentionStore pins;
    private final AuditLog audit;
    private final String namespace;
    private final String actor;
    private final Clock clock;

    public PurgeHistory(HistoryCleanup cleanup, RetentionStore pins, AuditLog audit, String namespace, String actor,
                        Clock clock) {
        this.cleanup = cleanup;
        this.pins = pins;
        this.audit = audit;
        this.namespace = namespace;
        this.actor = actor;
        this.clock = clock;
    }

    /**
     * @param olderThan at least {@link HistoryCleanup#YOUNGEST_DELETED}
     * @param taskId    null for every task
     * @param statuses  empty for every final status
     */
    public record Request(Duration olderThan, Long taskId, Set<RunStatus> statuses) {
        public Request {
            if (olderThan.compareTo(HistoryCleanup.YOUNGEST_DELETED) < 0) {
                throw new IllegalArgumentException("older-than: at least 1d, got " + Durations.format(olderThan));
            }
            statuses = Set.copyOf(statuses);
            for (RunStatus status : statuses) {
                if (!status.isFinal()) {
                    throw new IllegalArgumentException("status: only ended runs are purged, got " + status);
                }
            }
        }
    }

    /**
     * The runs a purge found to delete.
     *
     * @param byStatus runs per status
     * @param oldest   the oldest scheduled time among them; null when none
     * @param newest   the newest; null when none
     * @param before   the scheduled time they are all older than
     * @param pinned   pinned runs that matched and stay
     * @param deleted  the runs deleted: fewer than found when some changed or were pinned meanwhile;
     *                 0 in a dry run
     */
    public record Outcome(Map<RunStatus, Long> byStatus, Instant oldest, Instant newest, Instant before, long pinned,
                          long deleted) {
        public Outcome {
            byStatus = Map.copyOf(byStatus);
        }

        public long found() {
            return byStatus.values().stream().mapToLong(Long::longValue).sum();
        }
    }

    /** Counts what a purge would delete, and changes nothing. */
    public Outcome dryRun(Request request) {
        return walk(request, batch -> 0);
    }

    /** Deletes a batch at a time, telling {@code progress} the runs deleted so far after each. */
    public Outcome purge(Request request, Consumer<Long> progress) {
        long[] deleted = {0};
        Outcome done = walk(request, batch -> {
            deleted[0] += cleanup.delete(namespace, batch, clock.instant().minus(request.olderThan()));
            progress.accept(deleted[0]);
            return deleted[0];
        });
        ObjectNode what = JsonNodeFactory.instance.objectNode();
        what.put("olderThan", Durations.format(request.olderThan()));
        if (request.taskId() != null) {
            what.put("taskId", request.taskId());
        }
        request.statuses().stream().map(Enum::name).sorted().forEach(what.putArray("statuses")::add);
        what.put("deleted", done.deleted());
        audit.record(namespace, actor, "runs.purge", "namespace:" + namespace, null, what.toString());
        return done;
    }

    private Outcome walk(Request request, java.util.function.ToLongFunction<List<Long>> batches) {
        Instant before = clock.instant().minus(request.olderThan());
        Map<RunStatus, Long> counts = new EnumMap<>(RunStatus.class);
        Instant oldest = null;
        Instant newest = null;
        Position position = Position.START;
        long pinned = 0;
        long deleted = 0;
        List<AgedRun> page;
        do {
            page = cleanup.oldest(namespace, request.taskId(), position, before, BATCH);
            List<AgedRun> matching = page.stream().filter(run -> run.status().isFinal()
                    && (request.statuses().isEmpty() || request.statuses().contains(run.status()))).toList();
            Set<Long> kept = matching.isEmpty() ? Set.of() : pins.pinned(matching.stream().map(AgedRun::id).toList());
            pinned += kept.size();
            List<Long> going = new ArrayList<>();
            for (AgedRun run : matching) {
                if (!kept.contains(run.id())) {
                    going.add(run.id());
                    counts.merge(run.status(), 1L, Long::sum);
                    oldest = oldest == null ? run.scheduledAt() : oldest;
                    newest = run.scheduledAt();
                }
            }
            if (!page.isEmpty()) {
                position = Position.of(page.get(page.size() - 1));
            }
            if (!going.isEmpty()) {
                deleted = batches.applyAsLong(going);
            }
        } while (page.size() == BATCH);
        return new Outcome(counts, oldest, newest, before, pinned, deleted);
    }
}
