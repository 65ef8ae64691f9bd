package io.redcron.store.redis;

import io.redcron.domain.NodeInfo;
import io.redcron.domain.NodeRole;
import io.redcron.port.NodeRegistry;
import redis.clients.jedis.AbstractPipeline;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.params.ScanParams;
import redis.clients.jedis.resps.ScanResult;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Heartbeats as one hash per node with a TTL, and a copy of it that outlives the TTL by
 * {@link NodeRegistry#LOST_KEPT} (a lost node); listing scans the namespace's node keys (never KEYS).
 */
public final class RedisNodeRegistry implements NodeRegistry {
    private final UnifiedJedis redis;
    private final RedisKeys keys;

    public RedisNodeRegistry(UnifiedJedis redis, RedisKeys keys) {
        this.redis = redis;
        this.keys = keys;
    }

    @Override
    public void heartbeat(NodeInfo node, Duration ttl) {
        Map<String, String> fields = new LinkedHashMap<>();
        fields.put("host", node.host());
        fields.put("pid", Long.toString(node.pid()));
        fields.put("version", node.version());
        fields.put("roles", node.roles().stream().map(NodeRole::id).sorted().collect(Collectors.joining(",")));
        fields.put("groups", node.groups().stream().sorted().collect(Collectors.joining(",")));
        fields.put("slots", Integer.toString(node.slots()));
        fields.put("running", Integer.toString(node.running()));
        fields.put("startedAt", Long.toString(node.startedAt().toEpochMilli()));
        fields.put("lastSeen", Long.toString(node.lastSeen().toEpochMilli()));
        if (node.clockOffset() != null) {
            fields.put("clockOffsetMs", Long.toString(node.clockOffset().toMillis()));
        }
        String key = keys.node(node.nodeId());
        String seen = keys.nodeSeen(node.nodeId());
        // Two keys, not one: the heartbeat's own expiry is what says the node is gone (and every
        // reader of live nodes relies on it); the copy outlives it to show the node as lost.
        try (AbstractPipeline pipeline = redis.pipelined()) {
            pipeline.hset(key, fields);
            pipeline.pexpire(key, ttl.toMillis());
            pipeline.hset(seen, fields);
            pipeline.pexpire(seen, ttl.plus(LOST_KEPT).toMillis());
            pipeline.sync();
        }
    }

    @Override
    public void remove(String nodeId) {
        redis.del(keys.node(nodeId));
        redis.del(keys.nodeSeen(nodeId));
    }

    @Override
    public List<NodeInfo> list() {
        return read(keys.nodePattern(), keys.node(""));
    }

    @Override
    public List<NodeInfo> lost() {
        Set<String> live = new HashSet<>();
        list().forEach(node -> live.add(node.nodeId()));
        List<NodeInfo> lost = new ArrayList<>();
        for (NodeInfo node : read(keys.nodeSeenPattern(), keys.nodeSeen(""))) {
            if (!live.contains(node.nodeId())) {
                lost.add(node);
            }
        }
        return lost;
    }

    private List<NodeInfo> read(String pattern, String prefix) {
        List<NodeInfo> nodes = new ArrayList<>();
        String cursor = ScanParams.SCAN_POINTER_START;
        ScanParams params = new ScanParams().match(pattern).count(500);
        do {
            ScanResult<String> page = redis.scan(cursor, params);
            for (String key : page.getResult()) {
                Map<String, String> fields = redis.hgetAll(key);
                if (!fields.isEmpty()) {
                    nodes.add(toNode(key.substring(prefix.length()), fields));
                }
            }
            cursor = page.getCursor();
        } while (!cursor.equals(ScanParams.SCAN_POINTER_START));
        nodes.sort(Comparator.comparing(NodeInfo::nodeId));
        return nodes;
    }

    private static NodeInfo toNode(String nodeId, Map<String, String> fields) {
        Set<NodeRole> roles = split(fields.get("roles")).stream().map(NodeRole::parse).collect(Collectors.toSet());
        return new NodeInfo(nodeId, fields.getOrDefault("host", "?"), parseLong(fields.get("pid")),
                fields.getOrDefault("version", "?"), roles, Set.copyOf(split(fields.get("groups"))),
                (int) parseLong(fields.get("slots")), (int) parseLong(fields.get("running")),
                Instant.ofEpochMilli(parseLong(fields.get("startedAt"))), Instant.ofEpochMilli(parseLong(fields.get("lastSeen"))),
                fields.containsKey("clockOffsetMs") ? java.time.Duration.ofMillis(parseLong(fields.get("clockOffsetMs"))) : null);
    }

    private static List<String> split(String text) {
        return text == null || text.isEmpty() ? List.of() : Arrays.asList(text.split(","));
    }

    private static long parseLong(String text) {
        try {
            return text == null ? 0 : Long.parseLong(text);
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
