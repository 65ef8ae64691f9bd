package io.redcron.node.api;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.javalin.Javalin;
import io.javalin.http.Context;
import io.redcron.domain.NodeInfo;
import io.redcron.domain.NodeRole;
import io.redcron.port.LeaderLease;
import io.redcron.port.QueueInspector;

import java.util.Comparator;
import java.util.Map;
import java.util.Optional;

/** The cluster as a namespace sees it: live nodes, the scheduler's leader, the queues. */
final class ClusterRoutes {
    private final Map<String, ApiNamespace> namespaces;

    ClusterRoutes(Map<String, ApiNamespace> namespaces) {
        this.namespaces = namespaces;
    }

    void register(Javalin app) {
        app.get(ApiServer.NAMESPACE + "/nodes", this::nodes, Need.READ);
        app.get(ApiServer.NAMESPACE + "/leader", this::leader, Need.READ);
        app.get(ApiServer.NAMESPACE + "/queues", this::queues, Need.READ);
    }

    private void nodes(Context ctx) {
        ApiNamespace ns = TaskRoutes.namespace(ctx, namespaces);
        ArrayNode items = ApiJson.NODES.arrayNode();
        ns.nodes().list().stream().sorted(Comparator.comparing(NodeInfo::nodeId)).forEach(node -> {
            ObjectNode doc = items.addObject();
            doc.put("id", node.nodeId());
            doc.put("host", node.host());
            doc.put("version", node.version());
            ArrayNode roles = doc.putArray("roles");
            node.roles().stream().map(NodeRole::id).sorted().forEach(roles::add);
            ArrayNode groups = doc.putArray("groups");
            node.groups().stream().sorted().forEach(groups::add);
            doc.put("slots", node.slots());
            doc.put("running", node.running());
            doc.put("startedAt", ApiJson.time(node.startedAt()));
            doc.put("lastSeen", ApiJson.time(node.lastSeen()));
        });
        ObjectNode body = ApiJson.NODES.objectNode();
        body.set("items", items);
        ApiJson.send(ctx, 200, body);
    }

    private void leader(Context ctx) {
        ApiNamespace ns = TaskRoutes.namespace(ctx, namespaces);
        Optional<LeaderLease.Holder> holder = ns.leader().current();
        ObjectNode body = ApiJson.NODES.objectNode();
        if (holder.isPresent()) {
            body.put("node", holder.get().nodeId());
            body.put("leaseRemainingMs", holder.get().remaining().toMillis());
        } else {
            body.putNull("node");
            body.putNull("leaseRemainingMs");
        }
        ApiJson.send(ctx, 200, body);
    }

    private void queues(Context ctx) {
        ApiNamespace ns = TaskRoutes.namespace(ctx, namespaces);
        QueueInspector.QueueStats stats = ns.queues().stats();
        ObjectNode body = ApiJson.NODES.objectNode();
        ArrayNode groups = body.putArray("groups");
        stats.streams().stream().sorted(Comparator.comparing(QueueInspector.StreamStats::group)).forEach(stream -> {
            ObjectNode doc = groups.addObject();
            doc.put("group", stream.group());
            doc.put("length", stream.length());
            doc.put("pending", stream.pendingTotal());
        });
        body.put("delayed", stats.delayed());
        body.put("dead", stats.dead());
        ApiJson.send(ctx, 200, body);
    }
}
