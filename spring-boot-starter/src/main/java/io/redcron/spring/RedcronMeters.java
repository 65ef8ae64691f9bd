package io.redcron.spring;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;

import java.time.Duration;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;

/**
 * The client's meters in the application's {@link MeterRegistry}, tagged with the namespace:
 * <ul>
 *   <li>{@code redcron.client.schedules} (counter), tag {@code outcome}: {@code recorded} when the
 *       transaction that wrote a new run commits, {@code rolled-back} when it rolls back,
 *       {@code existing} when an idempotency key named a run recorded before, {@code refused}
 *       when the call threw;</li>
 *   <li>{@code redcron.client.schedule} (timer): each call of {@code schedule}, tag {@code outcome}
 *       {@code recorded}, {@code existing} or {@code refused}.</li>
 * </ul>
 */
public final class RedcronMeters implements ScheduleObserver {
    static final String SCHEDULES = "redcron.client.schedules";
    static final String SCHEDULE_CALLS = "redcron.client.schedule";

    private final Map<Outcome, Counter> atCall = new EnumMap<>(Outcome.class);
    private final Map<Outcome, Timer> calls = new EnumMap<>(Outcome.class);
    private final Counter recorded;
    private final Counter rolledBack;

    public RedcronMeters(MeterRegistry registry, String namespace) {
        for (Outcome outcome : Outcome.values()) {
            String tag = outcome.name().toLowerCase(Locale.ROOT);
            calls.put(outcome, Timer.builder(SCHEDULE_CALLS).description("Calls that schedule a run of a Redcron task")
                    .tag("namespace", namespace).tag("outcome", tag).register(registry));
        }
        atCall.put(Outcome.EXISTING, counter(registry, namespace, "existing"));
        atCall.put(Outcome.REFUSED, counter(registry, namespace, "refused"));
        recorded = counter(registry, namespace, "recorded");
        rolledBack = counter(registry, namespace, "rolled-back");
    }

    private static Counter counter(MeterRegistry registry, String namespace, String outcome) {
        return Counter.builder(SCHEDULES).description("Runs of Redcron tasks the application scheduled, by outcome")
                .tag("namespace", namespace).tag("outcome", outcome).register(registry);
    }

    @Override
    public void called(Outcome outcome, Duration took) {
        calls.get(outcome).record(took);
        Counter counter = atCall.get(outcome);
        if (counter != null) {
            counter.increment();
        }
    }

    @Override
    public void settled(boolean committed) {
        (committed ? recorded : rolledBack).increment();
    }
}
