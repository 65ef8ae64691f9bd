package io.redcron.testkit;

import io.redcron.port.DuplicateWorkflowException;
import io.redcron.port.StaleWorkflowException;
import io.redcron.port.StoreException;
import io.redcron.port.WorkflowStore;
import io.redcron.workflow.Workflow;

import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/** {@link WorkflowStore} over the in-memory tables, as {@code MysqlWorkflowStore} behaves. */
final class InMemoryWorkflowStore implements WorkflowStore {
    private final Tables tables;
    private final InMemoryWorkflowRuns runs;

    InMemoryWorkflowStore(Tables tables, InMemoryWorkflowRuns runs) {
        this.tables = tables;
        this.runs = runs;
    }

    @Override
    public Workflow create(Workflow workflow, Instant now, String actor) {
        if (workflow.id() != null) {
            throw new IllegalArgumentException("id: a new workflow has no id yet, got " + workflow.id());
        }
        Instant at = Tables.millis(now);
        synchronized (tables) {
            refuseTakenName(workflow);
            Workflow stored = workflow.stored(tables.nextWorkflowId++, 1, at, at, workflow.firstFireAfter(at));
            tables.workflows.put(stored.id(), stored);
            tables.audit(stored.namespace(), Texts.actor(actor), "workflow.create", "workflow:" + stored.id(), null,
                    stored.name());
            return stored;
        }
    }

    private void refuseTakenName(Workflow workflow) {
        for (Workflow other : tables.workflows.values()) {
            if (other.namespace().equals(workflow.namespace()) && other.name().equals(workflow.name())
                    && !other.id().equals(workflow.id())) {
                throw new DuplicateWorkflowException(workflow.namespace(), workflow.name());
            }
        }
    }

    @Override
    public Workflow update(Workflow workflow, long expectedVersion, Instant now, String actor) {
        Instant at = Tables.millis(now);
        synchronized (tables) {
            Workflow before = tables.workflows.get(workflow.id());
            if (before == null) {
                throw new StoreException("workflow " + workflow.id() + " no longer exists");
            }
            if (before.version() != expectedVersion) {
                throw new StaleWorkflowException(before.name(), expectedVersion, before.version());
            }
            refuseTakenName(workflow);
            boolean sameSchedule = Objects.equals(before.cron(), workflow.cron()) && before.dialect() == workflow.dialect()
                    && before.zone().equals(workflow.zone());
            boolean keepsSchedule = sameSchedule && workflow.enabled();
            if (!keepsSchedule) {
                runs.recordDueFires(before, at);
            }
            Instant next = keepsSchedule && before.nextFireAt() != null ? before.nextFireAt() : workflow.firstFireAfter(at);
            Workflow after = workflow.stored(workflow.id(), expectedVersion + 1, before.createdAt(), at, next);
            tables.workflows.put(after.id(), after);
            tables.audit(after.namespace(), Texts.actor(actor), "workflow.update", "workflow:" + after.id(),
                    before.name(), after.name());
            return after;
        }
    }

    @Override
    public Optional<Workflow> setEnabled(String namespace, String name, boolean enabled, Instant now, String actor) {
        Instant at = Tables.millis(now);
        synchronized (tables) {
            Optional<Workflow> before = get(namespace, name);
            if (before.isEmpty() || before.get().enabled() == enabled) {
                return before;
            }
            Workflow changed = before.get().withEnabled(enabled);
            if (!enabled) {
                runs.recordDueFires(before.get(), at);
            }
            Workflow after = changed.stored(changed.id(), changed.version() + 1, changed.createdAt(), at,
                    enabled ? changed.firstFireAfter(at) : null);
            tables.workflows.put(after.id(), after);
            tables.audit(namespace, Texts.actor(actor), enabled ? "workflow.resume" : "workflow.pause",
                    "workflow:" + after.id(), null, null);
            return Optional.of(after);
        }
    }

    @Override
    public boolean delete(String namespace, String name, String actor) {
        synchronized (tables) {
            Optional<Workflow> before = get(namespace, name);
            before.ifPresent(found -> {
                runs.recordDueFires(found, tables.now());
                tables.workflows.remove(found.id());
                tables.audit(namespace, Texts.actor(actor), "workflow.delete", "workflow:" + found.id(), found.name(),
                        null);
            });
            return before.isPresent();
        }
    }

    @Override
    public Optional<Workflow> get(String namespace, String name) {
        synchronized (tables) {
            return tables.workflows.values().stream()
                    .filter(workflow -> workflow.namespace().equals(namespace) && workflow.name().equals(name))
                    .findFirst();
        }
    }

    @Override
    public Optional<Workflow> get(long id) {
        synchronized (tables) {
            return Optional.ofNullable(tables.workflows.get(id));
        }
    }

    @Override
    public List<Workflow> list(String namespace) {
        synchronized (tables) {
            return tables.workflows.values().stream().filter(workflow -> workflow.namespace().equals(namespace))
                    .sorted(Comparator.comparing(Workflow::name)).toList();
        }
    }

    @Override
    public List<Workflow> due(String namespace, Instant horizon, int limit) {
        synchronized (tables) {
            return tables.workflows.values().stream()
                    .filter(workflow -> workflow.namespace().equals(namespace) && workflow.enabled()
                            && workflow.nextFireAt() != null && !workflow.nextFireAt().isAfter(horizon))
                    .sorted(Comparator.comparing(Workflow::nextFireAt)).limit(limit).toList();
        }
    }

}
