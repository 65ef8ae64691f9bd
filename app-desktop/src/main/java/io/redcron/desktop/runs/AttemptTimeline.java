package io.redcron.desktop.runs;

import io.redcron.desktop.ui.Messages;
import io.redcron.domain.Durations;
import io.redcron.domain.PastAttempt;
import io.redcron.domain.Run;

import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Every attempt of a run, oldest first: those kept beside the run (a retry, a lost lease or a
 * drain ended them), then the run's own latest attempt, if it has begun one.
 */
final class AttemptTimeline {
    private AttemptTimeline() {
    }

    static List<AttemptRow> of(Run run, List<PastAttempt> past, Messages messages) {
        return of(run, past, messages, null);
    }

    /** @param taskZone the zone of the run's task, for the task-zone display; null if unknown */
    static List<AttemptRow> of(Run run, List<PastAttempt> past, Messages messages, java.time.ZoneId taskZone) {
        List<AttemptRow> rows = new ArrayList<>();
        for (PastAttempt attempt : past) {
            rows.add(new AttemptRow(attempt.attempt(), dash(attempt.node()), time(messages, attempt.startedAt(), taskZone),
                    time(messages, attempt.finishedAt(), taskZone),
                    messages.get("runs.attempt.ended." + attempt.ending().name().toLowerCase(Locale.ROOT)),
                    attempt.exitCode() == null ? RunRow.NONE : attempt.exitCode().toString(), dash(attempt.error()),
                    waitBefore(attempt), attempt.outputTail() == null ? "" : attempt.outputTail(), false));
        }
        int newestKept = past.isEmpty() ? 0 : past.get(past.size() - 1).attempt();
        // The run's row holds its latest attempt; it is a new one once claimed past the last kept.
        if (run.attempt() > newestKept && run.startedAt() != null) {
            rows.add(new AttemptRow(run.attempt(), dash(run.node()), time(messages, run.startedAt(), taskZone),
                    time(messages, run.finishedAt(), taskZone), RunRow.statusLabel(run.status(), messages),
                    run.exitCode() == null ? RunRow.NONE : run.exitCode().toString(), dash(run.error()), "",
                    messages.get("runs.attempt.output.latest"), true));
        }
        return rows;
    }

    private static String waitBefore(PastAttempt attempt) {
        if (attempt.nextAttemptAt() == null) {
            return "";
        }
        Duration wait = Duration.between(attempt.finishedAt(), attempt.nextAttemptAt());
        return wait.isNegative() || wait.isZero() ? "0s" : Durations.format(wait.truncatedTo(ChronoUnit.SECONDS));
    }

    private static String time(Messages messages, java.time.Instant at, java.time.ZoneId taskZone) {
        return at == null ? RunRow.NONE : messages.time().format(at, taskZone);
    }

    private static String dash(String text) {
        return text == null || text.isBlank() ? RunRow.NONE : text;
    }
}
