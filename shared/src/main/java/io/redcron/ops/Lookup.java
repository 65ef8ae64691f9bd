package io.redcron.ops;

import io.redcron.domain.Run;
import io.redcron.domain.Task;
import io.redcron.ops.OperationException.Kind;
import io.redcron.port.RunStore;
import io.redcron.port.TaskStore;

import java.util.Optional;

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
}
