package io.redcron.chaos;

import io.redcron.domain.MisfirePolicy;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * What a misfire policy must make of fires that were all older than the misfire threshold when
 * scheduling resumed: {@code skip} runs none, {@code fire-once} the newest, {@code catch-up} the
 * {@code limit} newest; every other fire is {@code SKIPPED} with a reason that starts with
 * "misfire". Whether a fire was recorded ahead before the outage or after it makes no difference.
 * Fires that were still on time when scheduling resumed run whatever the policy, and do not count
 * against a catch-up limit.
 */
final class MisfireOutcome {
    private MisfireOutcome() {
    }

    /** The fires that run, of {@code fires} (all missed), under {@code policy}. */
    static List<Instant> firesThatRun(List<Instant> fires, MisfirePolicy policy, int catchUpLimit) {
        List<Instant> sorted = fires.stream().sorted().toList();
        int keep = switch (policy) {
            case SKIP -> 0;
            case FIRE_ONCE -> 1;
            case CATCH_UP -> Math.min(catchUpLimit, sorted.size());
        };
        return sorted.subList(sorted.size() - keep, sorted.size());
    }

    /** Each way the task's rows differ from that, as one line. */
    static List<String> check(Workload.Planned task, List<Instant> missed, List<Instant> onTime, MisfirePolicy policy,
                              int catchUpLimit, List<RunRow> rows, Effects effects) {
        Set<Instant> run = new HashSet<>(firesThatRun(missed, policy, catchUpLimit));
        run.addAll(onTime);
        Map<Instant, RunRow> byFire = rows.stream().filter(row -> row.taskId() == task.id())
                .collect(Collectors.toMap(RunRow::scheduledAt, Function.identity(), (first, second) -> first));
        List<String> problems = new ArrayList<>();
        List<Instant> fires = new ArrayList<>(missed);
        fires.addAll(onTime);
        for (Instant fire : fires.stream().sorted().toList()) {
            RunRow row = byFire.get(fire);
            String label = task.name() + " (" + policy.name().toLowerCase().replace('_', '-') + "): the "
                    + (onTime.contains(fire) ? "on-time" : "missed") + " fire at " + fire;
            if (row == null) {
                problems.add(label + " has no row");
            } else if (run.contains(fire)) {
                if (!row.status().equals("SUCCEEDED") || effects.starts(row.id()).isEmpty()) {
                    problems.add(label + " must run, but run " + row.id() + " is " + row.status()
                            + reason(row) + " after " + effects.starts(row.id()).size() + " executions");
                }
            } else if (!row.status().equals("SKIPPED") || row.error() == null || !row.error().startsWith("misfire")) {
                problems.add(label + " must be SKIPPED as a misfire, but run " + row.id() + " is " + row.status()
                        + reason(row) + " after " + effects.starts(row.id()).size() + " executions");
            }
        }
        return problems;
    }

    private static String reason(RunRow row) {
        return row.error() == null ? "" : " (" + row.error() + ")";
    }
}
