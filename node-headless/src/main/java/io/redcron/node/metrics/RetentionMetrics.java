package io.redcron.node.metrics;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.redcron.node.scheduler.RetentionSweep;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * What retention did and how far behind it is: rows purged, the stretch of history the running
 * sweep has yet to walk, and the age of the oldest run kept.
 */
public final class RetentionMetrics implements RetentionSweep.Report {
    private final Counter runs;
    private final Counter outputs;
    private final Counter audit;
    private final AtomicLong backlogSeconds = new AtomicLong();
    private final AtomicReference<Instant> oldest = new AtomicReference<>();

    public RetentionMetrics(MeterRegistry registry, Clock clock) {
        runs = purged(registry, "runs");
        outputs = purged(registry, "outputs");
        audit = purged(registry, "audit");
        Gauge.builder("redcron.history.purge.backlog.seconds", backlogSeconds, AtomicLong::get)
                .description("History the running retention sweep has yet to walk, in seconds of scheduled time")
                .register(registry);
        Gauge.builder("redcron.history.oldest.run.age.seconds", () -> Optional.ofNullable(oldest.get())
                        .map(at -> Duration.between(at, clock.instant()).toSeconds()).orElse(0L))
                .description("Age of the oldest run kept, as of the last finished retention sweep")
                .register(registry);
    }

    private static Counter purged(MeterRegistry registry, String what) {
        return Counter.builder("redcron.history.purged").description("History deleted by retention")
                .tag("what", what).register(registry);
    }

    @Override
    public void purged(int runCount, int outputCount, int auditRows) {
        runs.increment(runCount);
        outputs.increment(outputCount);
        audit.increment(auditRows);
    }

    @Override
    public void swept(Optional<Instant> oldestRun) {
        backlogSeconds.set(0);
        oldest.set(oldestRun.orElse(null));
    }

    @Override
    public void position(Instant reached, Instant horizon) {
        backlogSeconds.set(Math.max(0, Duration.between(reached, horizon).toSeconds()));
    }
}
