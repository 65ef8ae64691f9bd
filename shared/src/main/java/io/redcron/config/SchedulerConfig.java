package io.redcron.config;

import io.redcron.domain.Durations;

import java.time.Duration;

import static io.redcron.config.SettingChecks.notNegative;
import static io.redcron.config.SettingChecks.positive;
import static io.redcron.config.SettingChecks.range;

/**
 * @param tick               longest sleep between looks at the schedule
 * @param lease              the leader lease; at least a second
 * @param misfireThreshold   how late a fire may be recorded or start before it is a misfire
 * @param batchSize          due tasks taken per pass
 * @param queueDeadline      how long after it was due a run no worker started is failed
 * @param lookahead          how long before their due time fires are recorded and queued (zero: when due)
 * @param firesPerTask       fires of one task recorded per pass at most
 * @param rowsPerTransaction run rows recorded per transaction at most (a pass with more is split);
 *                           at least {@code firesPerTask}
 */
public record SchedulerConfig(Duration tick, Duration lease, Duration misfireThreshold, int batchSize,
                              Duration queueDeadline, Duration lookahead, int firesPerTask, int rowsPerTransaction) {
    /** The threshold of a namespace whose leader has not published its own. */
    public static final Duration DEFAULT_MISFIRE_THRESHOLD = Setting.SCHEDULER_MISFIRE_THRESHOLD.defaultDuration();
    public static final Duration DEFAULT_LOOKAHEAD = Setting.SCHEDULER_LOOKAHEAD.defaultDuration();

    public SchedulerConfig {
        positive(Setting.SCHEDULER_TICK, tick);
        positive(Setting.SCHEDULER_LEASE, lease);
        positive(Setting.SCHEDULER_MISFIRE_THRESHOLD, misfireThreshold);
        range(Setting.SCHEDULER_BATCH_SIZE, batchSize, 1, 10_000);
        positive(Setting.SCHEDULER_QUEUE_DEADLINE, queueDeadline);
        notNegative(Setting.SCHEDULER_LOOKAHEAD, lookahead);
        range(Setting.SCHEDULER_FIRES_PER_TASK, firesPerTask, 1, 100_000);
        range(Setting.SCHEDULER_ROWS_PER_TRANSACTION, rowsPerTransaction, 1, 100_000);
        if (firesPerTask > rowsPerTransaction) {
            throw new ConfigException(Setting.SCHEDULER_FIRES_PER_TASK.key(), "must not exceed "
                    + Setting.SCHEDULER_ROWS_PER_TRANSACTION.key() + " (" + rowsPerTransaction + "), got " + firesPerTask);
        }
        if (lease.compareTo(Duration.ofSeconds(1)) < 0) {
            throw new ConfigException(Setting.SCHEDULER_LEASE.key(), "must be at least 1s, got "
                    + Durations.format(lease));
        }
    }
}
