package io.redcron.node.alert;

import io.micrometer.core.instrument.MeterRegistry;
import io.redcron.config.AlertConfig;
import io.redcron.domain.AlertTarget;
import io.redcron.domain.InvalidTaskException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The node's {@link AlertSink}: queues alerts (bounded; when full, new ones are dropped and
 * counted, the caller never waits), and on its own threads sends each to the global targets and
 * the task's (those {@code alerts.allow-targets} allows), through the rate limit, retrying a
 * failed delivery with exponential backoff.
 */
public final class AlertDispatcher implements AlertSink, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(AlertDispatcher.class);
    private static final Duration MAX_BACKOFF = Duration.ofMinutes(5);
    private static final int EMAIL_ATTEMPTS = 3;

    private final AlertConfig config;
    private final Clock clock;
    private final Duration firstBackoff;
    private final Map<Class<? extends AlertTarget>, Channel> channels = new LinkedHashMap<>();
    private final AlertRateLimiter limiter;
    private final AlertMetrics metrics;
    private final ScheduledExecutorService delivery;
    private final AtomicInteger queued = new AtomicInteger();
    private final TaskTargets taskTargets;
    private final TaskTargetAllowlist allowlist;

    public AlertDispatcher(AlertConfig config, String namespace, String nodeId, Clock clock, MeterRegistry registry) {
        this(config, namespace, nodeId, clock, registry, TaskTargets.NONE);
    }

    /** @param taskTargets reads the targets of a task when an alert about it came without them */
    public AlertDispatcher(AlertConfig config, String namespace, String nodeId, Clock clock, MeterRegistry registry,
                           TaskTargets taskTargets) {
        this(config, namespace, nodeId, clock, registry, taskTargets, Duration.ofSeconds(1));
    }

    /** @param firstBackoff wait before the second attempt; doubled for each one after */
    AlertDispatcher(AlertConfig config, String namespace, String nodeId, Clock clock, MeterRegistry registry,
                    TaskTargets taskTargets, Duration firstBackoff) {
        this.config = config;
        this.taskTargets = taskTargets;
        this.clock = clock;
        this.firstBackoff = firstBackoff;
        this.limiter = new AlertRateLimiter(config.rateLimit());
        this.allowlist = new TaskTargetAllowlist(config.allowTargets(), config.rateLimit());
        this.metrics = new AlertMetrics(registry);
        channels.put(AlertTarget.Webhook.class, new WebhookChannel(config.webhookSecret(), namespace, nodeId, clock));
        config.smtp().ifPresent(smtp -> channels.put(AlertTarget.Email.class, new EmailChannel(smtp, namespace, nodeId)));
        AtomicInteger threads = new AtomicInteger();
        ScheduledThreadPoolExecutor executor = new ScheduledThreadPoolExecutor(2, runnable -> {
            Thread thread = new Thread(runnable, "redcron-alerts-" + threads.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        });
        executor.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
        this.delivery = executor;
        long summaryEvery = Math.max(1, Math.min(config.rateLimit().toMillis() / 10, 10_000));
        delivery.scheduleWithFixedDelay(this::sendSummaries, summaryEvery, summaryEvery, TimeUnit.MILLISECONDS);
    }

    @Override
    public void raise(Alert alert) {
        if (queued.incrementAndGet() > config.queueSize()) {
            queued.decrementAndGet();
            metrics.dropped();
            return;
        }
        try {
            delivery.execute(() -> {
                queued.decrementAndGet();
                aboutItsRun(alert, () -> route(alert));
            });
        } catch (RejectedExecutionException e) {
            queued.decrementAndGet();
            metrics.dropped();
        }
    }

    private void route(Alert alert) {
        for (AlertTarget target : targets(alert)) {
            AlertRateLimiter.Admission admission = limiter.admit(key(target, alert), alert, clock.instant());
            if (admission.send()) {
                deliver(target, alert, admission.suppressedBefore(), 1);
            } else {
                metrics.suppressed();
            }
        }
    }

    private void sendSummaries() {
        try {
            for (AlertRateLimiter.Summary summary : limiter.closeWindows(clock.instant())) {
                AlertTarget target = AlertTarget.parse(summary.key().target());
                aboutItsRun(summary.latest(), () -> deliver(target, summary.latest(), summary.suppressed(), 1));
            }
        } catch (RuntimeException e) {
            LOG.warn("Could not send alert summaries: {}", e.getMessage());
        }
    }

    /** The global targets, then the task's own that the node allows; each target once. */
    private List<AlertTarget> targets(Alert alert) {
        Map<String, AlertTarget> out = new LinkedHashMap<>();
        config.webhook().ifPresent(hook -> out.put(hook.text(), hook));
        config.smtp().ifPresent(smtp -> smtp.to().forEach(to -> out.put(to.text(), to)));
        for (String text : taskTargetsOf(alert)) {
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
                refused(alert, target);
            }
        }
        return new ArrayList<>(out.values());
    }

    private void refused(Alert alert, AlertTarget target) {
        metrics.refused(target instanceof AlertTarget.Email ? "email" : "webhook");
        if (alert.taskId() != null && allowlist.firstRefusal(alert.taskId(), target, clock.instant())) {
            LOG.warn("Task '{}' names alert target {}, which matches no alerts.allow-targets pattern: its alerts are"
                    + " not sent there (add a pattern to alerts.allow-targets to allow it)", alert.taskName(),
                    target.redacted());
        }
    }

    private List<String> taskTargetsOf(Alert alert) {
        if (!alert.taskTargets().isEmpty() || alert.taskId() == null) {
            return alert.taskTargets();
        }
        try {
            return taskTargets.of(alert.taskId());
        } catch (RuntimeException e) {
            LOG.warn("{} alert for {}: could not read the task's own targets, only the global ones get it: {}",
                    alert.kind(), alert.subject(), e.getMessage());
            return List.of();
        }
    }

    private static AlertRateLimiter.Key key(AlertTarget target, Alert alert) {
        return new AlertRateLimiter.Key(target.text(), alert.subject(), alert.kind());
    }

    private void deliver(AlertTarget target, Alert alert, int suppressed, int attempt) {
        Channel channel = channels.get(target.getClass());
        if (channel == null) {
            LOG.warn("{} alert for {} not sent to {}: no SMTP server is configured (alerts.smtp.host)",
                    alert.kind(), alert.subject(), target.redacted());
            metrics.failed("email");
            return;
        }
        int attempts = channel instanceof EmailChannel ? EMAIL_ATTEMPTS : config.webhookAttempts();
        try {
            channel.send(target, alert, suppressed);
            metrics.sent(channel.name());
            LOG.debug("{} alert for {} sent to {}", alert.kind(), alert.subject(), target.redacted());
        } catch (DeliveryException e) {
            if (e.retryable() && attempt < attempts) {
                Duration wait = backoff(attempt);
                LOG.info("{} alert for {} not delivered ({}); attempt {} of {} in {} ms", alert.kind(), alert.subject(),
                        e.getMessage(), attempt + 1, attempts, wait.toMillis());
                schedule(() -> aboutItsRun(alert, () -> deliver(target, alert, suppressed, attempt + 1)), wait);
            } else {
                LOG.warn("{} alert for {} given up after {} attempt(s): {}", alert.kind(), alert.subject(), attempt,
                        e.getMessage());
                metrics.failed(channel.name());
            }
        } catch (RuntimeException e) {
            LOG.warn("{} alert for {} to {} failed: {}", alert.kind(), alert.subject(), target.redacted(),
                    e.getClass().getSimpleName());
            metrics.failed(channel.name());
        }
    }

    /** Log lines about an alert for a run carry the run's id, as the worker's lines do. */
    private static void aboutItsRun(Alert alert, Runnable work) {
        if (alert.runId() == null) {
            work.run();
            return;
        }
        MDC.put("runId", alert.runId().toString());
        try {
            work.run();
        } finally {
            MDC.remove("runId");
        }
    }

    private Duration backoff(int attempt) {
        Duration wait = firstBackoff.multipliedBy(1L << Math.min(attempt - 1, 20));
        return wait.compareTo(MAX_BACKOFF) > 0 ? MAX_BACKOFF : wait;
    }

    private void schedule(Runnable task, Duration wait) {
        try {
            delivery.schedule(task, wait.toMillis(), TimeUnit.MILLISECONDS);
        } catch (RejectedExecutionException e) {
            LOG.debug("Alert retry dropped: shutting down");
        }
    }

    /** Lets queued alerts go out for a moment, then stops; pending retries are abandoned. */
    @Override
    public void close() {
        delivery.shutdown();
        try {
            if (!delivery.awaitTermination(5, TimeUnit.SECONDS)) {
                delivery.shutdownNow();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            delivery.shutdownNow();
        }
    }
}
