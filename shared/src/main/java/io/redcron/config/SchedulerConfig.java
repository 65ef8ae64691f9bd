package io.redcron.config;

import java.time.Duration;

/**
 * @param lookahead how long before their due time fires are recorded and queued (zero: when due)
 */
public record SchedulerConfig(Duration tick, Duration lease, Duration misfireThreshold, int batchSize,
                              Duration queueDeadline, Duration lookahead) {
    public static final Duration DEFAULT_LOOKAHEAD = Duration.ofMillis(2500);

    public SchedulerConfig(Duration tick, Duration lease, Duration misfireThreshold, int batchSize,
                           Duration queueDeadline) {
        this(tick, lease, misfireThreshold, batchSize, queueDeadline, DEFAULT_LOOKAHEAD);
    }
}
