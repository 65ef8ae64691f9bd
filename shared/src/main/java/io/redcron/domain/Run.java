package io.redcron.domain;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;

/**
 * One fire of a task (or one manual trigger), with its current attempt. A cron fire is unique per
 * {@code (taskId, scheduledAt)}; the attempt number is the fence for writing results.
 *
 * @param lostAttempts attempts that ended without a result (the worker died, or handed the run
 *                   back on shutdown); they do not use up {@code maxAttempts}
 * @param node       the node that owns (or last owned) the current attempt
 * @param leaseUntil until when that ownership holds without renewal
 * @param output     the tail of the merged stdout/stderr of the last attempt; null in a listing
 *                   ({@code RunStore.list} reads no output) and before an attempt has any
 * @param error      why the run failed, was skipped or refused, in one line
 * @param shardIndex which shard of its fire this run is (0-based), or {@link #NOT_A_SHARD}
 * @param shardTotal on a shard, how many shards its fire has; on the parent of a sharded fire,
 *                   the same once it was split (0 before); 0 on any other run
 * @param claim      the token of the claim that took the current attempt ({@link ClaimTokens}), 0
 *                   before any: a claim released before it began gives its attempt number back,
 *                   so neither that number nor the node tells a node's old claim from its next one
 */
public record Run(long id, long taskId, String namespace, String taskName, String group, TriggerType trigger,
                  Instant scheduledAt, RunStatus status, int attempt, int maxAttempts, int lostAttempts, String node,
                  Instant leaseUntil, Instant createdAt, Instant startedAt, Instant finishedAt, Integer exitCode,
                  String output, String error, Map<String, String> params, int shardIndex, int shardTotal,
                  long claim) {

    /** The {@code shardIndex} of a run that is no shard. */
    public static final int NOT_A_SHARD = -1;

    public Run {
        Objects.requireNonNull(trigger, "trigger");
        Objects.requireNonNull(scheduledAt, "scheduledAt");
        Objects.requireNonNull(status, "status");
        params = params == null ? Map.of() : Map.copyOf(params);
        if (shardIndex < NOT_A_SHARD || shardTotal < 0 || (shardIndex >= 0 && shardIndex >= shardTotal)) {
            throw new IllegalArgumentException("shard: index " + shardIndex + " of " + shardTotal + " is no shard");
        }
    }

    /** A run as it is before any claim, or read where the claim does not matter. */
    public Run(long id, long taskId, String namespace, String taskName, String group, TriggerType trigger,
               Instant scheduledAt, RunStatus status, int attempt, int maxAttempts, int lostAttempts, String node,
               Instant leaseUntil, Instant createdAt, Instant startedAt, Instant finishedAt, Integer exitCode,
               String output, String error, Map<String, String> params, int shardIndex, int shardTotal) {
        this(id, taskId, namespace, taskName, group, trigger, scheduledAt, status, attempt, maxAttempts, lostAttempts,
                node, leaseUntil, createdAt, startedAt, finishedAt, exitCode, output, error, params, shardIndex,
                shardTotal, ClaimTokens.NONE);
    }

    /** A run that is no shard (nearly every run). */
    public Run(long id, long taskId, String namespace, String taskName, String group, TriggerType trigger,
               Instant scheduledAt, RunStatus status, int attempt, int maxAttempts, int lostAttempts, String node,
               Instant leaseUntil, Instant createdAt, Instant startedAt, Instant finishedAt, Integer exitCode,
               String output, String error, Map<String, String> params) {
        this(id, taskId, namespace, taskName, group, trigger, scheduledAt, status, attempt, maxAttempts, lostAttempts,
                node, leaseUntil, createdAt, startedAt, finishedAt, exitCode, output, error, params, NOT_A_SHARD, 0);
    }

    /** Whether this run is one shard of a sharded fire. */
    public boolean isShard() {
        return shardIndex != NOT_A_SHARD;
    }

    /** Whether this run is the parent of a sharded fire: waiting for its shards, or ended with them. */
    public boolean isShardParent() {
        return !isShard() && (status == RunStatus.SHARDED || shardTotal > 0);
    }

    /**
     * Whether this is a claim made ahead of the run's time that has not started yet: a worker holds
     * it until {@code startedAt}, its planned start. The store keeps it RUNNING (the claim is that
     * worker's), but it has not run: screens and commands show it as held, not running.
     */
    public boolean isHeld(Instant now) {
        return status == RunStatus.RUNNING && startedAt != null && startedAt.isAfter(now);
    }

    /** How long the last attempt ran, if it started. */
    public Duration duration() {
        if (startedAt == null) {
            return Duration.ZERO;
        }
        return Duration.between(startedAt, finishedAt != null ? finishedAt : startedAt);
    }

    /**
     * The run as claim {@code claim} by {@code node} leaves it: running as its next attempt, leased until
     * {@code leaseUntil}, started at {@code startedAt}; the last attempt's outcome cleared, its
     * error kept until the new attempt ends.
     */
    public Run claimed(String node, long claim, Instant leaseUntil, Instant startedAt) {
        return new Run(id, taskId, namespace, taskName, group, trigger, scheduledAt, RunStatus.RUNNING, attempt + 1,
                maxAttempts, lostAttempts, node, leaseUntil, createdAt, startedAt, null, null, null, error, params,
                shardIndex, shardTotal, claim);
    }

    /** The run as it waited before a claim that has not begun: queued, the claim's attempt not taken. */
    public Run unclaimed() {
        return new Run(id, taskId, namespace, taskName, group, trigger, scheduledAt, RunStatus.QUEUED, attempt - 1,
                maxAttempts, lostAttempts, null, null, createdAt, null, null, null, null, error, params, shardIndex,
                shardTotal, claim);
    }

    /** The same run leased until {@code leaseUntil}. */
    public Run withLease(Instant leaseUntil) {
        return new Run(id, taskId, namespace, taskName, group, trigger, scheduledAt, status, attempt, maxAttempts,
                lostAttempts, node, leaseUntil, createdAt, startedAt, finishedAt, exitCode, output, error, params,
                shardIndex, shardTotal, claim);
    }

    /** Whether a failed attempt may be retried: lost attempts do not count. */
    public boolean hasAttemptsLeft() {
        return attempt - lostAttempts < maxAttempts;
    }
}
