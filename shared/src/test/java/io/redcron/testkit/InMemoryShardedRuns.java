package io.redcron.testkit;

import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.RunTransition;
import io.redcron.domain.ShardRules;
import io.redcron.domain.ShardRules.Settlement;
import io.redcron.domain.Sharding;
import io.redcron.domain.Task;
import io.redcron.port.ShardedRuns;
import io.redcron.port.ShardedRuns.Split.Outcome;
import io.redcron.testkit.Tables.RunRow;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/** Splits and settlements of sharded fires in memory, under the same rules and fence as MySQL's. */
public final class InMemoryShardedRuns implements ShardedRuns {
    private final Tables tables;
    private final InMemoryFencingEpochs epochs;

    InMemoryShardedRuns(Tables tables, InMemoryFencingEpochs epochs) {
        this.tables = tables;
        this.epochs = epochs;
    }

    @Override
    public List<Run> parents(String namespace, Instant now, long afterTaskId, int limit) {
        synchronized (tables) {
            return tables.runs.values().stream()
                    .filter(row -> row.namespace.equals(namespace) && row.status == RunStatus.SHARDED
                            && row.taskId > afterTaskId
                            && (row.shardTotal > 0 || !row.dueAt.isAfter(now)))
                    .sorted(Comparator.comparingLong((RunRow row) -> row.taskId).thenComparing(row -> row.dueAt))
                    .limit(limit).map(RunRow::toListed).toList();
        }
    }

    @Override
    public Split split(String namespace, long epoch, long parentId, int shards, Instant now) {
        if (shards < 1 || shards > Sharding.MAX_SHARDS) {
            throw new IllegalArgumentException("shards: 1-" + Sharding.MAX_SHARDS + ", got " + shards);
        }
        synchronized (tables) {
            epochs.check(namespace, epoch);
            RunRow parent = waitingParent(namespace, parentId);
            if (parent == null || parent.shardTotal != 0 || parent.scheduledAt.isAfter(now)) {
                return Split.of(Outcome.UNCHANGED, parent == null ? null : parent.toRun());
            }
            Task task = tables.tasks.get(parent.taskId);
            if (task == null) {
                parent.move(RunTransition.SETTLE_SHARDS, RunStatus.SKIPPED);
                parent.finishedAt = Tables.millis(now);
                parent.error = "skipped: the task was deleted before this run was split into shards";
                return Split.of(Outcome.ENDED, parent.toRun());
            }
            List<RunRow> earlier = tables.runs.values().stream()
                    .filter(row -> row.namespace.equals(namespace) && row.status == RunStatus.SHARDED
                            && row.taskId == parent.taskId && row.id != parent.id
                            && (row.scheduledAt.isBefore(parent.scheduledAt)
                                || (row.scheduledAt.equals(parent.scheduledAt) && row.id < parent.id)))
                    .toList();
            List<Run> stopping = new ArrayList<>();
            switch (ShardRules.atSplit(task.concurrencyPolicy(), earlier.size())) {
                case WAIT -> {
                    return Split.of(Outcome.WAITING, parent.toRun());
                }
                case SPLIT_AND_CANCEL -> {
                    for (RunRow other : earlier) {
                        tables.cancelSharded(other, now, "cancelled: the later run " + parentId
                                + " of this task was split (policy replace)").forEach(row -> stopping.add(row.toListed()));
                    }
                }
                case SPLIT -> { }
            }
            for (int index = 0; index < shards; index++) {
                RunRow shard = new RunRow(tables.newRunId(), parent, index, shards, task.retry().maxAttempts(),
                        Tables.millis(now));
                tables.runs.put(shard.id, shard);
            }
            parent.shardTotal = shards;
            parent.startedAt = Tables.millis(now);
            return Split.split(parent.toRun(), tables.shards(parent).stream().map(RunRow::toListed).toList(), stopping);
        }
    }

    @Override
    public Optional<Run> settle(String namespace, long epoch, long parentId, Instant now) {
        synchronized (tables) {
            epochs.check(namespace, epoch);
            RunRow parent = waitingParent(namespace, parentId);
            if (parent == null || parent.shardTotal == 0) {
                return Optional.empty();
            }
            Optional<Settlement> settlement = ShardRules.settle(parent.shardTotal, parent.cancelRequested,
                    tables.shards(parent).stream().map(RunRow::toListed).toList());
            if (settlement.isEmpty()) {
                return Optional.empty();
            }
            parent.move(RunTransition.SETTLE_SHARDS, settlement.get().status());
            parent.finishedAt = Tables.millis(now);
            if (settlement.get().error() != null) {
                parent.error = Texts.error(settlement.get().error());
            }
            return Optional.of(parent.toRun());
        }
    }

    private RunRow waitingParent(String namespace, long parentId) {
        RunRow row = tables.runs.get(parentId);
        return row != null && row.namespace.equals(namespace) && row.status == RunStatus.SHARDED
                && row.shardIndex == Run.NOT_A_SHARD ? row : null;
    }
}
