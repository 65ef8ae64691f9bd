package io.redcron.node.scheduler;

import io.redcron.domain.AgedRun;
import io.redcron.domain.RetentionPolicy;
import io.redcron.domain.RetentionRules;
import io.redcron.port.HistoryCleanup;
import io.redcron.port.HistoryCleanup.Position;
import io.redcron.port.RetentionStore;
import io.redcron.port.RetentionStore.RetentionSettings;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BooleanSupplier;

/**
 * The leader's retention: sweeps its namespace's history from the oldest run on, a batch at a
 * time, and deletes the runs (and drops the outputs) that their task's policy lets go
 * ({@link RetentionRules}), then the audit rows past the namespace's age. Each pass works for at
 * most its budget and carries on from where the last one stopped; a finished sweep rests before
 * the next. Batches are read through the {@code (namespace, scheduled_at)} index from a position,
 * so a batch costs the same at the start of a sweep of a hundred million runs as at its end, and
 * each delete is one short transaction: nothing here holds many locks for long beside the
 * scheduler's writes.
 */
public final class RetentionSweep implements Runnable {
    private static final Logger LOG = LoggerFactory.getLogger(RetentionSweep.class);

    /** How the sweep reports what it did, for the node's metrics. */
    public interface Report {
        void purged(int runs, int outputs, int auditRows);

        /** At the end of a sweep: the oldest run kept, if any. */
        void swept(Optional<Instant> oldestRun);

        /** Where the sweep stands: the scheduled time it has reached, and the one it goes up to. */
        void position(Instant reached, Instant horizon);
    }

    /**
     * @param budget        how long one pass works at most
     * @param catchUpBudget how long it works while the sweep is more than {@link #BEHIND} behind
     *                      its horizon (a first sweep over years of history, or a sweep that fell
     *                      behind the rate runs are recorded at): longer, so that it catches up
     * @param rest          how long a finished sweep waits before the next
     */
    public record Settings(String namespace, int batch, Duration budget, Duration catchUpBudget, Duration rest) {
        public Settings(String namespace, int batch, Duration budget, Duration rest) {
            this(namespace, batch, budget, budget, rest);
        }
    }

    /** A sweep whose position is further than this from its horizon works with the catch-up budget. */
    static final Duration BEHIND = Duration.ofDays(1);

    private final Settings settings;
    private final RetentionStore retention;
    private final HistoryCleanup cleanup;
    private final BooleanSupplier leading;
    private final Clock clock;
    private final Report report;
    private Position position = Position.START;
    private Instant restUntil = Instant.MIN;
    /** Per task, the scheduled time from which its newest runs are kept; kept for one sweep. */
    private final Map<Long, Optional<Instant>> newestKept = new HashMap<>();

    public RetentionSweep(Settings settings, RetentionStore retention, HistoryCleanup cleanup, BooleanSupplier leading,
                          Clock clock, Report report) {
        this.settings = settings;
        this.retention = retention;
        this.cleanup = cleanup;
        this.leading = leading;
        this.clock = clock;
        this.report = report;
    }

    @Override
    public void run() {
        if (!leading.getAsBoolean()) {
            startOver();
            return;
        }
        Instant now = clock.instant();
        if (now.isBefore(restUntil)) {
            return;
        }
        RetentionSettings policies = retention.settings(settings.namespace());
        Instant horizon = horizon(policies, now);
        long started = System.nanoTime();
        boolean swept = horizon == null;
        while (!swept && System.nanoTime() - started < budget(settings, position, horizon).toNanos()
                && leading.getAsBoolean()) {
            swept = sweepBatch(policies, horizon, now);
        }
        if (swept) {
            int audit = purgeAudit(policies.effective(), now, started);
            purgeWorkflowRuns(started);
            report.purged(0, 0, audit);
            report.swept(cleanup.oldestRun(settings.namespace()));
            startOver();
            restUntil = now.plus(settings.rest());
        } else {
            report.position(position.scheduledAt(), horizon);
        }
    }

    /** One batch from the position on; true when the sweep has reached the horizon. */
    private boolean sweepBatch(RetentionSettings policies, Instant horizon, Instant now) {
        List<AgedRun> batch = cleanup.oldest(settings.namespace(), null, position, horizon, settings.batch());
        if (batch.isEmpty()) {
            return true;
        }
        Set<Long> pinned = retention.pinned(batch.stream().map(AgedRun::id).toList());
        readNewestKept(batch, policies);
        List<Long> deleting = new ArrayList<>();
        List<Long> dropping = new ArrayList<>();
        for (AgedRun run : batch) {
            RetentionPolicy policy = policies.forTask(run.taskId());
            switch (RetentionRules.judge(run, policy, now, newestKept(run.taskId(), policy), pinned.contains(run.id()))) {
                case DELETE -> deleting.add(run.id());
                case DROP_OUTPUT -> dropping.add(run.id());
                case KEEP -> { }
            }
        }
        int runs = deleting.isEmpty() ? 0 : cleanup.delete(settings.namespace(), deleting, now);
        int outputs = dropping.isEmpty() ? 0 : cleanup.dropOutputs(dropping);
        report.purged(runs, outputs, 0);
        position = Position.of(batch.get(batch.size() - 1));
        if (runs < deleting.size()) {
            LOG.debug("Retention in {}: {} of {} runs stayed (changed, pinned or kept by the database's policy)",
                    settings.namespace(), deleting.size() - runs, deleting.size());
        }
        return batch.size() < settings.batch();
    }

    /** The budget of a pass at this position: the catch-up one while the sweep is far behind its horizon. */
    static Duration budget(Settings settings, Position position, Instant horizon) {
        return position.scheduledAt().isBefore(horizon.minus(BEHIND)) ? settings.catchUpBudget() : settings.budget();
    }

    /**
     * Reads, in one call, where the newest runs kept begin for the batch's tasks not met yet in
     * this sweep: a sweep meets every task of the namespace, one query each would be its cost.
     */
    private void readNewestKept(List<AgedRun> batch, RetentionSettings policies) {
        Map<Long, Integer> unseen = new HashMap<>();
        for (AgedRun run : batch) {
            int keepLast = policies.forTask(run.taskId()).keepLast();
            if (keepLast > 0 && !newestKept.containsKey(run.taskId())) {
                unseen.put(run.taskId(), keepLast);
            }
        }
        if (unseen.isEmpty()) {
            return;
        }
        Map<Long, Instant> found = cleanup.nthNewest(unseen);
        unseen.keySet().forEach(taskId -> newestKept.put(taskId, Optional.ofNullable(found.get(taskId))));
    }

    private Instant newestKept(long taskId, RetentionPolicy policy) {
        if (policy.keepLast() == 0) {
            return null;
        }
        return newestKept.get(taskId).orElse(null);
    }

    /**
     * Workflow runs, with their steps, by the namespace's policy (the routine judges them by the
     * database's clock): a few rows per run, so batches within what is left of the budget.
     */
    private void purgeWorkflowRuns(long started) {
        int last;
        do {
            last = cleanup.purgeWorkflowRuns(settings.namespace(), settings.batch());
        } while (last == settings.batch() && System.nanoTime() - started < settings.budget().toNanos());
    }

    private int purgeAudit(RetentionPolicy policy, Instant now, long started) {
        if (policy.auditDays() == RetentionPolicy.FOREVER) {
            return 0;
        }
        Instant before = now.minus(Duration.ofDays(policy.auditDays()));
        int purged = 0;
        int last;
        do {
            last = cleanup.purgeAudit(settings.namespace(), before, settings.batch());
            purged += last;
        } while (last == settings.batch() && System.nanoTime() - started < settings.budget().toNanos());
        return purged;
    }

    /**
     * The youngest scheduled time any policy of the namespace may act on: the sweep reads up to
     * it. Null when every policy keeps everything forever.
     */
    static Instant horizon(RetentionSettings policies, Instant now) {
        Instant youngest = RetentionRules.horizon(policies.effective(), now);
        for (long taskId : policies.tasks().keySet()) {
            Instant task = RetentionRules.horizon(policies.forTask(taskId), now);
            if (task != null && (youngest == null || task.isAfter(youngest))) {
                youngest = task;
            }
        }
        return youngest;
    }

    private void startOver() {
        position = Position.START;
        newestKept.clear();
    }
}
