package io.redcron.store.mysql;

import io.redcron.domain.RunStatus;
import io.redcron.domain.TriggerType;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;

/**
 * What ended runs add to the dashboard: how many ended in each status, how long their last
 * attempt took, and how late the first attempt of a cron fire started. The same figures are kept
 * per minute in {@code run_rollup} and summed from it, or taken from the runs themselves.
 */
final class RunFigures {
    /** Runs whose last attempt ran to an outcome: their duration says how long the task took. */
    private static final Set<RunStatus> RAN_TO_OUTCOME = ranToOutcome();

    private final Map<RunStatus, Long> ended = new EnumMap<>(RunStatus.class);

    private final SpanHistogram durations = new SpanHistogram();
    private final SpanHistogram lateness = new SpanHistogram();

    /**
     * An ended run as the dashboard counts it, read with {@link #COLUMNS}.
     *
     * @param startedAt  the start of its last attempt; null if it never started
     * @param finishedAt when it ended
     */
    record Ended(long id, long taskId, String namespace, RunStatus status, TriggerType trigger, int attempt,
                 Instant scheduledAt, Instant startedAt, Instant finishedAt) {
        static final String COLUMNS = "r.id, r.task_id, r.namespace, r.status, r.trigger_type, r.attempt, r.scheduled_at,"
                + " r.started_at, r.finished_at";

        static Ended read(ResultSet row) throws SQLException {
            return new Ended(row.getLong("id"), row.getLong("task_id"), row.getString("namespace"),
                    RunStatus.valueOf(row.getString("status")), TriggerType.valueOf(row.getString("trigger_type")),
                    row.getInt("attempt"), Jdbc.instant(row, "scheduled_at"), Jdbc.instant(row, "started_at"),
                    Jdbc.instant(row, "finished_at"));
        }

        boolean isFinal() {
            return RunStatus.FINAL.contains(status);
        }

        boolean isFailure() {
            return RunStatus.FAILURES.contains(status);
        }
    }

    /** Adds a run that has ended (a status in {@link RunStatus#FINAL}). */
    void add(Ended run) {
        if (!run.isFinal()) {
            throw new IllegalArgumentException("run " + run.id() + " has not ended: " + run.status());
        }
        ended.merge(run.status(), 1L, Long::sum);
        if (run.startedAt() == null) {
            return;
        }
        // A claim clears finished_at, so an ended row's two times belong to its last attempt.
        if (RAN_TO_OUTCOME.contains(run.status()) && run.finishedAt() != null
                && !run.finishedAt().isBefore(run.startedAt())) {
            durations.add(Duration.between(run.startedAt(), run.finishedAt()));
        }
        // Only a first attempt's start says when the fire was picked up; a retry starts later by design.
        if (run.trigger() == TriggerType.CRON && run.attempt() == 1) {
            lateness.add(Duration.between(run.scheduledAt(), run.startedAt()));
        }
    }

    void add(RunFigures other) {
        other.ended.forEach((status, count) -> ended.merge(status, count, Long::sum));
        durations.add(other.durations);
        lateness.add(other.lateness);
    }

    Map<RunStatus, Long> ended() {
        return ended;
    }

    SpanHistogram durations() {
        return durations;
    }

    SpanHistogram lateness() {
        return lateness;
    }

    /** {@code STATUS:count,…} of the statuses that ended. */
    String encodeEnded() {
        StringBuilder text = new StringBuilder();
        ended.forEach((status, count) -> text.append(text.isEmpty() ? "" : ",").append(status.name()).append(':')
                .append(count));
        return text.toString();
    }

    /** Adds figures stored by {@link #encodeEnded()} and {@link SpanHistogram#encode()}. */
    void addEncoded(String endedText, String durationsText, String latenessText) {
        if (endedText != null && !endedText.isEmpty()) {
            for (String pair : endedText.split(",")) {
                int colon = pair.indexOf(':');
                ended.merge(RunStatus.valueOf(pair.substring(0, colon)), Long.parseLong(pair.substring(colon + 1)),
                        Long::sum);
            }
        }
        durations.addEncoded(durationsText);
        lateness.addEncoded(latenessText);
    }

    private static Set<RunStatus> ranToOutcome() {
        Set<RunStatus> ran = EnumSet.of(RunStatus.SUCCEEDED);
        ran.addAll(RunStatus.FAILURES);
        return ran;
    }
}
