package io.redcron.port;

import io.redcron.workflow.Workflow;

import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Workflow definitions: what operators edit, and what the leader fires by cron. Every change is
 * audited in its own transaction, naming {@code actor}.
 */
public interface WorkflowStore {
    /**
     * Stores a new workflow; its next fire is planned from {@code now}.
     *
     * @throws DuplicateWorkflowException when the namespace has a workflow of that name
     */
    Workflow create(Workflow workflow, Instant now, String actor);

    /**
     * Replaces a workflow's definition (found by id). Runs already recorded keep the steps they
     * were recorded with.
     *
     * @throws StaleWorkflowException when it changed since {@code expectedVersion}
     */
    Workflow update(Workflow workflow, long expectedVersion, Instant now, String actor);

    /** Pauses ({@code false}) or resumes a workflow; resuming plans its next fire from {@code now}. */
    Optional<Workflow> setEnabled(String namespace, String name, boolean enabled, Instant now, String actor);

    /** Deletes a workflow; its runs stay in the history. */
    boolean delete(String namespace, String name, String actor);

    Optional<Workflow> get(String namespace, String name);

    Optional<Workflow> get(long id);

    /** Every workflow of the namespace, by name (a namespace holds few). */
    List<Workflow> list(String namespace);

    /**
     * For each of {@code names} (tasks or workflows) that a step runs, the workflows of the
     * namespace with such a step, by name. Read from {@link #list}: a namespace holds few.
     */
    default Map<String, List<String>> usersOf(String namespace, Collection<String> names) {
        java.util.Set<String> wanted = new java.util.HashSet<>(names);
        Map<String, List<String>> users = new java.util.TreeMap<>();
        for (Workflow workflow : list(namespace)) {
            workflow.steps().stream().map(step -> step.target().name()).filter(wanted::contains).distinct()
                    .forEach(name -> users.computeIfAbsent(name, found -> new java.util.ArrayList<>()).add(workflow.name()));
        }
        return users;
    }

    /** The enabled workflows with a cron whose next fire is at or before {@code horizon}, soonest first. */
    List<Workflow> due(String namespace, Instant horizon, int limit);
}
