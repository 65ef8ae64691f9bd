package io.redcron.domain;

import java.time.Duration;
import java.time.Instant;

/**
 * What retention does with one old run, decided from the run alone and the effective policy of its
 * task. Pure, so the leader's purge and {@code runs purge --dry-run} judge alike.
 */
public final class RetentionRules {
    public enum Verdict { KEEP, DROP_OUTPUT, DELETE }

    private RetentionRules() {
    }

    /**
     * @param policy      the task's effective policy (its own over its namespace's, over the defaults)
     * @param newestKept  the scheduled time of the task's {@code keepLast}-th newest run, or null
     *                    when the task has fewer runs or keeps no minimum: runs from then on stay
     * @param pinned      an operator pinned the run: it stays, output and all
     */
    public static Verdict judge(AgedRun run, RetentionPolicy policy, Instant now, Instant newestKept, boolean pinned) {
        if (!run.status().isFinal() || pinned || isAmongNewest(run, newestKept)) {
            return Verdict.KEEP;
        }
        if (olderThan(run, policy.daysFor(run.status()), now)) {
            return Verdict.DELETE;
        }
        if (run.hasOutput() && olderThan(run, policy.outputDays(), now)) {
            return Verdict.DROP_OUTPUT;
        }
        return Verdict.KEEP;
    }

    /** The youngest scheduled time any verdict but KEEP can reach under {@code policy}; null if none. */
    public static Instant horizon(RetentionPolicy policy, Instant now) {
        int days = shortest(shortest(policy.succeededDays(), policy.failedDays()), policy.outputDays());
        return days == RetentionPolicy.FOREVER ? null : now.minus(Duration.ofDays(days));
    }

    /** The shorter of two ages, where {@value RetentionPolicy#FOREVER} is the longest of all. */
    public static int shortest(int a, int b) {
        if (a == RetentionPolicy.FOREVER) {
            return b;
        }
        return b == RetentionPolicy.FOREVER ? a : Math.min(a, b);
    }

    private static boolean isAmongNewest(AgedRun run, Instant newestKept) {
        return newestKept != null && !run.scheduledAt().isBefore(newestKept);
    }

    private static boolean olderThan(AgedRun run, int days, Instant now) {
        return days != RetentionPolicy.FOREVER && run.scheduledAt().isBefore(now.minus(Duration.ofDays(days)));
    }
}
