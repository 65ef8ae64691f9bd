package io.redcron.desktop.runs;

import io.redcron.desktop.ui.Messages;
import io.redcron.domain.CredentialRedaction;
import io.redcron.domain.Durations;
import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * One run as the screen shows it, computed off the JavaFX thread. A run claimed ahead of its time
 * that has not started ({@link Run#isHeld}) is shown as held, without a duration.
 */
public record RunRow(Run run, boolean held, String trigger, String scheduled, String status, String started,
                     String finished, String duration) {
    static final String NONE = "—";
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss xxx");

    static RunRow of(Run run, Instant now, ZoneId zone, Messages messages) {
        boolean held = run.isHeld(now);
        Duration ran = run.startedAt() == null || held ? null
                : Duration.between(run.startedAt(), run.finishedAt() != null ? run.finishedAt()
                : now.isAfter(run.startedAt()) ? now : run.startedAt());
        return new RunRow(run, held, messages.get("runs.triggerType." + run.trigger().name()), time(run.scheduledAt(), zone),
                held ? messages.get("runs.status.held") : statusLabel(run.status(), messages), time(run.startedAt(), zone),
                time(run.finishedAt(), zone), ran == null ? NONE : Durations.format(ran.truncatedTo(ChronoUnit.SECONDS)));
    }

    /** Which shard of its fire the run is, e.g. {@code 2 / 8}; a dash for a run that is no shard. */
    public String shard() {
        return run.isShard() ? run.shardIndex() + " / " + run.shardTotal() : NONE;
    }

    static String statusLabel(RunStatus status, Messages messages) {
        return messages.get("runs.status." + status.name());
    }

    private static String time(Instant instant, ZoneId zone) {
        return instant == null ? NONE : TIME.format(instant.atZone(zone));
    }

    public long id() {
        return run.id();
    }

    public String task() {
        return run.taskName();
    }

    public RunStatus runStatus() {
        return run.status();
    }

    public String attempt() {
        return run.attempt() + "/" + run.maxAttempts();
    }

    public String node() {
        return run.node() == null || run.node().isEmpty() ? NONE : run.node();
    }

    public String exitCode() {
        return run.exitCode() == null ? NONE : run.exitCode().toString();
    }

    public String error() {
        return run.error() == null ? "" : run.error();
    }

    public String params() {
        Map<String, String> sorted = new TreeMap<>(CredentialRedaction.values(run.params()));
        return sorted.isEmpty() ? NONE
                : sorted.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(", "));
    }

    public String output() {
        return run.output() == null ? "" : run.output();
    }

    /** A style class per status, for example {@code run-status-timed-out}. */
    public String statusStyle() {
        return "run-status-" + (held ? "held" : run.status().name().toLowerCase(Locale.ROOT).replace('_', '-'));
    }

    /** The theme's colour class for the status: green for success, red for failure, and so on. */
    public String statusTone() {
        if (held) {
            return "text-muted";
        }
        return switch (run.status()) {
            case SUCCEEDED -> "success";
            case FAILED, TIMED_OUT -> "danger";
            case RUNNING, SHARDED -> "accent";
            case RETRYING -> "warning";
            case QUEUED, CANCELLED, SKIPPED -> "text-muted";
        };
    }
}
