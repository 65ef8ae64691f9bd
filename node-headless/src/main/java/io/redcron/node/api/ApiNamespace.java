package io.redcron.node.api;

import io.redcron.ops.OperatorPorts;
import io.redcron.ops.Operations;
import io.redcron.ops.StopWorkflowRuns;
import io.redcron.ops.WorkflowOperations;
import io.redcron.port.LeaderLease;
import io.redcron.port.ManagedTaskStore;
import io.redcron.port.NodeRegistry;
import io.redcron.port.QueueInspector;
import io.redcron.port.TaskStore;
import io.redcron.port.WorkflowRuns;
import io.redcron.port.WorkflowStore;

import java.time.Clock;

/**
 * The ports of one namespace the API serves, as the node's composition root builds them.
 *
 * @param managed   which tasks applications declare in their code
 * @param declaring the task store applications reconcile their declarations through: the one of
 *                  {@code ports} without the guard that refuses edits of managed tasks
 */
public record ApiNamespace(String namespace, OperatorPorts ports, NodeRegistry nodes, LeaderLease leader,
                           QueueInspector queues, ManagedTaskStore managed, TaskStore declaring,
                           WorkflowStore workflows, WorkflowRuns workflowRuns, Clock clock) {

    /** The operator actions on behalf of one token: the audit log names it {@code api:<token name>}. */
    Operations operations(Caller caller) {
        return new Operations(ports, namespace, caller.actor(), clock);
    }

    /** The workflow actions on behalf of one token, audited as {@link #operations} are. */
    WorkflowOperations workflowOperations(Caller caller) {
        return new WorkflowOperations(namespace, caller.actor(), workflows, workflowRuns, ports.tasks(),
                new StopWorkflowRuns(workflowRuns, ports.runs(), ports.events()), clock);
    }
}
