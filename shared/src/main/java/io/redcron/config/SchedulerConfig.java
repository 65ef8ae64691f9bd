package io.redcron.config;

import java.time.Duration;

public record SchedulerConfig(Duration tick, Duration lease, Duration misfireThreshold, int batchSize,
                              Duration queueDeadline) {
}
