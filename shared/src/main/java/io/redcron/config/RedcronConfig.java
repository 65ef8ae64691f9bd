package io.redcron.config;

import java.util.Objects;

/**
 * The whole, validated configuration of a node or a CLI command. Immutable once loaded: every part
 * checks its own values when it is built, naming the setting a bad one came from.
 *
 * @param metricsPort port of {@code /metrics} and {@code /health}; 0 turns the endpoint off
 * @param metricsBind the address that endpoint listens on
 * @param api         the JSON API of a node with the api role
 */
public record RedcronConfig(RedisConfig redis, MysqlConfig mysql, NodeConfig node, SchedulerConfig scheduler,
                            WorkerConfig worker, int metricsPort, String metricsBind,
                            AlertConfig alerts, LogFormat logFormat, ApiConfig api) {
    public RedcronConfig {
        Objects.requireNonNull(redis, "redis");
        Objects.requireNonNull(mysql, "mysql");
        Objects.requireNonNull(node, "node");
        Objects.requireNonNull(scheduler, "scheduler");
        Objects.requireNonNull(worker, "worker");
        SettingChecks.range(Setting.METRICS_PORT, metricsPort, 0, 65535);
        if (metricsBind == null || metricsBind.isBlank()) {
            throw new ConfigException(Setting.METRICS_BIND.key(), "is required (an address such as 0.0.0.0 or 127.0.0.1)");
        }
        Objects.requireNonNull(alerts, "alerts");
        SettingChecks.present(Setting.LOG_FORMAT, logFormat);
        Objects.requireNonNull(api, "api");
    }

    /** A configuration with the API's defaults. */
    public RedcronConfig(RedisConfig redis, MysqlConfig mysql, NodeConfig node, SchedulerConfig scheduler,
                         WorkerConfig worker, int metricsPort, String metricsBind, AlertConfig alerts, LogFormat logFormat) {
        this(redis, mysql, node, scheduler, worker, metricsPort, metricsBind, alerts, logFormat, ApiConfig.defaults());
    }
}
