package io.redcron.ops;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.redcron.domain.EditPolicy;
import io.redcron.domain.InvalidTaskException;
import io.redcron.domain.ManagedTask;
import io.redcron.domain.MaskedCredentials;
import io.redcron.domain.Task;
import io.redcron.format.ManagedDrift;
import io.redcron.format.TaskDocument;
import io.redcron.port.AuditLog;
import io.redcron.port.DuplicateTaskException;
import io.redcron.port.ManagedTaskStore;
import io.redcron.port.StaleTaskException;
import io.redcron.port.TaskStore;
import io.redcron.schedule.InvalidCronException;

import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Makes a namespace's tasks what an application's code declares, at the application's start: a
 * declared task missing from the store is created, one that differs is changed back to its
 * declaration, and one the application managed but no longer declares is disabled, deleted or let
 * go, as the application asks. Each declared task is marked as managed by the application and its
 * version, with its declaration kept to show drift.
 *
 * <p>Every declaration is checked before anything changes, with errors naming the task's place
 * ({@code tasks[2].cron: …}); a declaration naming a task another application manages is refused.
 * Whether a declared task is enabled stays the operators' call: a new one starts enabled (or as
 * declared), an existing one keeps its state.
 *
 * <p>Reconciling is repeatable and safe to run from every replica of an application at once: a
 * task created or changed by another replica in between is read again and compared anew, so the
 * replicas agree on one result whatever their order. Replicas of different versions (a rolling
 * upgrade) each put back their own declaration; the last one to start wins.
 */
public final class ReconcileManagedTasks {
    /** The most tasks one application may declare in a namespace. */
    public static final int MAX_TASKS = 1000;
    private static final int TRIES = 5;
    private static final Set<String> NOT_DECLARED = Set.of("id", "namespace", "version", "createdAt", "updatedAt",
            "nextFireTime", "schedule", "retention", "calendar", "alerting", "managed");

    /** What becomes of a task the application managed but no longer declares. */
    public enum Removed {
        /** Disabled, and no longer managed: an operator decides whether to delete it. */
        DISABLE,
        /** Deleted, with its history kept as a deleted task's is. */
        DELETE,
        /** Left as it is, and no longer managed. */
        KEEP;

        public String id() {
            return name().toLowerCase(Locale.ROOT);
        }

        public static Removed parse(String value) {
            for (Removed removed : values()) {
                if (removed.id().equals(value)) {
                    return removed;
                }
            }
            throw new InvalidTaskException("removed", "'" + value + "' is not one of disable, delete, keep");
        }
    }

    /** An application's declared tasks (task documents, as {@code task add --file} reads them). */
    public record Declaration(String application, String version, EditPolicy edits, Removed removed,
                              List<JsonNode> tasks) {
        public Declaration {
            application = ManagedTask.application(application);
            version = ManagedTask.version(version);
            if (edits == null) {
                edits = EditPolicy.WARN;
            }
            if (removed == null) {
                removed = Removed.DISABLE;
            }
            if (tasks == null) {
                throw new InvalidTaskException("tasks", "a list of task documents is required (it may be empty)");
            }
            if (tasks.size() > MAX_TASKS) {
                throw new InvalidTaskException("tasks", tasks.size() + " tasks declared, at most " + MAX_TASKS + " allowed");
            }
            tasks = List.copyOf(tasks);
        }
    }

    /** Which tasks (by name) the reconciliation created, changed, found as declared, and let go. */
    public record Outcome(String application, String version, List<String> created, List<String> updated,
                          List<String> unchanged, List<String> removed) {
    }

    private final TaskStore tasks;
    private final ManagedTaskStore managed;
    private final AuditLog audit;
    private final String namespace;
    private final String actor;
    private final Clock clock;

    /**
     * @param tasks the store without {@link ManagedTaskGuard}: the application's own changes are the ones it lets through
     */
    public ReconcileManagedTasks(TaskStore tasks, ManagedTaskStore managed, AuditLog audit, String namespace,
                                 String actor, Clock clock) {
        this.tasks = tasks;
        this.managed = managed;
        this.audit = audit;
        this.namespace = namespace;
        this.actor = actor;
        this.clock = clock;
    }

    /**
     * @param mayKeep refuses (by throwing) a task the caller may not create, change or let go; called
     *                for every declared task, every stored task of a declared name, and every task to be
     *                let go
     */
    public Outcome reconcile(Declaration declaration, Consumer<Task> mayKeep) {
        List<Task> drafts = drafts(declaration);
        drafts.forEach(mayKeep);
        Map<Long, ManagedTask> before = new HashMap<>();
        managed.ofApplication(namespace, declaration.application()).forEach(row -> before.put(row.taskId(), row));
        for (int i = 0; i < drafts.size(); i++) {
            Optional<Task> existing = tasks.findByName(namespace, drafts.get(i).name());
            if (existing.isPresent()) {
                // Adopting or changing a task is changing it: the caller must be allowed the task as it is, too.
                mayKeep.accept(existing.get());
                refuseOtherApplication(declaration, i, existing.get());
            }
        }
        Set<Long> declaredIds = new HashSet<>();
        List<String> created = new ArrayList<>();
        List<String> updated = new ArrayList<>();
        List<String> unchanged = new ArrayList<>();
        for (int i = 0; i < drafts.size(); i++) {
            Task stored = apply(declaration, i, drafts.get(i), created, updated, unchanged);
            declaredIds.add(stored.id());
            managed.save(new ManagedTask(stored.id(), namespace, declaration.application(), declaration.version(),
                    declaration.edits(), ManagedDrift.declaredForm(stored), clock.instant()));
        }
        List<String> removed = new ArrayList<>();
        for (ManagedTask gone : before.values()) {
            if (!declaredIds.contains(gone.taskId())) {
                tasks.get(gone.taskId()).ifPresent(task -> {
                    mayKeep.accept(task);
                    letGo(declaration, task);
                    removed.add(task.name());
                });
            }
        }
        Outcome outcome = new Outcome(declaration.application(), declaration.version(), List.copyOf(created),
                List.copyOf(updated), List.copyOf(unchanged), List.copyOf(removed));
        audit.record(namespace, actor, "application.reconcile", "application:" + declaration.application(), null,
                summary(outcome).toString());
        return outcome;
    }

    /** Every declaration read and checked, or the first problem, naming its task's place. */
    private List<Task> drafts(Declaration declaration) {
        List<Task> drafts = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (int i = 0; i < declaration.tasks().size(); i++) {
            String place = "tasks[" + i + "]";
            JsonNode document = declaration.tasks().get(i);
            try {
                if (document != null && document.isObject()) {
                    for (String field : NOT_DECLARED) {
                        if (document.has(field)) {
                            throw new InvalidTaskException(field, "is not declared in code; "
                                    + (field.equals("retention") || field.equals("calendar") || field.equals("alerting")
                                    ? "set it with the task's own command" : "the store keeps it"));
                        }
                    }
                }
                Task draft = TaskDocument.read(document, Task.builder().namespace(namespace)).namespace(namespace).build();
                MaskedCredentials.refuse(draft);
                if (!names.add(draft.name())) {
                    throw new InvalidTaskException("name", "task '" + draft.name() + "' is declared twice");
                }
                drafts.add(draft);
            } catch (InvalidTaskException e) {
                throw new InvalidTaskException(place + "." + e.field(), problem(e.getMessage(), e.field()));
            } catch (InvalidCronException e) {
                throw new InvalidTaskException(place + ".cron", e.getMessage());
            }
        }
        return drafts;
    }

    private static String problem(String message, String field) {
        String prefix = field + ": ";
        return message.startsWith(prefix) ? message.substring(prefix.length()) : message;
    }

    private void refuseOtherApplication(Declaration declaration, int index, Task task) {
        managed.find(task.id()).filter(row -> !row.application().equals(declaration.application())).ifPresent(row -> {
            throw new OperationException(OperationException.Kind.MANAGED, "tasks[" + index + "].name: task '"
                    + task.name() + "' is managed by application " + row.managedBy() + ", not by '"
                    + declaration.application() + "'");
        });
    }

    /** Creates or changes one declared task; another replica's change in between is read again. */
    private Task apply(Declaration declaration, int index, Task draft, List<String> created, List<String> updated,
                       List<String> unchanged) {
        for (int attempt = 1; ; attempt++) {
            Optional<Task> existing = tasks.findByName(namespace, draft.name());
            try {
                if (existing.isEmpty()) {
                    Task stored = tasks.create(draft, actor);
                    created.add(stored.name());
                    return stored;
                }
                Task current = existing.get();
                refuseOtherApplication(declaration, index, current);
                Task wanted = draft.toBuilder().id(current.id()).version(current.version()).enabled(current.enabled())
                        .build();
                if (ManagedDrift.sameDefinition(wanted, current)) {
                    unchanged.add(current.name());
                    return current;
                }
                Task stored = tasks.update(wanted, actor);
                updated.add(stored.name());
                return stored;
            } catch (DuplicateTaskException | StaleTaskException e) {
                if (attempt == TRIES) {
                    throw e;
                }
            }
        }
    }

    private void letGo(Declaration declaration, Task task) {
        switch (declaration.removed()) {
            case DELETE -> tasks.delete(task.id(), actor);
            case DISABLE -> {
                managed.release(task.id());
                if (task.enabled()) {
                    tasks.setEnabled(task.id(), false, actor);
                }
            }
            case KEEP -> managed.release(task.id());
        }
    }

    private static ObjectNode summary(Outcome outcome) {
        ObjectNode doc = JsonNodeFactory.instance.objectNode();
        doc.put("version", outcome.version());
        doc.set("created", strings(outcome.created()));
        doc.set("updated", strings(outcome.updated()));
        doc.set("unchanged", strings(outcome.unchanged()));
        doc.set("removed", strings(outcome.removed()));
        return doc;
    }

    private static JsonNode strings(List<String> values) {
        var array = JsonNodeFactory.instance.arrayNode();
        values.forEach(array::add);
        return array;
    }
}
