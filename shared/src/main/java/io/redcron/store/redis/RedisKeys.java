package io.redcron.store.redis;

import io.redcron.domain.Identifiers;

import java.util.Objects;

/**
 * Every Redis key Redcron uses, and nothing else builds key names. All keys of a namespace share
 * the hash tag {@code {ns}}, so they live in one Cluster slot and multi-key Lua scripts stay valid.
 */
public final class RedisKeys {
    private final String namespace;
    private final String prefix;

    public RedisKeys(String namespace) {
        Objects.requireNonNull(namespace, "namespace");
        if (!Identifiers.isIdentifier(namespace)) {
            throw new IllegalArgumentException("namespace: '" + namespace + "' must be " + Identifiers.IDENTIFIER_RULE);
        }
        this.namespace = namespace;
        this.prefix = "rc:{" + namespace + "}:";
    }

    public String namespace() {
        return namespace;
    }

    /** The active scheduler's lease: {@code nodeId:uuid}, with a PX expiry. */
    public String leader() {
        return prefix + "leader";
    }

    /** Task id → next fire time in epoch milliseconds. */
    public String schedule() {
        return prefix + "schedule";
    }

    /** Run ids ready for the workers of one routing group. */
    public String stream(String group) {
        return prefix + "stream:" + group;
    }

    /** The consumer group all workers of a namespace read streams with. */
    public String consumerGroup() {
        return "workers";
    }

    /** Run id → due time, for retries with backoff and runs held by policy. */
    public String delayed() {
        return prefix + "delayed";
    }

    /** Run ids of a task in flight, for the concurrency policy. */
    public String running(long taskId) {
        return prefix + "running:" + taskId;
    }

    /** A node's heartbeat hash, expiring when the node stops beating. */
    public String node(String nodeId) {
        return prefix + "node:" + nodeId;
    }

    /** A node's last heartbeat, kept a day after the heartbeat itself expired (a lost node). */
    public String nodeSeen(String nodeId) {
        return prefix + "node-seen:" + nodeId;
    }

    /** Pattern matching every kept last heartbeat of this namespace (for SCAN). */
    public String nodeSeenPattern() {
        return prefix + "node-seen:*";
    }

    /** Pattern matching every node heartbeat of this namespace (for SCAN). */
    public String nodePattern() {
        return prefix + "node:*";
    }

    /** Runs that exhausted their attempts or deliveries. */
    public String dead() {
        return prefix + "dead";
    }

    /** Task id → its latest fire that failed for good, until a later success clears it (recovery alerts). */
    public String failing() {
        return prefix + "failing";
    }

    /** The live output tail of a running run. */
    public String log(long runId) {
        return prefix + "log:" + runId;
    }

    /** Pub/sub channel for run and task events and cancel requests. */
    public String events() {
        return prefix + "events";
    }

    /** Pattern matching every key of this namespace (for SCAN, never KEYS). */
    public String all() {
        return prefix + "*";
    }
}
