package io.redcron.node.alert;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;

import java.util.function.IntSupplier;

/** Counters of what became of alerts: {@code redcron_alerts_*_total}. */
final class AlertMetrics {
    private final MeterRegistry registry;
    private final Counter dropped;
    private final Counter suppressed;
    private final Counter keptInMemory;

    AlertMetrics(MeterRegistry registry) {
        this.registry = registry;
        this.dropped = Counter.builder("redcron.alerts.dropped")
                .description("Alerts dropped because the outbox could not be written and alerts.queue-size were waiting")
                .register(registry);
        this.suppressed = Counter.builder("redcron.alerts.suppressed")
                .description("Alerts held back by the rate limit (summed up later)").register(registry);
        this.keptInMemory = Counter.builder("redcron.alerts.kept.in.memory")
                .description("Alerts kept in memory because the outbox could not be written (written later)")
                .register(registry);
    }

    /** How many alerts of a namespace wait in memory for the outbox now. */
    void waiting(String namespace, IntSupplier waiting) {
        Gauge.builder("redcron.alerts.waiting.in.memory", waiting::getAsInt).tag("namespace", namespace)
                .description("Alerts waiting in memory for the outbox to be writable").register(registry);
    }

    void sent(String channel) {
        Counter.builder("redcron.alerts.sent").description("Alerts delivered, by channel").tag("channel", channel)
                .register(registry).increment();
    }

    void failed(String channel) {
        Counter.builder("redcron.alerts.failed").description("Alerts given up after their last attempt, by channel")
                .tag("channel", channel).register(registry).increment();
    }

    void refused(String channel) {
        Counter.builder("redcron.alerts.refused")
                .description("Alerts not sent to a task's own target that no alerts.allow-targets pattern allows, by channel")
                .tag("channel", channel).register(registry).increment();
    }

    void silenced(String kind) {
        Counter.builder("redcron.alerts.silenced").description("Alerts not sent because a silence matched them, by kind")
                .tag("kind", kind).register(registry).increment();
    }

    void dropped() {
        dropped.increment();
    }

    void suppressed() {
        suppressed.increment();
    }

    void keptInMemory() {
        keptInMemory.increment();
    }
}
