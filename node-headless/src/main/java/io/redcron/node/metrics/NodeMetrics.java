package io.redcron.node.metrics;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.jvm.ClassLoaderMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.core.instrument.binder.system.UptimeMetrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.redcron.domain.RunStatus;
import io.redcron.port.QueueInspector;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;

/**
 * What a node reports to Prometheus: runs by task and final status, run durations and fire
 * lateness as histograms, retries and dead runs, queue depth and pending deliveries per group,
 * leadership and epoch, heartbeat age, and the JVM. Recording is a map look-up and an increment:
 * cheap enough for the worker's hot path.
 */
public final class NodeMetrics {
    private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    private final Timer lateness;
    private final Counter retries;
    private final Counter dead;
    private final Map<String, AtomicLong> queueLengths = new ConcurrentHashMap<>();
    private final Map<String, AtomicLong> pending = new ConcurrentHashMap<>();
    private final Map<TaskStatus, Counter> runs = new ConcurrentHashMap<>();
    private final Map<RunStatus, Timer> durations = new ConcurrentHashMap<>();
    private final AtomicLong delayed = new AtomicLong();
    private final AtomicLong deadStream = new AtomicLong();
    private RetentionMetrics retention;

    public NodeMetrics(String nodeId, String namespace) {
        registry.config().commonTags("node", nodeId, "namespace", namespace);
        new JvmMemoryMetrics().bindTo(registry);
        new JvmGcMetrics().bindTo(registry);
        new JvmThreadMetrics().bindTo(registry);
        new ClassLoaderMetrics().bindTo(registry);
        new ProcessorMetrics().bindTo(registry);
        new UptimeMetrics().bindTo(registry);
        lateness = Timer.builder("redcron.fire.lateness").description("From a fire's scheduled time to the start of its run")
                .publishPercentileHistogram().maximumExpectedValue(Duration.ofMinutes(10)).register(registry);
        retries = Counter.builder("redcron.runs.retries").description("Attempts that failed and were retried")
                .register(registry);
        dead = Counter.builder("redcron.runs.dead").description("Runs that failed for good and went to the dead stream")
                .register(registry);
        Gauge.builder("redcron.queue.delayed", delayed, AtomicLong::get).description("Retries waiting for their backoff")
                .register(registry);
        Gauge.builder("redcron.queue.dead", deadStream, AtomicLong::get).description("Entries in the dead stream")
                .register(registry);
    }

    /** An attempt ended with a final status (or RETRYING). */
    public void runFinished(String task, RunStatus status, Duration duration) {
        // Meters are kept once registered: looking them up in the registry per run (tags merged,
        // ids built, a builder per call) cost more than the rest of a short run's bookkeeping.
        runs.computeIfAbsent(new TaskStatus(task, status),
                key -> registry.counter("redcron.runs", "task", task, "status", status.name())).increment();
        durations.computeIfAbsent(status, key -> Timer.builder("redcron.run.duration")
                .description("How long attempts ran").tag("status", status.name())
                .publishPercentileHistogram().maximumExpectedValue(Duration.ofHours(1)).register(registry))
                .record(duration);
        if (status == RunStatus.RETRYING) {
            retries.increment();
        }
    }

    private record TaskStatus(String task, RunStatus status) {
    }

    public void deadRun() {
        dead.increment();
    }

    /** A cron fire's run started {@code late} after its scheduled time. */
    public void fireStarted(Duration late) {
        lateness.record(late.isNegative() ? Duration.ZERO : late);
    }

    /** Leadership of this node's scheduler, read when scraped. */
    public void leadership(BooleanSupplier leading, LongSupplier epoch) {
        Gauge.builder("redcron.scheduler.leader", () -> leading.getAsBoolean() ? 1 : 0)
                .description("1 while this node leads its namespace's scheduler").register(registry);
        Gauge.builder("redcron.scheduler.epoch", epoch::getAsLong).description("The fencing epoch this node holds")
                .register(registry);
    }

    /** Seconds since this node's last heartbeat was written. */
    public void heartbeat(LongSupplier ageSeconds) {
        Gauge.builder("redcron.heartbeat.age.seconds", ageSeconds::getAsLong)
                .description("Seconds since this node's heartbeat was last written").register(registry);
    }

    /** How far the database's clock is ahead of this machine's, which the node corrects for. */
    public void clockOffset(java.util.function.Supplier<Duration> offset) {
        Gauge.builder("redcron.clock.offset.seconds", () -> offset.get().toNanos() / 1e9)
                .description("The database's clock minus this machine's; the node times everything by the database's")
                .register(registry);
    }

    /** Updates the queue gauges from a fresh look at Redis. */
    public void queues(QueueInspector.QueueStats stats) {
        for (QueueInspector.StreamStats stream : stats.streams()) {
            gauge(queueLengths, "redcron.queue.waiting", "Runs waiting on a group's stream", stream.group())
                    .set(stream.length());
            gauge(pending, "redcron.queue.pending", "Runs delivered to workers and not yet acknowledged", stream.group())
                    .set(stream.pendingTotal());
        }
        delayed.set(stats.delayed());
        deadStream.set(stats.dead());
    }

    private AtomicLong gauge(Map<String, AtomicLong> gauges, String name, String description, String group) {
        return gauges.computeIfAbsent(group, g -> {
            AtomicLong value = new AtomicLong();
            Gauge.builder(name, value, AtomicLong::get).description(description).tag("group", g).register(registry);
            return value;
        });
    }

    /**
     * Retention's meters, registered once however many namespaces the node serves: each
     * namespace's sweep adds to the same counters.
     */
    public synchronized RetentionMetrics retention(java.time.Clock clock) {
        if (retention == null) {
            retention = new RetentionMetrics(registry, clock);
        }
        return retention;
    }

    /** For parts that keep meters of their own (alerts). */
    public io.micrometer.core.instrument.MeterRegistry registry() {
        return registry;
    }

    /** The Prometheus text exposition of every metric. */
    public String scrape() {
        return registry.scrape();
    }
}
