package io.redcron.testkit;

import io.redcron.config.SchedulerConfig;
import io.redcron.domain.MaskedCredentials;
import io.redcron.domain.RunStatus;
import io.redcron.domain.RunTransition;
import io.redcron.domain.Task;
import io.redcron.domain.TriggerType;
import io.redcron.port.DuplicateTaskException;
import io.redcron.port.GroupCount;
import io.redcron.port.Page;
import io.redcron.port.PageRequest;
import io.redcron.port.StaleTaskException;
import io.redcron.port.TaskFacet;
import io.redcron.port.TaskFilter;
import io.redcron.port.TaskGrouping;
import io.redcron.port.TaskNotFoundException;
import io.redcron.port.TaskStore;
import io.redcron.schedule.FirePlan;
import io.redcron.schedule.FirePlanner;
import io.redcron.schedule.PlannedFire;

import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * Task definitions in memory, with the MySQL store's rules: optimistic versions, unique names per
 * namespace, an audit entry with every change, the next fire planned by the change itself, and a
 * change that ends a schedule settles that schedule's fires (those due before it recorded, those
 * recorded ahead for after it withdrawn).
 */
public final class InMemoryTaskStore implements TaskStore {
    private static final int FIRES_PER_STEP = 10_000;

    private final Tables tables;

    InMemoryTaskStore(Tables tables) {
        this.tables = tables;
    }

    @Override
    public Task create(Task task, String actor) {
        if (task.id() != null) {
            throw new IllegalArgumentException("id: a new task has no id yet, got " + task.id());
        }
        MaskedCredentials.refuse(task);
        String who = Texts.actor(actor);
        synchronized (tables) {
            refuseTakenName(task, null);
            Instant now = tables.now();
            Task created = task.toBuilder().id(tables.newTaskId()).version(1).createdAt(now).updatedAt(now)
                    .nextFireAt(firstFire(task, now)).build();
            tables.tasks.put(created.id(), created);
            audit(who, "task.create", created, null, created);
            return created;
        }
    }

    @Override
    public Optional<Task> get(long id) {
        synchronized (tables) {
            return Optional.ofNullable(tables.tasks.get(id));
        }
    }

    @Override
    public Map<Long, Task> getAll(Collection<Long> ids) {
        synchronized (tables) {
            Map<Long, Task> found = new HashMap<>();
            for (Long id : ids) {
                Task task = tables.tasks.get(id);
                if (task != null) {
                    found.put(id, task);
                }
            }
            return found;
        }
    }

    @Override
    public Optional<Task> findByName(String namespace, String name) {
        synchronized (tables) {
            return tables.tasks.values().stream()
                    .filter(task -> task.namespace().equals(namespace) && task.name().equals(name)).findFirst();
        }
    }

    @Override
    public Page<Task> list(TaskFilter filter, PageRequest page) {
        synchronized (tables) {
            List<Task> matching = tables.tasks.values().stream().filter(matches(filter)).sorted(order(filter)).toList();
            return Pages.of(matching, page);
        }
    }

    @Override
    public Map<String, GroupCount> groupCounts(TaskFilter filter, TaskGrouping by) {
        synchronized (tables) {
            Map<String, GroupCount> counts = new java.util.TreeMap<>();
            tables.tasks.values().stream().filter(matches(filter)).forEach(task -> counts.merge(key(task, by),
                    new GroupCount(key(task, by), 1, task.enabled() ? 0 : 1),
                    (a, b) -> new GroupCount(a.key(), a.tasks() + b.tasks(), a.disabled() + b.disabled())));
            return counts;
        }
    }

    @Override
    public List<String> values(String namespace, TaskFacet facet, String containing, int limit) {
        synchronized (tables) {
            List<Task> inNamespace = tables.tasks.values().stream().filter(task -> task.namespace().equals(namespace))
                    .toList();
            if (facet == TaskFacet.LABEL) {
                List<Map.Entry<String, String>> pairs = inNamespace.stream()
                        .flatMap(task -> task.labels().entrySet().stream())
                        .map(pair -> Map.entry(pair.getKey(), pair.getValue())).distinct()
                        .sorted(Map.Entry.<String, String>comparingByKey().thenComparing(Map.Entry.comparingByValue()))
                        .toList();
                return TaskFacet.labelChoices(pairs, containing, limit);
            }
            return inNamespace.stream().map(task -> facet == TaskFacet.GROUP ? task.group() : task.owner())
                    .filter(value -> !value.isEmpty() && TaskFacet.contains(value, containing)).distinct()
                    .sorted(Texts::compare).limit(Math.max(0, limit)).toList();
        }
    }

    private static String key(Task task, TaskGrouping by) {
        return by == TaskGrouping.GROUP ? task.group() : task.owner();
    }

    @Override
    public Task update(Task task, String actor) {
        long id = Objects.requireNonNull(task.id(), "id: only a stored task can be updated");
        MaskedCredentials.refuse(task);
        String who = Texts.actor(actor);
        synchronized (tables) {
            Task before = existing(id);
            if (before.version() != task.version()) {
                throw new StaleTaskException(before.name(), task.version(), before.version());
            }
            if (!before.namespace().equals(task.namespace())) {
                throw new IllegalArgumentException("namespace: a task cannot move from '" + before.namespace()
                        + "' to '" + task.namespace() + "'; create it there and delete this one");
            }
            refuseTakenName(task, id);
            Instant now = tables.now();
            Instant nextFire = sameSchedule(before, task) && before.enabled() && task.enabled()
                    && before.nextFireAt() != null ? before.nextFireAt() : firstFire(task, now);
            Task after = task.toBuilder().version(before.version() + 1).createdAt(before.createdAt()).updatedAt(now)
                    .nextFireAt(nextFire).build();
            tables.tasks.put(id, after);
            settleSchedule(before, after, now);
            audit(who, "task.update", after, before, after);
            return after;
        }
    }

    @Override
    public Task setEnabled(long id, boolean enabled, String actor) {
        String who = Texts.actor(actor);
        synchronized (tables) {
            Task before = existing(id);
            if (before.enabled() == enabled) {
                return before;
            }
            Instant now = tables.now();
            Task after = before.toBuilder().enabled(enabled).version(before.version() + 1).updatedAt(now).build();
            after = after.toBuilder().nextFireAt(firstFire(after, now)).build();
            tables.tasks.put(id, after);
            settleSchedule(before, after, now);
            audit(who, enabled ? "task.enable" : "task.disable", after, before, after);
            return after;
        }
    }

    @Override
    public boolean delete(long id, String actor) {
        String who = Texts.actor(actor);
        synchronized (tables) {
            Task before = tables.tasks.remove(id);
            if (before == null) {
                return false;
            }
            settleSchedule(before, null, tables.now());
            audit(who, "task.delete", before, before, null);
            return true;
        }
    }

    private Task existing(long id) {
        Task task = tables.tasks.get(id);
        if (task == null) {
            throw new TaskNotFoundException("with id " + id);
        }
        return task;
    }

    private void refuseTakenName(Task task, Long self) {
        boolean taken = tables.tasks.values().stream().anyMatch(other -> !Objects.equals(other.id(), self)
                && other.namespace().equals(task.namespace()) && other.name().equals(task.name()));
        if (taken) {
            throw new DuplicateTaskException(task.namespace(), task.name());
        }
    }

    private void audit(String actor, String action, Task subject, Task before, Task after) {
        tables.audit(subject.namespace(), actor, action, "task:" + subject.id(),
                before == null ? null : TaskJson.of(before), after == null ? null : TaskJson.of(after));
    }

    static Instant firstFire(Task task, Instant now) {
        if (!task.enabled()) {
            return null;
        }
        return task.schedule().nextAfter(now, task.zone()).map(java.time.ZonedDateTime::toInstant).orElse(null);
    }

    static boolean sameSchedule(Task before, Task after) {
        return before.cron().equals(after.cron()) && before.dialect() == after.dialect()
                && before.zone().equals(after.zone());
    }

    /**
     * What a change that ends a schedule does to its fires, as the MySQL store's
     * {@code ScheduleChange} does in the change's transaction.
     */
    private void settleSchedule(Task before, Task after, Instant now) {
        boolean ends = after == null || !after.enabled() || !sameSchedule(before, after);
        if (!before.enabled() || before.nextFireAt() == null || !ends) {
            return;
        }
        recordMissedFires(before, after, now);
        withdrawFiresAhead(before, after, now);
    }

    private void recordMissedFires(Task before, Task after, Instant now) {
        Duration threshold = tables.misfireThresholds.getOrDefault(before.namespace(),
                SchedulerConfig.DEFAULT_MISFIRE_THRESHOLD);
        FirePlanner planner = new FirePlanner(threshold, FIRES_PER_STEP);
        Instant due = before.nextFireAt();
        while (due != null && !due.isAfter(now)) {
            FirePlan plan = planner.settle(before.schedule(), before.zone(), due, now, before.misfirePolicy(),
                    before.catchUpLimit(), new io.redcron.schedule.FireRules(tables.calendarExclusion(before),
                            tables.windowsOver(before, now)), after == null ? "the task was deleted"
                            : !after.enabled() ? "the task was disabled" : "the task was given another schedule");
            for (PlannedFire fire : plan.fires()) {
                if (after == null) {
                    tables.recordFire(before, fire.scheduledAt(), true,
                            "the task was deleted before this fire was recorded", now);
                } else {
                    tables.recordFire(before, fire.scheduledAt(), fire.skipped(), fire.reason(), now);
                }
            }
            due = plan.next();
        }
    }

    private void withdrawFiresAhead(Task before, Task after, Instant now) {
        String reason = io.redcron.domain.ClaimRules.WITHDRAWN + "the task was " + (after == null ? "deleted" : !after.enabled() ? "disabled"
                : "given another schedule") + " before this fire was due";
        for (Tables.RunRow row : tables.runs.values()) {
            boolean ahead = row.taskId == before.id() && row.trigger == TriggerType.CRON
                    && row.scheduledAt.isAfter(now)
                    && (row.status == RunStatus.QUEUED || row.status == RunStatus.RUNNING);
            if (!ahead || (after != null && after.firesAt(row.scheduledAt))) {
                continue;
            }
            if (row.status == RunStatus.QUEUED && row.neverAttempted()) {
                row.move(RunTransition.SKIP, RunStatus.SKIPPED);
                row.finishedAt = now;
                row.error = Texts.error(reason);
            } else {
                row.cancelRequested = true;
                row.error = Texts.error(reason);
            }
        }
    }

    private static Predicate<Task> matches(TaskFilter filter) {
        Predicate<Task> all = task -> filter.namespace() == null || task.namespace().equals(filter.namespace());
        if (filter.text() != null && !filter.text().isBlank()) {
            String text = filter.text().trim().toLowerCase(Locale.ROOT);
            all = all.and(task -> task.name().toLowerCase(Locale.ROOT).contains(text)
                    || task.description().toLowerCase(Locale.ROOT).contains(text));
        }
        if (filter.group() != null) {
            all = all.and(task -> task.group().equals(filter.group()));
        }
        if (filter.enabled() != null) {
            all = all.and(task -> task.enabled() == filter.enabled());
        }
        if (filter.type() != null) {
            all = all.and(task -> task.type() == filter.type());
        }
        if (filter.owner() != null && !filter.owner().isBlank()) {
            all = all.and(task -> TaskFacet.contains(task.owner(), filter.owner()));
        }
        if (filter.label() != null && !filter.label().isBlank()) {
            String label = filter.label().trim();
            int equals = label.indexOf('=');
            if (equals < 0) {
                all = all.and(task -> task.labels().containsKey(label));
            } else {
                String key = label.substring(0, equals).trim();
                String value = label.substring(equals + 1);
                all = all.and(task -> value.equals(task.labels().get(key)));
            }
        }
        return all;
    }

    private static Comparator<Task> order(TaskFilter filter) {
        Comparator<Task> byId = Comparator.comparing(Task::id);
        Comparator<Task> sorted = switch (filter.sort()) {
            case NAME -> Comparator.comparing(Task::name, Texts::compare).thenComparing(Task::namespace);
            case GROUP -> Comparator.comparing(Task::group).thenComparing(Task::name, Texts::compare).thenComparing(byId);
            case OWNER -> Comparator.comparing(Task::owner, Texts::compare).thenComparing(Task::name, Texts::compare)
                    .thenComparing(byId);
            // Unplanned tasks sort as if planned for the end of time.
            case NEXT_FIRE -> Comparator.comparing((Task task) -> task.nextFireAt() == null ? Instant.MAX
                    : task.nextFireAt()).thenComparing(byId);
            case UPDATED -> Comparator.comparing(Task::updatedAt).thenComparing(byId);
            case ID -> byId;
        };
        sorted = filter.descending() ? sorted.reversed() : sorted;
        if (filter.groupedBy() == null) {
            return sorted;
        }
        // The grouping key first, as the MySQL store orders: ascending unless the sort is by that key.
        Comparator<Task> groups = Comparator.comparing(task -> key(task, filter.groupedBy()), Texts::compare);
        boolean sameColumn = filter.groupedBy().name().equals(filter.sort().name());
        return (sameColumn && filter.descending() ? groups.reversed() : groups).thenComparing(sorted);
    }
}
