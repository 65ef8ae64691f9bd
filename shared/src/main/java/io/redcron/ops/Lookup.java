package io.redcron.ops;

import io.redcron.domain.Run;
import io.redcron.domain.Task;
import io.redcron.ops.OperationException.Kind;
import io.redcron.port.Page;
import io.redcron.port.PageRequest;
import io.redcron.port.RunStore;
import io.redcron.port.TaskFilter;
import io.redcron.port.TaskStore;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Finds the tasks and runs an operator names, in one namespace only: a run or task of another
 * namespace is not there for them, whatever its id.
 */
public final class Lookup {
    private final TaskStore tasks;
    private final RunStore runs;
    private final String namespace;

    public Lookup(TaskStore tasks, RunStore runs, String namespace) {
        this.tasks = tasks;
        this.runs = runs;
        this.namespace = namespace;
    }

    public String namespace() {
        return namespace;
    }

    /** The task with this name or, failing that, this numeric id. */
    public Task task(String nameOrId) {
        return findTask(nameOrId).orElseThrow(() -> new OperationException(Kind.NO_SUCH_TASK,
                "no task named '" + nameOrId + "' in namespace '" + namespace + "'"));
    }

    public Optional<Task> findTask(String nameOrId) {
        Optional<Task> byName = tasks.findByName(namespace, nameOrId);
        if (byName.isPresent() || !nameOrId.matches("\\d{1,18}")) {
            return byName;
        }
        return tasks.get(Long.parseLong(nameOrId)).filter(task -> task.namespace().equals(namespace));
    }

    /** The run with this id, with its output. */
    public Run run(long runId) {
        return findRun(runId).orElseThrow(() -> new OperationException(Kind.NO_SUCH_RUN,
                "no run " + runId + " in namespace '" + namespace + "'"));
    }

    public Optional<Run> findRun(long runId) {
        return runs.get(runId).filter(run -> run.namespace().equals(namespace));
    }

    /**
     * The tasks whose name contains {@code part} (case-insensitive), by name: at most {@code max},
     * and whether more match. The store's text search also matches descriptions; only names count here.
     */
    public TaskMatches tasksNamedLike(String part, int max) {
        String wanted = part.strip().toLowerCase(Locale.ROOT);
        TaskFilter filter = TaskFilter.all(namespace).withText(wanted);
        List<Task> found = new ArrayList<>();
        int offset = 0;
        while (true) {
            Page<Task> page = tasks.list(filter, new PageRequest(offset, NAME_SEARCH_PAGE));
            for (Task task : page.items()) {
                if (task.name().toLowerCase(Locale.ROOT).contains(wanted)) {
                    if (found.size() == max) {
                        return new TaskMatches(found, true);
                    }
                    found.add(task);
                }
            }
            if (!page.hasMore() || page.items().isEmpty()) {
                return new TaskMatches(found, false);
            }
            offset += page.items().size();
        }
    }

    /** How many tasks {@link #tasksNamedLike} reads per statement. */
    private static final int NAME_SEARCH_PAGE = 500;

    /** Tasks whose names matched: at most the number asked for, and whether more did. */
    public record TaskMatches(List<Task> tasks, boolean more) {
        public TaskMatches {
            tasks = List.copyOf(tasks);
        }
    }

    /** The tasks of these ids in this namespace, by id; ids of no task (or another namespace's) are left out. */
    public Map<Long, Task> tasks(Collection<Long> ids) {
        if (ids.isEmpty()) {
            return Map.of();
        }
        return tasks.getAll(ids).values().stream().filter(task -> task.namespace().equals(namespace))
                .collect(Collectors.toMap(Task::id, task -> task));
    }
}
