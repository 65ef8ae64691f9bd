package io.redcron.node.alert;

import io.redcron.config.AlertConfig;
import io.redcron.domain.AlertTarget;
import io.redcron.domain.InvalidTaskException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Where an alert goes from this node: the node's own targets, then the task's that
 * {@code alerts.allow-targets} allows; each target once. A refused task target is counted and
 * logged (once per task, target and rate-limit window).
 */
final class AlertRoutes {
    private static final Logger LOG = LoggerFactory.getLogger(AlertRoutes.class);

    private final AlertConfig config;
    private final TaskLookup tasks;
    private final TaskTargetAllowlist allowlist;
    private final AlertMetrics metrics;
    private final Clock clock;

    /** The targets an alert goes to, and those of its task that no pattern allows. */
    record Routes(List<AlertTarget> allowed, List<AlertTarget> refused) {
    }

    AlertRoutes(AlertConfig config, TaskLookup tasks, AlertMetrics metrics, Clock clock) {
        this.config = config;
        this.tasks = tasks;
        this.allowlist = new TaskTargetAllowlist(config.allowTargets(), config.rateLimit());
        this.metrics = metrics;
        this.clock = clock;
    }

    /** Whether this node delivers anything at all: a target of its own, or patterns for tasks' targets. */
    static boolean deliversAnything(AlertConfig config) {
        return config.webhook().isPresent() || config.smtp().isPresent() || !config.chat().isEmpty()
                || !config.allowTargets().isEmpty() || !config.groupTargets().isEmpty();
    }

    /**
     * What the outbox records of a target: a digest, so that no webhook URL (which may carry a
     * token) is written to the database.
     */
    static String key(AlertTarget target) {
        return AlertKeys.sha256(target.text()).substring(0, 32);
    }

    Routes of(Alert alert) {
        Map<String, AlertTarget> out = new LinkedHashMap<>();
        config.webhook().ifPresent(hook -> out.put(hook.text(), hook));
        config.smtp().ifPresent(smtp -> smtp.to().forEach(to -> out.put(to.text(), to)));
        config.chat().forEach(robot -> out.put(robot.text(), robot));
        // The group's targets are the operator's, as the node's own are: no pattern needs to allow them.
        config.groupTargets().of(alert.group()).forEach(target -> out.putIfAbsent(target.text(), target));
        List<AlertTarget> refused = new ArrayList<>();
        for (String text : alert.taskTargets()) {
            AlertTarget target;
            try {
                target = AlertTarget.parse(text);
            } catch (InvalidTaskException e) {
                LOG.warn("Task {}: alert target skipped: {}", alert.taskName(), e.getMessage());
                continue;
            }
            if (out.containsKey(target.text())) {
                continue; // one of the node's own targets: it gets the alert anyway
            }
            if (allowlist.allows(target)) {
                out.put(target.text(), target);
            } else {
                refused.add(target);
            }
        }
        return new Routes(new ArrayList<>(out.values()), refused);
    }

    void refused(Alert alert, AlertTarget target) {
        metrics.refused(target instanceof AlertTarget.Email ? "email" : target instanceof AlertTarget.Chat ? "chat" : "webhook");
        if (alert.taskId() != null && allowlist.firstRefusal(alert.taskId(), target, clock.instant())) {
            LOG.warn("Task '{}' names alert target {}, which matches no alerts.allow-targets pattern: its alerts are"
                    + " not sent there (add a pattern to alerts.allow-targets to allow it)", alert.taskName(),
                    target.redacted());
        }
    }

    /**
     * The alert with its task's owner, group and own targets, read when the raiser did not have
     * them (the leader's recovery knows a dead run, not its task); as raised if the task is gone.
     */
    Alert complete(Alert alert) {
        if (alert.taskId() == null || (alert.owner() != null && alert.group() != null && !alert.taskTargets().isEmpty())) {
            return alert;
        }
        try {
            return tasks.of(alert.taskId()).map(alert::withTask).orElse(alert);
        } catch (RuntimeException e) {
            LOG.warn("{} alert for {}: could not read its task, only the global targets get it: {}",
                    alert.kind(), alert.subject(), e.getMessage());
            return alert;
        }
    }
}
