package io.redcron.node.alert;

import io.redcron.domain.AlertTarget;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Which targets a task may name for its own alerts. Anyone who can write a task could otherwise
 * make the node POST to any address it can reach, or mail anyone through the node's SMTP login.
 * A task's target is delivered only if it matches one of {@code alerts.allow-targets} as a whole:
 * a webhook URL as written, an e-mail address as {@code mailto:ADDRESS}. No patterns, no task
 * targets. A match is also what lets a webhook reach an internal address, as a
 * {@code worker.allow-urls} match does for http tasks; so write patterns that name their hosts.
 *
 * <p>Also remembers which refusals were reported, so that a task failing every minute does not
 * log the same refusal every minute: once per (task, target) and rate-limit window.
 */
final class TaskTargetAllowlist {
    private final List<Pattern> patterns;
    private final Duration window;
    private final Map<Reported, Instant> reportedUntil = new HashMap<>();

    private record Reported(long taskId, String target) {
    }

    TaskTargetAllowlist(List<Pattern> patterns, Duration window) {
        this.patterns = List.copyOf(patterns);
        this.window = window;
    }

    boolean allows(AlertTarget target) {
        String text = target.text();
        return patterns.stream().anyMatch(pattern -> pattern.matcher(text).matches());
    }

    /** Whether this refusal is the first of its task and target in the window: worth a log line. */
    synchronized boolean firstRefusal(long taskId, AlertTarget target, Instant now) {
        reportedUntil.values().removeIf(until -> !now.isBefore(until));
        return reportedUntil.putIfAbsent(new Reported(taskId, target.text()), now.plus(window)) == null;
    }
}
