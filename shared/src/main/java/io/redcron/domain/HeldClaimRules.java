package io.redcron.domain;

import io.redcron.domain.ClaimRules.Decision;
import io.redcron.domain.ClaimRules.TaskRules;
import io.redcron.domain.ClaimRules.UnfinishedRun;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What the claims a worker holds for their time come to when that time comes, decided together
 * for one batch (a store reads, calls {@link #decide}, and writes the decisions).
 *
 * <p>A held claim is no attempt yet, so each is decided by {@link ClaimRules} exactly as the claim
 * of the waiting run it reserved: its cancel, its misfire policy, then its task's concurrency
 * policy. The runs of one task are decided in its queue order (for {@code replace} the newest
 * first, so that an older fire is not started only to be cancelled by a newer one of the same
 * batch), and each decision is seen by the next: a run begun here is in flight for the runs of its
 * task decided after it, one skipped or cancelled is gone.
 */
public final class HeldClaimRules {
    private HeldClaimRules() {
    }

    /**
     * One held claim: the run as this worker claimed it (RUNNING, its new attempt, not begun).
     *
     * @param cancelRequested whether a cancel was asked for meanwhile
     */
    public record HeldClaim(Run claimed, boolean cancelRequested) {
        public HeldClaim {
            Objects.requireNonNull(claimed, "claimed");
        }

        /** The run as the rules see it: still waiting. */
        UnfinishedRun waiting() {
            return UnfinishedRun.of(claimed, null, cancelRequested, false);
        }
    }

    /**
     * Everything one batch's decisions need.
     *
     * @param held          the held claims to decide
     * @param tasks         the rules of their tasks as their rows hold them now (under their lock);
     *                      a task that is gone is absent
     * @param unfinished    the unfinished runs of those tasks, as {@link UnfinishedRun#of} reads
     *                      them, the held claims themselves among them; a run never attempted
     *                      (neither in flight nor waiting to run again) may be left out, for it
     *                      holds no other run back
     * @param laterMisfires per held run whose count {@link ClaimRules#countsLaterMisfires} needs, the
     *                      count (absent: zero)
     */
    public record Batch(List<HeldClaim> held, Map<Long, TaskRules> tasks, List<UnfinishedRun> unfinished,
                        Map<Long, Long> laterMisfires, Instant now, Duration misfireThreshold, Instant recheckAt) {
        public Batch {
            held = List.copyOf(held);
            tasks = Map.copyOf(tasks);
            unfinished = List.copyOf(unfinished);
            laterMisfires = Map.copyOf(laterMisfires);
            Objects.requireNonNull(now, "now");
            Objects.requireNonNull(misfireThreshold, "misfireThreshold");
            Objects.requireNonNull(recheckAt, "recheckAt");
        }
    }

    /** The decision for each held claim of the batch, by run id. */
    public static Map<Long, Decision> decide(Batch batch) {
        Map<Long, List<HeldClaim>> byTask = new LinkedHashMap<>();
        for (HeldClaim claim : batch.held()) {
            byTask.computeIfAbsent(claim.claimed().taskId(), task -> new ArrayList<>()).add(claim);
        }
        // Each task's unfinished runs, in the order read, grouped once: a batch holds a few hundred tasks.
        Map<Long, Map<Long, UnfinishedRun>> unfinishedByTask = new HashMap<>();
        for (UnfinishedRun run : batch.unfinished()) {
            unfinishedByTask.computeIfAbsent(run.run().taskId(), task -> new LinkedHashMap<>()).put(run.run().id(), run);
        }
        Map<Long, Decision> decisions = new HashMap<>();
        for (Map.Entry<Long, List<HeldClaim>> task : byTask.entrySet()) {
            TaskRules rules = batch.tasks().get(task.getKey());
            Map<Long, UnfinishedRun> queue = unfinishedByTask.getOrDefault(task.getKey(), new LinkedHashMap<>());
            List<HeldClaim> inOrder = new ArrayList<>(task.getValue());
            Comparator<HeldClaim> order = Comparator.comparing(HeldClaim::claimed, ClaimRules.QUEUE_ORDER);
            inOrder.sort(rules != null && rules.concurrency() == ConcurrencyPolicy.REPLACE ? order.reversed() : order);
            for (HeldClaim claim : inOrder) {
                UnfinishedRun waiting = claim.waiting();
                queue.put(waiting.run().id(), waiting);
                Decision decision = ClaimRules.decide(new ClaimRules.Input(waiting, rules,
                        new ArrayList<>(queue.values()), batch.laterMisfires().getOrDefault(waiting.run().id(), 0L),
                        batch.now(), batch.misfireThreshold(), batch.recheckAt()));
                decisions.put(waiting.run().id(), decision);
                switch (decision.verdict()) {
                    case CLAIM, CLAIM_AND_CANCEL -> queue.put(waiting.run().id(),
                            new UnfinishedRun(claim.claimed(), null, false));
                    case SKIP, CANCEL_SELF -> queue.remove(waiting.run().id());
                    case DEFER, UNAVAILABLE -> {
                        // Still waiting, as it was.
                    }
                }
            }
        }
        return decisions;
    }
}
