package io.redcron.node.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.redcron.domain.NodeInfo;
import io.redcron.domain.NodeRole;
import io.redcron.port.NodeDrains;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.stream.Collectors;

@Command(name = "nodes", mixinStandardHelpOptions = true,
        description = "The nodes of a namespace; draining one for maintenance.",
        subcommands = {NodesCommand.ListNodes.class, NodesCommand.Drain.class, NodesCommand.Undrain.class})
final class NodesCommand {

    @Command(name = "list", mixinStandardHelpOptions = true,
            description = {"Lists the nodes with roles, groups, load and clock offset: those whose heartbeat is alive,",
                "then those lost in the last day (heartbeat expired without a clean stop), as last seen."},
            footer = {"", ExitCode.HELP})
    static final class ListNodes extends StoreCommand {

        @Option(names = "--json", description = "Print a JSON array; each node has \"state\": \"live\" or \"lost\".")
        boolean json;

        @Override
        void run(CliStores stores, PrintWriter out) throws Exception {
            List<NodeInfo> live = stores.nodes().list();
            List<NodeInfo> lost = stores.nodes().lost();
            java.util.Map<String, NodeDrains.Drain> drains = new java.util.HashMap<>();
            stores.drains().list(stores.namespace()).forEach(drain -> drains.put(drain.nodeId(), drain));
            Instant now = clock.instant();
            if (json) {
                ArrayNode array = JsonNodeFactory.instance.arrayNode();
                live.forEach(node -> json(array.addObject(), node, "live", drains.get(node.nodeId())));
                lost.forEach(node -> json(array.addObject(), node, "lost", drains.get(node.nodeId())));
                out.println(Json.write(array));
            } else if (live.isEmpty() && lost.isEmpty()) {
                out.println("No live nodes in namespace '" + stores.namespace() + "'.");
            } else {
                Table table = new Table("NODE", "STATE", "HOST", "ROLES", "GROUPS", "RUNNING", "VERSION", "CLOCK",
                        "LAST SEEN");
                live.forEach(node -> row(table, node, state("live", drains.get(node.nodeId())), now));
                lost.forEach(node -> row(table, node, state("LOST", drains.get(node.nodeId())), now));
                table.print(out);
            }
            out.flush();
        }

        /** "live", or "live, draining" / "live, drained" while an operator drains it. */
        private static String state(String base, NodeDrains.Drain drain) {
            return drain == null ? base : base + (drain.isDrained() ? ", drained" : ", draining");
        }

        private static void json(ObjectNode doc, NodeInfo node, String state, NodeDrains.Drain drain) {
            doc.put("nodeId", node.nodeId());
            doc.put("state", state);
            doc.put("drain", drain == null ? "none" : drain.isDrained() ? "drained" : "draining");
            doc.put("host", node.host());
            doc.put("pid", node.pid());
            doc.put("version", node.version());
            ArrayNode roles = doc.putArray("roles");
            node.roles().stream().map(NodeRole::id).sorted().forEach(roles::add);
            ArrayNode groups = doc.putArray("groups");
            node.groups().stream().sorted().forEach(groups::add);
            doc.put("slots", node.slots());
            doc.put("running", node.running());
            doc.put("startedAt", RunViews.time(node.startedAt()));
            doc.put("lastSeen", RunViews.time(node.lastSeen()));
            if (node.clockOffset() == null) {
                doc.putNull("clockOffsetMs");
            } else {
                doc.put("clockOffsetMs", node.clockOffset().toMillis());
            }
        }

        private static void row(Table table, NodeInfo node, String state, Instant now) {
            table.row(node.nodeId(), state, node.host(),
                    node.roles().stream().map(NodeRole::id).sorted().collect(Collectors.joining(",")),
                    node.groups().stream().sorted().collect(Collectors.joining(",")),
                    node.running() + "/" + node.slots(), node.version(),
                    node.clockOffset() == null ? null : offset(node.clockOffset()),
                    Duration.between(node.lastSeen(), now).toSeconds() + "s ago");
        }

        /** The offset to the database's clock, signed, in milliseconds: "+12ms" (ahead), "-3ms" (behind). */
        private static String offset(Duration offset) {
            long millis = offset.toMillis();
            return (millis >= 0 ? "+" : "") + millis + "ms";
        }
    }

    @Command(name = "drain", mixinStandardHelpOptions = true,
            description = {"Asks a node to stop taking runs of the namespace; the runs it has go on to their end.",
                    "'nodes list' shows it draining, then drained once it has none left. It stays drained,",
                    "restarts included, until 'nodes undrain'."},
            footer = {"", "Example:", "  redcron-node nodes drain worker-2", "", ExitCode.HELP})
    static final class Drain extends StoreCommand {

        @picocli.CommandLine.Parameters(index = "0", paramLabel = "NODE_ID", description = "The node's id.")
        String nodeId;

        @Override
        void run(CliStores stores, PrintWriter out) {
            boolean known = stores.nodes().list().stream().anyMatch(node -> node.nodeId().equals(nodeId))
                    || stores.nodes().lost().stream().anyMatch(node -> node.nodeId().equals(nodeId));
            boolean asked = stores.drains().request(stores.namespace(), nodeId, CliStores.actor());
            out.println(asked ? "Node '" + nodeId + "' is draining: it takes no more runs of namespace '"
                    + stores.namespace() + "'." : "Node '" + nodeId + "' was draining already.");
            if (!known) {
                out.println("warning: no node '" + nodeId + "' has been seen in the last day; it will start drained.");
            }
        }
    }

    @Command(name = "undrain", mixinStandardHelpOptions = true,
            description = "Lets a drained node take runs of the namespace again.", footer = {"", ExitCode.HELP})
    static final class Undrain extends StoreCommand {

        @picocli.CommandLine.Parameters(index = "0", paramLabel = "NODE_ID", description = "The node's id.")
        String nodeId;

        @Override
        void run(CliStores stores, PrintWriter out) {
            boolean done = stores.drains().withdraw(stores.namespace(), nodeId, CliStores.actor());
            out.println(done ? "Node '" + nodeId + "' takes runs again." : "Node '" + nodeId + "' was not draining.");
        }
    }
}
