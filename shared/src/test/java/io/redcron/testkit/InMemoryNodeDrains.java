package io.redcron.testkit;

import io.redcron.port.NodeDrains;

import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/** Drain requests in memory, audited as the MySQL store audits them. */
final class InMemoryNodeDrains implements NodeDrains {
    private final Tables tables;

    InMemoryNodeDrains(Tables tables) {
        this.tables = tables;
    }

    @Override
    public boolean request(String namespace, String nodeId, String actor) {
        String who = Texts.actor(actor);
        synchronized (tables) {
            String key = key(namespace, check(nodeId));
            if (tables.drains.containsKey(key)) {
                return false;
            }
            tables.drains.put(key, new Drain(namespace, nodeId, tables.now(), who, null));
            tables.audit(namespace, who, "node.drain", "node:" + nodeId, null, null);
            return true;
        }
    }

    @Override
    public boolean withdraw(String namespace, String nodeId, String actor) {
        String who = Texts.actor(actor);
        synchronized (tables) {
            if (tables.drains.remove(key(namespace, check(nodeId))) == null) {
                return false;
            }
            tables.audit(namespace, who, "node.undrain", "node:" + nodeId, null, null);
            return true;
        }
    }

    @Override
    public Optional<Drain> of(String namespace, String nodeId) {
        synchronized (tables) {
            return Optional.ofNullable(tables.drains.get(key(namespace, nodeId)));
        }
    }

    @Override
    public List<Drain> list(String namespace) {
        synchronized (tables) {
            return tables.drains.values().stream().filter(drain -> drain.namespace().equals(namespace))
                    .sorted(Comparator.comparing(Drain::nodeId)).toList();
        }
    }

    @Override
    public void drained(String namespace, String nodeId, Instant at) {
        synchronized (tables) {
            tables.drains.computeIfPresent(key(namespace, nodeId), (key, drain) -> drain.isDrained() ? drain
                    : new Drain(drain.namespace(), drain.nodeId(), drain.requestedAt(), drain.requestedBy(),
                    Tables.millis(at)));
        }
    }

    private static String key(String namespace, String nodeId) {
        return namespace + "\u0000" + nodeId;
    }

    private static String check(String nodeId) {
        if (nodeId == null || nodeId.isBlank() || nodeId.length() > 200) {
            throw new IllegalArgumentException("node: a node id of 1-200 characters, got '" + nodeId + "'");
        }
        return nodeId;
    }
}
