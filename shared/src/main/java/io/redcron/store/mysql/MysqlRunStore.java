package io.redcron.store.mysql;

import io.redcron.domain.PastAttempt;
import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.port.Claim;
import io.redcron.port.Page;
import io.redcron.port.RecentResults;
import io.redcron.port.PageRequest;
import io.redcron.port.RunFilter;
import io.redcron.port.RunOutcome;
import io.redcron.port.RunStore;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.sql.DataSource;

/**
 * Run history in {@code task_run}, by duty: the record of runs ({@link MysqlRunHistory}), claims
 * and what follows them until a result ({@link MysqlRunClaims}), and results
 * ({@link MysqlRunResults}). Every status change is one conditional {@code UPDATE} that names the
 * state it expects (a named {@link io.redcron.domain.RunTransition}), so of two racing nodes
 * exactly one changes the row.
 */
public final class MysqlRunStore implements RunStore {
    private final MysqlRunHistory history;
    private final MysqlRunClaims claims;
    private final MysqlRunResults results;

    public MysqlRunStore(DataSource dataSource, Clock clock) {
        Jdbc jdbc = new Jdbc(dataSource);
        this.history = new MysqlRunHistory(jdbc, clock);
        this.claims = new MysqlRunClaims(jdbc);
        this.results = new MysqlRunResults(jdbc);
    }

    @Override
    public Run insertOrGetCronFire(long taskId, Instant scheduledAt, int maxAttempts) {
        return history.insertOrGetCronFire(taskId, scheduledAt, maxAttempts);
    }

    @Override
    public List<Run> shards(Run parent) {
        return history.shards(parent);
    }

    @Override
    public Optional<Run> parent(Run shard) {
        return history.parent(shard);
    }

    @Override
    public Run insertManual(long taskId, Instant requestedAt, int maxAttempts, Map<String, String> params) {
        return history.insertManual(taskId, requestedAt, maxAttempts, params);
    }

    @Override
    public Run insertShardAgain(Run shard, Instant requestedAt, int maxAttempts) {
        return history.insertShardAgain(shard, requestedAt, maxAttempts);
    }

    @Override
    public Requested insertRequested(long taskId, io.redcron.domain.RunRequest request, Instant now, int maxAttempts) {
        return history.insertRequested(taskId, request, now, maxAttempts);
    }

    @Override
    public Optional<Run> get(long id) {
        return history.get(id);
    }

    @Override
    public Map<Long, Run> getAll(Collection<Long> ids) {
        return history.getAll(ids);
    }

    @Override
    public List<PastAttempt> attempts(long runId) {
        return history.attempts(runId);
    }

    @Override
    public Page<Run> list(RunFilter filter, PageRequest page) {
        return history.list(filter, page);
    }

    @Override
    public Map<Long, RecentResults> recentResults(Collection<Long> taskIds, int last) {
        return history.recentResults(taskIds, last);
    }

    @Override
    public Optional<Instant> lastSuccess(String namespace, long taskId) {
        return history.lastSuccess(namespace, taskId);
    }

    @Override
    public Optional<Run> requestCancel(long runId, Instant now, String reason) {
        return history.requestCancel(runId, now, reason);
    }

    @Override
    public boolean changeIdle(long runId, RunStatus from, RunStatus to, String error, Instant now) {
        return history.changeIdle(runId, from, to, error, now);
    }

    @Override
    public Optional<Run> claim(long runId, String node, Instant now, Instant leaseUntil) {
        return claims.claim(runId, node, now, leaseUntil);
    }

    @Override
    public BatchClaim claimAll(Collection<Long> runIds, String node, Instant now, Instant leaseUntil,
                               Duration misfireThreshold) {
        return claims.claimAll(runIds, node, now, leaseUntil, misfireThreshold);
    }

    @Override
    public List<Claim> claimAndBeginAll(List<Long> runIds, String node, Instant now, Instant leaseUntil,
                                        Duration misfireThreshold, Instant recheckAt) {
        return claims.claimAndBeginAll(runIds, node, now, leaseUntil, misfireThreshold, recheckAt);
    }

    @Override
    public List<Claim> beginAll(String node, List<StartMark> marks, Instant now, Duration misfireThreshold,
                                Instant recheckAt) {
        return claims.beginAll(node, marks, now, misfireThreshold, recheckAt);
    }

    @Override
    public boolean handBack(long runId, int attempt, long claim, String node, Instant now, String reason) {
        return claims.handBack(runId, attempt, claim, node, now, reason);
    }

    @Override
    public boolean renewLease(long runId, int attempt, String node, Instant leaseUntil) {
        return claims.renewLease(runId, attempt, node, leaseUntil);
    }

    @Override
    public boolean complete(long runId, int attempt, RunStatus from, RunOutcome outcome) {
        return results.complete(runId, attempt, from, outcome);
    }

    @Override
    public List<Boolean> completeAll(List<Completion> completions) {
        return results.completeAll(completions);
    }
}
