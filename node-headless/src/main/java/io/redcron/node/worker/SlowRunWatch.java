package io.redcron.node.worker;

import io.redcron.domain.AlertRule;
import io.redcron.node.alert.Alert;
import io.redcron.node.alert.AlertSink;
import io.redcron.node.alert.SlowRunLimit;
import io.redcron.port.AlertRules;
import io.redcron.port.RunStatistics;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Raises {@code RUN_SLOW} once per attempt for a run executing here longer than its task's limit
 * ({@link SlowRunLimit}), while it still runs: an operator hears of a hung job before its timeout.
 * The rules are read every {@link #RULES_EVERY}; the recent p95 durations of exactly the tasks
 * whose rule has a factor (a week of those tasks' runs) every {@link #P95_EVERY}, and at once when
 * that set of tasks changes.
 */
public final class SlowRunWatch implements Runnable {
    static final Duration RULES_EVERY = Duration.ofMinutes(1);
    static final Duration P95_EVERY = Duration.ofMinutes(15);
    /** The p95 of a task's runs of this last stretch. */
    static final Duration P95_WINDOW = Duration.ofDays(7);
    private static final Logger LOG = LoggerFactory.getLogger(SlowRunWatch.class);

    private final WorkerLoop worker;
    private final String namespace;
    private final AlertRules rules;
    private final RunStatistics statistics;
    private final AlertSink alerts;
    private final Clock clock;
    private Map<Long, AlertRule> ruleByTask = Map.of();
    private Instant rulesReadAt = Instant.MIN;
    private Map<Long, Duration> p95ByTask = Map.of();
    private Instant p95ReadAt = Instant.MIN;
    /** The tasks whose p95 was read last. */
    private Set<Long> p95Tasks = Set.of();
    /** Attempts already reported, as run id and attempt: each is reported once. */
    private final Set<String> reported = new HashSet<>();

    public SlowRunWatch(WorkerLoop worker, String namespace, AlertRules rules, RunStatistics statistics,
                        AlertSink alerts, Clock clock) {
        this.worker = worker;
        this.namespace = namespace;
        this.rules = rules;
        this.statistics = statistics;
        this.alerts = alerts;
        this.clock = clock;
    }

    @Override
    public void run() {
        List<InFlight> executing = worker.executing();
        Set<String> current = new HashSet<>();
        executing.forEach(flight -> current.add(key(flight)));
        reported.retainAll(current);
        if (executing.isEmpty()) {
            return;
        }
        Instant now = clock.instant();
        refresh(now);
        for (InFlight flight : executing) {
            AlertRule rule = ruleByTask.get(flight.run.taskId());
            Instant startedAt = flight.startedAt;
            if (rule == null || startedAt == null || reported.contains(key(flight))) {
                continue;
            }
            Optional<SlowRunLimit.Limit> limit = SlowRunLimit.of(rule, p95ByTask.get(flight.run.taskId()));
            if (limit.isPresent() && SlowRunLimit.isSlow(limit.get(), Duration.between(startedAt, now))) {
                reported.add(key(flight));
                alerts.raise(Alert.slowRun(flight.task, flight.run, startedAt, limit.get(), now));
            }
        }
    }

    private void refresh(Instant now) {
        if (!now.isBefore(rulesReadAt.plus(RULES_EVERY))) {
            try {
                ruleByTask = Map.copyOf(rules.all(namespace));
                rulesReadAt = now;
            } catch (RuntimeException e) {
                LOG.warn("Slow runs: the alert rules of {} could not be read: {}", namespace, e.getMessage());
            }
        }
        Set<Long> withFactor = new HashSet<>();
        ruleByTask.forEach((taskId, rule) -> {
            if (rule.slowFactor() != null) {
                withFactor.add(taskId);
            }
        });
        if (!withFactor.isEmpty() && (!withFactor.equals(p95Tasks) || !now.isBefore(p95ReadAt.plus(P95_EVERY)))) {
            try {
                Map<Long, Duration> read = new HashMap<>();
                statistics.ofTasks(namespace, withFactor, now.minus(P95_WINDOW), now).forEach(task -> {
                    if (!task.durations().isEmpty()) {
                        read.put(task.taskId(), task.durations().p95());
                    }
                });
                p95ByTask = read;
                p95ReadAt = now;
                p95Tasks = Set.copyOf(withFactor);
            } catch (RuntimeException e) {
                LOG.warn("Slow runs: the recent durations of {} could not be read: {}", namespace, e.getMessage());
            }
        }
    }

    private static String key(InFlight flight) {
        return flight.run.id() + ":" + flight.run.attempt();
    }
}
