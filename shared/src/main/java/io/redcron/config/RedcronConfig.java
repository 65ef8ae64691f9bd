package io.redcron.config;

/** The whole, validated configuration of a node or a CLI command. Immutable once loaded. */
public record RedcronConfig(RedisConfig redis, MysqlConfig mysql, NodeConfig node, SchedulerConfig scheduler,
                            WorkerConfig worker, int metricsPort, String metricsBind,
                            AlertConfig alerts, LogFormat logFormat) {
}
