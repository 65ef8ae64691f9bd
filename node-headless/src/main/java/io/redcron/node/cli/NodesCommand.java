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
            description = "Lists the nodes whose heartbeat is alive, with roles, groups and load.",
            footer = {"", ExitCode.HELP})
    static final class ListNodes extends StoreCommand {

        @Option(names = "--json", description = "Print a JSON array.")
        boolean json;

        @Override
        void run(CliStores stores, PrintWriter out) throws Exception {
            List<NodeInfo> nodes = stores.nodes().list();
            Instant now = clock.instant();
            if (json) {
                ArrayNode array = JsonNodeFactory.instance.arrayNode();
                for (NodeInfo node : nodes) {
                    ObjectNode doc = array.addObject();
                    doc.put("nodeId", node.nodeId());
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
                }
                out.println(Json.write(array));
            } else if (nodes.isEmpty()) {
                out.println("No live nodes in namespace '" + stores.namespace() + "'.");
            } else {
                Table table = new Table("NODE", "HOST", "ROLES", "GROUPS", "RUNNING", "VERSION", "LAST SEEN");
                for (NodeInfo node : nodes) {
                    table.row(node.nodeId(), node.host(),
                            node.roles().stream().map(NodeRole::id).sorted().collect(Collectors.joining(",")),
                            node.groups().stream().sorted().collect(Collectors.joining(",")),
                            node.running() + "/" + node.slots(), node.version(),
                            Duration.between(node.lastSeen(), now).toSeconds() + "s ago");
                }
                table.print(out);
            }
            out.flush();
        }
    }
}
