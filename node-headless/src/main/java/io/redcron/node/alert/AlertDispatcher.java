package io.redcron.node.alert;

import io.micrometer.core.instrument.MeterRegistry;
import io.redcron.config.AlertConfig;
import io.redcron.domain.AlertTarget;
import io.redcron.port.AlertOutbox;
import io.redcron.port.AlertSilences;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The node's {@link AlertSink} in one namespace. {@link #raise} adds the alert to the
 * {@link AlertOutbox} (see {@link AlertOutboxWriter}), from where any node that delivers alerts
 * sends it: this one, when it has targets configured, on threads of its own. Also writes the
 * rate limit's summaries to the outbox, and deletes alerts finished more than a week ago.
 */
public final class AlertDispatcher implements AlertSink, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(AlertDispatcher.class);
    private static final int DELIVERY_THREADS = 2;
    private static final Duration RETENTION = Duration.ofDays(7);
    private static final Duration PURGE_EVERY = Duration.ofMinutes(10);
    private static final int PURGE_BATCH = 500;
    private static final int PURGE_BATCHES_PER_PASS = 20;

    /**
     * @param firstBackoff wait before the second attempt; doubled for each one after
     * @param poll         how often the outbox is looked at for alerts raised elsewhere or due again
     * @param claimLease   how long a claimed alert is this node's; a node that died leaves it this long
     */
    record Timing(Duration firstBackoff, Duration poll, Duration claimLease) {
        static final Timing DEFAULT = new Timing(Duration.ofSeconds(1), Duration.ofSeconds(1), Duration.ofMinutes(1));
    }

    private final String namespace;
    private final Clock clock;
    private final AlertOutbox outbox;
    private final AlertRateLimiter limiter;
    private final AlertOutboxWriter writer;
    private final AlertDeliveryLoop loop;
    private final List<Thread> deliveryThreads = new ArrayList<>();
    private final ScheduledExecutorService housekeeping;

    /**
     * @param tasks    reads a task when an alert about it came without its owner, group or targets
     * @param silences reads the silences in force at an instant ({@link AlertSilences#active})
     */
    public AlertDispatcher(AlertConfig config, AlertOutbox outbox, String namespace, String nodeId, Clock clock,
                           MeterRegistry registry, TaskLookup tasks, AlertSilences silences) {
        this(config, outbox, namespace, nodeId, clock, registry, tasks,
                new ActiveSilences(now -> silences.active(namespace, now), clock), Timing.DEFAULT);
    }

    /** Without silences. */
    public AlertDispatcher(AlertConfig config, AlertOutbox outbox, String namespace, String nodeId, Clock clock,
                           MeterRegistry registry, TaskLookup tasks) {
        this(config, outbox, namespace, nodeId, clock, registry, tasks, ActiveSilences.NONE, Timing.DEFAULT);
    }

    AlertDispatcher(AlertConfig config, AlertOutbox outbox, String namespace, String nodeId, Clock clock,
                    MeterRegistry registry, TaskLookup tasks, Timing timing) {
        this(config, outbox, namespace, nodeId, clock, registry, tasks, ActiveSilences.NONE, timing);
    }

    AlertDispatcher(AlertConfig config, AlertOutbox outbox, String namespace, String nodeId, Clock clock,
                    MeterRegistry registry, TaskLookup tasks, ActiveSilences silences, Timing timing) {
        this.namespace = namespace;
        this.clock = clock;
        this.outbox = outbox;
        this.limiter = new AlertRateLimiter(config.rateLimit());
        AlertMetrics metrics = new AlertMetrics(registry);
        this.writer = new AlertOutboxWriter(outbox, namespace, config.queueSize(), metrics, clock);
        ScheduledThreadPoolExecutor executor = new ScheduledThreadPoolExecutor(1, runnable -> {
            Thread thread = new Thread(runnable, "redcron-alerts-" + namespace);
            thread.setDaemon(true);
            return thread;
        });
        executor.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
        this.housekeeping = executor;
        housekeeping.scheduleWithFixedDelay(() -> duty("writing waiting alerts", writer::flush),
                timing.poll().toMillis(), timing.poll().toMillis(), TimeUnit.MILLISECONDS);
        if (!AlertRoutes.deliversAnything(config)) {
            this.loop = null;
            return;
        }
        Map<Class<? extends AlertTarget>, Channel> channels = new LinkedHashMap<>();
        channels.put(AlertTarget.Webhook.class, new WebhookChannel(config.webhookSecret(), namespace, nodeId, clock));
        config.smtp().ifPresent(smtp -> channels.put(AlertTarget.Email.class, new EmailChannel(smtp, namespace, nodeId)));
        channels.put(AlertTarget.Chat.class, new ChatChannel(new ChatSecrets(config.chatSecretsDir()), config.mentions(),
                namespace, nodeId, clock));
        AlertDelivery delivery = new AlertDelivery(outbox, config, new AlertRoutes(config, tasks, metrics, clock),
                silences, limiter, channels, metrics, clock, timing.firstBackoff());
        this.loop = new AlertDeliveryLoop(outbox, delivery, namespace, nodeId, clock, timing.poll(), timing.claimLease());
        for (int i = 1; i <= DELIVERY_THREADS; i++) {
            Thread thread = new Thread(loop, "redcron-alerts-" + namespace + "-" + i);
            thread.setDaemon(true);
            thread.start();
            deliveryThreads.add(thread);
        }
        long summaryEvery = Math.max(1, Math.min(config.rateLimit().toMillis() / 10, 10_000));
        housekeeping.scheduleWithFixedDelay(() -> duty("writing alert summaries", this::writeSummaries), summaryEvery,
                summaryEvery, TimeUnit.MILLISECONDS);
        housekeeping.scheduleWithFixedDelay(() -> duty("purging delivered alerts", this::purge),
                PURGE_EVERY.toMillis(), PURGE_EVERY.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Returns once the alert is in the outbox, or waiting in memory for it; never throws. */
    @Override
    public void raise(Alert alert) {
        writer.write(AlertKeys.of(alert), StoredAlert.raised(alert));
        if (loop != null) {
            loop.wake();
        }
    }

    /** Each summary goes to the outbox as an alert for its one target, so that it outlives this node too. */
    private void writeSummaries() {
        for (AlertRateLimiter.Summary summary : limiter.closeWindows(clock.instant())) {
            String target = AlertRoutes.key(AlertTarget.parse(summary.key().target()));
            writer.write(AlertKeys.summary(summary.latest(), target, clock.instant()),
                    StoredAlert.summary(summary.latest(), summary.suppressed(), target));
        }
        loop.wake();
    }

    private void purge() {
        for (int batch = 0; batch < PURGE_BATCHES_PER_PASS; batch++) {
            if (outbox.purgeFinished(namespace, clock.instant().minus(RETENTION), PURGE_BATCH) < PURGE_BATCH) {
                return;
            }
        }
    }

    private static void duty(String name, Runnable duty) {
        try {
            duty.run();
        } catch (RuntimeException e) {
            LOG.warn("Alerts: {} failed: {}", name, e.getMessage());
        }
    }

    /**
     * Stops delivering (an alert being delivered gets up to 5 s to finish; one that does not is
     * left to its claim running out) and tries once more to write alerts waiting in memory.
     * Alerts in the outbox are delivered by the nodes still running, or by this one after a restart.
     */
    @Override
    public void close() {
        if (loop != null) {
            loop.stop();
        }
        housekeeping.shutdown();
        long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        try {
            for (Thread thread : deliveryThreads) {
                thread.join(Math.max(1, (deadline - System.nanoTime()) / 1_000_000));
            }
            housekeeping.awaitTermination(Math.max(1, (deadline - System.nanoTime()) / 1_000_000), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        housekeeping.shutdownNow();
        int left = writer.waiting();
        if (left > 0 && writer.flush() < left) {
            LOG.warn("{} alert(s) of namespace {} could not be written to the alert outbox and are lost with this node",
                    writer.waiting(), namespace);
        }
    }
}
