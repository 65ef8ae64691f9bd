package io.redcron.node.scheduler;

import io.redcron.domain.AlertRule;
import io.redcron.domain.Task;
import io.redcron.node.alert.Alert;
import io.redcron.node.alert.AlertSink;
import io.redcron.node.alert.DeadManWindow;
import io.redcron.port.AlertRules;
import io.redcron.port.RunStore;
import io.redcron.port.TaskStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Clock;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.BooleanSupplier;

/**
 * The leader's dead-man switch: raises {@code NO_SUCCESS} for each enabled task with a
 * {@code successWithin} rule that has gone that long without a success ({@link DeadManWindow}),
 * once per period crossed. The outbox's dedupe key makes a new leader's report of the same crossing
 * a no-op; this class only saves it the write. Reads the rules, their tasks, and one row of the
 * run history per such task.
 */
public final class DeadManSwitch implements Runnable {
    private static final Logger LOG = LoggerFactory.getLogger(DeadManSwitch.class);

    private final String namespace;
    private final AlertRules rules;
    private final TaskStore tasks;
    private final RunStore runs;
    private final AlertSink alerts;
    private final BooleanSupplier leading;
    private final Clock clock;
    /** The crossing last reported per task. */
    private final Map<Long, DeadManWindow.Overdue> reported = new HashMap<>();

    public DeadManSwitch(String namespace, AlertRules rules, TaskStore tasks, RunStore runs, AlertSink alerts,
                         BooleanSupplier leading, Clock clock) {
        this.namespace = namespace;
        this.rules = rules;
        this.tasks = tasks;
        this.runs = runs;
        this.alerts = alerts;
        this.leading = leading;
        this.clock = clock;
    }

    @Override
    public void run() {
        if (!leading.getAsBoolean()) {
            reported.clear();
            return;
        }
        Map<Long, AlertRule> withRule = new HashMap<>();
        rules.all(namespace).forEach((taskId, rule) -> {
            if (rule.successWithin() != null) {
                withRule.put(taskId, rule);
            }
        });
        reported.keySet().retainAll(withRule.keySet());
        if (withRule.isEmpty()) {
            return;
        }
        Instant now = clock.instant();
        for (Task task : tasks.getAll(withRule.keySet()).values()) {
            if (!task.enabled()) {
                reported.remove(task.id());
                continue;
            }
            try {
                check(task, withRule.get(task.id()), now);
            } catch (RuntimeException e) {
                LOG.warn("Dead-man switch of task '{}' could not be checked: {}", task.name(), e.getMessage());
            }
        }
    }

    private void check(Task task, AlertRule rule, Instant now) {
        Instant lastSuccess = runs.lastSuccess(namespace, task.id()).orElse(null);
        Instant changedAt = task.updatedAt() != null ? task.updatedAt() : task.createdAt();
        Optional<DeadManWindow.Overdue> overdue = DeadManWindow.judge(rule.successWithin(), lastSuccess, changedAt, now);
        if (overdue.isEmpty()) {
            reported.remove(task.id());
            return;
        }
        if (!overdue.get().equals(reported.get(task.id()))) {
            alerts.raise(Alert.noSuccess(task, lastSuccess, overdue.get(), now));
            reported.put(task.id(), overdue.get());
        }
    }
}
