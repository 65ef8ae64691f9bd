package io.redcron.chaos;

import java.time.Duration;
import java.util.List;

/**
 * The figures of one scenario and every broken invariant, each as one line.
 *
 * @param firesExpected cron fires in the checked window
 * @param runs          run rows for those fires
 * @param lost          fires without a row, runs not final, and runs recorded done that never ran
 * @param doubled       attempts executed twice, and executions no lost attempt explains
 * @param lostAttempts  attempts recorded as lost (the node died or handed them back), summed
 * @param reExecutions  executions beyond one per run, the flaky task's planned retry aside (each must
 *                      be explained by a lost attempt)
 * @param recovery      from the end of the fault until the cluster ran fresh fires again
 */
record Verdict(long firesExpected, long runs, long lost, long doubled, long lostAttempts, long reExecutions,
               Duration recovery, List<String> violations) {

    boolean holds() {
        return violations.isEmpty();
    }

    Verdict withRecovery(Duration value) {
        return new Verdict(firesExpected, runs, lost, doubled, lostAttempts, reExecutions, value, violations);
    }
}
