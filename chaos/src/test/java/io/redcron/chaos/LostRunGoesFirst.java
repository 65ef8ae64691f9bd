package io.redcron.chaos;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Under {@code forbid}, a run whose attempt was lost (its node died mid-run) is run again before
 * any later fire of its task starts: the later fires wait behind it, and those that wait past the
 * misfire threshold are {@code SKIPPED} naming the run they waited for. Read from the order of
 * the effects file, where every execution appends its start as it happens.
 */
final class LostRunGoesFirst {
    private static final Pattern RUN_ID = Pattern.compile("\\brun (\\d+)\\b");

    /** An attempt that was killed mid-run. */
    record Killed(long runId, int attempt) {
    }

    private LostRunGoesFirst() {
    }

    static List<String> check(Workload.Planned task, List<Killed> killed, List<RunRow> rows, Effects effects) {
        Map<Long, RunRow> runsOfTask = rows.stream().filter(row -> row.taskId() == task.id())
                .collect(Collectors.toMap(RunRow::id, Function.identity()));
        List<String> problems = new ArrayList<>();
        List<Effects.Line> starts = effects.inOrder().stream()
                .filter(line -> line.start() && runsOfTask.containsKey(line.runId())).toList();
        for (Killed kill : killed) {
            int at = indexOf(starts, kill);
            if (at < 0) {
                problems.add(task.name() + ": the killed attempt " + kill.attempt() + " of run " + kill.runId()
                        + " is not in the effects file");
                continue;
            }
            Effects.Line next = at + 1 < starts.size() ? starts.get(at + 1) : null;
            if (next == null) {
                problems.add(task.name() + ": run " + kill.runId() + ", killed in attempt " + kill.attempt()
                        + ", never ran again");
            } else if (next.runId() != kill.runId()) {
                problems.add(task.name() + ": run " + next.runId() + " (fire at " + runsOfTask.get(next.runId()).scheduledAt()
                        + ") started before run " + kill.runId() + ", killed in attempt " + kill.attempt() + ", ran again");
            }
        }
        for (RunRow row : runsOfTask.values()) {
            // Misfires and fires withdrawn when the workload was switched off wait for no run.
            boolean waited = row.error() == null
                    || !(row.error().startsWith("misfire") || row.error().startsWith("withdrawn"));
            if (row.status().equals("SKIPPED") && waited && !namesARun(row.error(), runsOfTask.keySet())) {
                problems.add(task.name() + ": run " + row.id() + " was SKIPPED with a reason that names no run it waited for ("
                        + row.error() + ")");
            }
        }
        return problems;
    }

    private static int indexOf(List<Effects.Line> starts, Killed kill) {
        for (int i = 0; i < starts.size(); i++) {
            if (starts.get(i).runId() == kill.runId() && starts.get(i).attempt() == kill.attempt()) {
                return i;
            }
        }
        return -1;
    }

    private static boolean namesARun(String reason, Set<Long> runIds) {
        if (reason == null) {
            return false;
        }
        Matcher matcher = RUN_ID.matcher(reason);
        while (matcher.find()) {
            if (runIds.contains(Long.parseLong(matcher.group(1)))) {
                return true;
            }
        }
        return false;
    }
}
