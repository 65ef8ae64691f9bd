package io.redcron.node.api;

import io.redcron.ops.OperatorPorts;
import io.redcron.ops.Operations;
import io.redcron.port.LeaderLease;
import io.redcron.port.NodeRegistry;
import io.redcron.port.QueueInspector;

import java.time.Clock;

/** The ports of one namespace the API serves, as the node's composition root builds them. */
public record ApiNamespace(String namespace, OperatorPorts ports, NodeRegistry nodes, LeaderLease leader,
                           QueueInspector queues, Clock clock) {

    /** The operator actions on behalf of one token: the audit log names it {@code api:<token name>}. */
    Operations operations(Caller caller) {
        return new Operations(ports, namespace, caller.actor(), clock);
    }
}
