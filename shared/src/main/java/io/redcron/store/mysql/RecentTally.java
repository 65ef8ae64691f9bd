package io.redcron.store.mysql;

import io.redcron.domain.RunStatus;
import io.redcron.port.RecentResults;

import java.time.Instant;
import java.util.Comparator;
import java.util.List;

/** Tallies a task's latest ended runs (task id, status, fire time, end) into its {@link RecentResults}. */
final class RecentTally {
    private RecentTally() {
    }

    static RecentResults of(List<Object[]> rows) {
        Object[] newest = rows.stream().max(Comparator.comparing((Object[] row) -> (Instant) row[2])).orElseThrow();
        int outcomes = 0;
        int succeeded = 0;
        for (Object[] row : rows) {
            RunStatus status = RunStatus.valueOf((String) row[1]);
            if (status == RunStatus.SUCCEEDED || RunStatus.FAILURES.contains(status)) {
                outcomes++;
            }
            if (status == RunStatus.SUCCEEDED) {
                succeeded++;
            }
        }
        return new RecentResults(RunStatus.valueOf((String) newest[1]), (Instant) newest[3], outcomes, succeeded);
    }
}
