package io.redcron.config;

import java.time.Duration;

/**
 * @param batchSize          due tasks taken per pass
 * @param lookahead          how long before their due time fires are recorded and queued (zero: when due)
 * @param firesPerTask       fires of one task recorded per pass at most
 * @param rowsPerTransaction run rows recorded per transaction at most (a pass with more is split)
 */
public record SchedulerConfig(Duration tick, Duration lease, Duration misfireThreshold, int batchSize,
                              Duration queueDeadline, Duration lookahead, int firesPerTask, int rowsPerTransaction) {
    public static final Duration DEFAULT_LOOKAHEAD = Duration.ofMillis(2500);
    public static final Duration DEFAULT_MISFIRE_THRESHOLD = Duration.ofSeconds(60);
    public static final int DEFAULT_FIRES_PER_TASK = 1000;
    public static final int DEFAULT_ROWS_PER_TRANSACTION = 5000;

    public SchedulerConfig {
        if (firesPerTask > rowsPerTransaction) {
            throw new ConfigException(Setting.SCHEDULER_FIRES_PER_TASK.key(), "must not exceed "
                    + Setting.SCHEDULER_ROWS_PER_TRANSACTION.key() + " (" + rowsPerTransaction + "), got " + firesPerTask);
        }
    }

    public SchedulerConfig(Duration tick, Duration lease, Duration misfireThreshold, int batchSize,
                           Duration queueDeadline, Duration lookahead) {
        this(tick, lease, misfireThreshold, batchSize, queueDeadline, lookahead, DEFAULT_FIRES_PER_TASK,
                DEFAULT_ROWS_PER_TRANSACTION);
    }

    public SchedulerConfig(Duration tick, Duration lease, Duration misfireThreshold, int batchSize,
                           Duration queueDeadline) {
        this(tick, lease, misfireThreshold, batchSize, queueDeadline, DEFAULT_LOOKAHEAD);
    }
}
