package io.redcron.store.mysql;

import io.redcron.domain.RunStatus;
import io.redcron.port.RecentResults;

import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Tallies a task's newest runs (task id, status, fire time, end) into its {@link RecentResults}:
 * the latest {@code last} that ended; none if none did.
 */
final class RecentTally {
    private RecentTally() {
    }

    static Optional<RecentResults> of(List<Object[]> rows, int last) {
        List<Object[]> ended = rows.stream().filter(row -> RunStatus.valueOf((String) row[1]).isFinal())
                .sorted(Comparator.comparing((Object[] row) -> (Instant) row[2]).reversed()).limit(last).toList();
        if (ended.isEmpty()) {
            return Optional.empty();
        }
        Object[] newest = ended.get(0);
        int outcomes = 0;
        int succeeded = 0;
        for (Object[] row : ended) {
            RunStatus status = RunStatus.valueOf((String) row[1]);
            if (status == RunStatus.SUCCEEDED || RunStatus.FAILURES.contains(status)) {
                outcomes++;
            }
            if (status == RunStatus.SUCCEEDED) {
                succeeded++;
            }
        }
        return Optional.of(new RecentResults(RunStatus.valueOf((String) newest[1]), (Instant) newest[3], outcomes,
                succeeded));
    }
}
