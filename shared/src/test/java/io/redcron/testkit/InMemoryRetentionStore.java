package io.redcron.testkit;

import io.redcron.domain.RetentionPolicy;
import io.redcron.port.RetentionStore;
import io.redcron.testkit.Tables.RunRow;

import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/** Retention policies and pins in memory, audited as the MySQL store audits them. */
final class InMemoryRetentionStore implements RetentionStore {
    private static final long NAMESPACE_ROW = RetentionSettings.NAMESPACE_ROW;
    private final Tables tables;

    InMemoryRetentionStore(Tables tables) {
        this.tables = tables;
    }

    @Override
    public RetentionSettings settings(String namespace) {
        synchronized (tables) {
            return RetentionSettings.of(tables.retention.getOrDefault(namespace, Map.of()));
        }
    }

    @Override
    public RetentionPolicy changeNamespace(String namespace, RetentionPolicy change, String actor) {
        return change(namespace, NAMESPACE_ROW, change, actor, "namespace:" + namespace);
    }

    @Override
    public RetentionPolicy changeTask(String namespace, long taskId, RetentionPolicy change, String actor) {
        return change(namespace, taskId, change.asTaskPolicy(), actor, "task:" + taskId);
    }

    private RetentionPolicy change(String namespace, long row, RetentionPolicy change, String actor, String subject) {
        String who = Texts.actor(actor);
        synchronized (tables) {
            Map<Long, RetentionPolicy> rows = tables.retention.computeIfAbsent(namespace, ns -> new HashMap<>());
            RetentionPolicy before = rows.get(row);
            RetentionPolicy after = (before == null ? RetentionPolicy.INHERIT : before).with(change);
            if (after.inheritsEverything() && row != NAMESPACE_ROW) {
                rows.remove(row);
            } else {
                rows.put(row, after);
            }
            tables.audit(namespace, who, "retention.change", subject, before == null ? null : before.toString(),
                    after.toString());
            return after;
        }
    }

    @Override
    public boolean clearTask(String namespace, long taskId, String actor) {
        String who = Texts.actor(actor);
        synchronized (tables) {
            RetentionPolicy before = tables.retention.getOrDefault(namespace, new HashMap<>()).remove(taskId);
            if (before == null) {
                return false;
            }
            tables.audit(namespace, who, "retention.clear", "task:" + taskId, before.toString(), null);
            return true;
        }
    }

    @Override
    public boolean pin(long runId, String note, String actor) {
        String who = Texts.actor(actor);
        synchronized (tables) {
            RunRow run = tables.runs.get(runId);
            if (run == null) {
                throw new IllegalArgumentException("run: no run with id " + runId);
            }
            if (tables.pins.containsKey(runId)) {
                return false;
            }
            String kept = note == null || note.isBlank() ? null : note.strip();
            tables.pins.put(runId, new RunPin(runId, run.namespace, tables.now(), who, kept));
            tables.audit(run.namespace, who, "run.pin", "run:" + runId, null, kept);
            return true;
        }
    }

    @Override
    public boolean unpin(long runId, String actor) {
        String who = Texts.actor(actor);
        synchronized (tables) {
            RunPin removed = tables.pins.remove(runId);
            if (removed == null) {
                return false;
            }
            tables.audit(removed.namespace(), who, "run.unpin", "run:" + runId, null, null);
            return true;
        }
    }

    @Override
    public Optional<RunPin> pin(long runId) {
        synchronized (tables) {
            return Optional.ofNullable(tables.pins.get(runId));
        }
    }

    @Override
    public Set<Long> pinned(Collection<Long> runIds) {
        synchronized (tables) {
            return runIds.stream().filter(tables.pins::containsKey).collect(Collectors.toSet());
        }
    }

    @Override
    public List<RunPin> pins(String namespace) {
        synchronized (tables) {
            return tables.pins.values().stream().filter(pin -> pin.namespace().equals(namespace))
                    .sorted(Comparator.comparing(RunPin::pinnedAt).thenComparingLong(RunPin::runId).reversed())
                    .toList();
        }
    }
}
