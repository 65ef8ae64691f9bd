package io.redcron.node.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.redcron.domain.NodeInfo;
import io.redcron.domain.NodeRole;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.stream.Collectors;

@Command(name = "nodes", mixinStandardHelpOptions = true, description = "The nodes of a namespace.",
        subcommands = NodesCommand.ListNodes.class)
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
            Instant now = clock.instant();
            if (json) {
                ArrayNode array = JsonNodeFactory.instance.arrayNode();
                live.forEach(node -> json(array.addObject(), node, "live"));
                lost.forEach(node -> json(array.addObject(), node, "lost"));
                out.println(Json.write(array));
            } else if (live.isEmpty() && lost.isEmpty()) {
                out.println("No live nodes in namespace '" + stores.namespace() + "'.");
            } else {
                Table table = new Table("NODE", "STATE", "HOST", "ROLES", "GROUPS", "RUNNING", "VERSION", "CLOCK",
                        "LAST SEEN");
                live.forEach(node -> row(table, node, "live", now));
                lost.forEach(node -> row(table, node, "LOST", now));
                table.print(out);
            }
            out.flush();
        }

        private static void json(ObjectNode doc, NodeInfo node, String state) {
            doc.put("nodeId", node.nodeId());
            doc.put("state", state);
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
}
