package io.redcron.config;

import io.redcron.domain.Durations;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Every configuration key Redcron reads, with its default and meaning. The loader refuses keys
 * not listed here, the environment name of each key is derived from it, and the README's
 * configuration reference is this table. It is the one place a default is written: code that
 * needs one without loading a configuration reads it from here ({@link #defaultDuration()}...).
 */
public enum Setting {
    REDIS_URI("redis.uri", "redis://127.0.0.1:6379", "Redis server: redis://[user@]host[:port][/db], rediss:// for TLS; or redis-sentinel://host:port,…/master[/db], redis-cluster://host:port,…"),
    REDIS_PASSWORD_FILE("redis.password-file", "", "File holding the Redis password (else REDCRON_REDIS_PASSWORD)"),
    REDIS_TIMEOUT("redis.timeout", "5s", "Connect and command timeout for Redis"),
    MYSQL_URL("mysql.url", "jdbc:mysql://127.0.0.1:3306/redcron", "JDBC URL of the MySQL 8 / MariaDB 10.6+ database"),
    MYSQL_USER("mysql.user", "redcron", "Database user"),
    MYSQL_PASSWORD_FILE("mysql.password-file", "", "File holding the database password (else REDCRON_MYSQL_PASSWORD)"),
    MYSQL_POOL_SIZE("mysql.pool-size", "10", "Connections in the node's pool"),
    MYSQL_CONNECT_TIMEOUT("mysql.connect-timeout", "5s", "How long to wait for a database connection"),
    NODE_ID("node.id", "", "Unique node name; default: host name and process id"),
    NODE_NAMESPACE("node.namespace", "default", "The namespace this node serves, or a comma-separated list of them (the first is the command line's)"),
    NODE_ROLES("node.roles", "scheduler,worker", "Roles of this node: scheduler, worker (or both), and api to serve the JSON API"),
    NODE_GROUPS("node.groups", "default", "Routing groups whose runs this node's worker executes"),
    NODE_SLOTS("node.slots", "8", "Runs this node executes at once"),
    NODE_DRAIN_GRACE("node.drain-grace", "30s", "On SIGTERM, how long running runs may finish before they are handed back"),
    SCHEDULER_TICK("scheduler.tick", "1s", "Longest sleep of the scheduler between looks at the schedule"),
    SCHEDULER_LEASE("scheduler.lease", "10s", "Leader lease; a dead leader is replaced within this time"),
    SCHEDULER_MISFIRE_THRESHOLD("scheduler.misfire-threshold", "60s", "A fire later than this (to be recorded, or to start) is a misfire and follows the task's misfire policy; also how long a fire of a 'forbid' task waits for the run in flight"),
    SCHEDULER_QUEUE_DEADLINE("scheduler.queue-deadline", "1h", "A run no worker has started this long after it was due is failed (and names its group)"),
    SCHEDULER_BATCH_SIZE("scheduler.batch-size", "500", "Due tasks taken per scheduler pass"),
    SCHEDULER_FIRES_PER_TASK("scheduler.fires-per-task", "1000", "Fires of one task recorded per pass at most; the fires of a long outage are recorded over several passes"),
    SCHEDULER_ROWS_PER_TRANSACTION("scheduler.rows-per-transaction", "5000", "Run rows recorded per database transaction at most; a pass with more is split (at least scheduler.fires-per-task)"),
    SCHEDULER_LOOKAHEAD("scheduler.lookahead", "2500ms", "Fires due within this time are recorded and queued ahead, so workers start them on time; 0s records each fire once it is due"),
    WORKER_LEASE("worker.lease", "30s", "Run lease; renewed while a run is going, reclaimed by another node when it lapses"),
    WORKER_OUTPUT_TAIL("worker.output-tail", "65536", "Bytes of output kept in the run history (the tail)"),
    WORKER_TYPES("worker.types", "exec,shell,http,java", "Task types this node executes"),
    WORKER_ALLOW_COMMANDS("worker.allow-commands", "", "Regular expressions (a YAML list, or comma-separated in the environment); when set, exec argv and shell lines must match one, and the whole execution context is checked"),
    WORKER_ALLOW_ENV("worker.allow-env", "", "Regular expressions for the names of task environment variables; on a node with worker.allow-commands each must match one (by default none may be set)"),
    WORKER_ALLOW_WORKDIRS("worker.allow-workdirs", "", "Regular expressions; on a node with worker.allow-commands a task's working directory must match one (by default none may be set)"),
    WORKER_RUN_AS("worker.run-as", "", "System user that exec and shell tasks run as (the package sets redcron-task); empty runs them as the node's own user"),
    WORKER_KILL_PROCESS_GROUP("worker.kill-process-group", "true", "When a run's program ends, kill what it left running in its session (background children)"),
    WORKER_SECRETS_DIR("worker.secrets-dir", "", "Directory whose files are the secrets tasks may reference as ${secret:NAME}; empty: no references resolve"),
    METRICS_PORT("metrics.port", "0", "Port of /metrics and /health; 0 turns the endpoint off"),
    METRICS_BIND("metrics.bind", "127.0.0.1", "Address the /metrics and /health endpoint listens on; 0.0.0.0 for every interface"),
    WORKER_RESULT_BATCH("worker.result-batch", "256", "Most results a worker writes in one database transaction (results waiting meanwhile share a commit)"),
    WORKER_TASK_CACHE_TTL("worker.task-cache-ttl", "5s", "How long a worker reuses a task's definition; a task-changed event drops it at once"),
    WORKER_PREFETCH("worker.prefetch", "10000", "Runs a worker holds ready for their scheduled time at most (claimed ahead, within the lookahead); when full it stops reading"),
    WORKER_ALLOW_URLS("worker.allow-urls", "", "Comma-separated regular expressions; when set, the URL of an HTTP task and of every redirect must match one as a whole. A match also allows loopback, link-local and metadata addresses, which are refused otherwise"),
    WORKER_HTTP_MAX_RESPONSE("worker.http-max-response", "1048576", "Bytes of an HTTP task's response body read at most; a longer body is cut (the status still decides the run)"),
    ALERTS_WEBHOOK_URL("alerts.webhook.url", "", "Webhook that receives every alert (JSON POST); tasks may name their own targets too, where alerts.allow-targets allows"),
    ALERTS_WEBHOOK_SECRET_FILE("alerts.webhook.secret-file", "", "File holding the key that signs webhook requests with HMAC-SHA256 (else REDCRON_ALERTS_WEBHOOK_SECRET)"),
    ALERTS_WEBHOOK_ATTEMPTS("alerts.webhook.attempts", "5", "Deliveries tried per webhook alert, with exponential backoff from 1s"),
    ALERTS_SMTP_HOST("alerts.smtp.host", "", "SMTP server for e-mail alerts; empty turns e-mail off"),
    ALERTS_SMTP_PORT("alerts.smtp.port", "0", "SMTP port; 0 means 587 for starttls, 465 for tls, 25 for none"),
    ALERTS_SMTP_TLS("alerts.smtp.tls", "starttls", "starttls (required: never falls back to plain text), tls (SMTPS) or none"),
    ALERTS_SMTP_USER("alerts.smtp.user", "", "SMTP login; empty sends without logging in"),
    ALERTS_SMTP_PASSWORD_FILE("alerts.smtp.password-file", "", "File holding the SMTP password (else REDCRON_ALERTS_SMTP_PASSWORD)"),
    ALERTS_SMTP_FROM("alerts.smtp.from", "", "Sender address of alert e-mails; required with alerts.smtp.host"),
    ALERTS_SMTP_TO("alerts.smtp.to", "", "Comma-separated addresses that receive every alert"),
    ALERTS_SMTP_CA_FILE("alerts.smtp.ca-file", "", "PEM certificates to trust for the SMTP server instead of the JVM's trust store"),
    ALERTS_RATE_LIMIT("alerts.rate-limit", "10m", "At most one alert per target, task (or node) and kind in this window; the rest are counted and summed up"),
    ALERTS_QUEUE_SIZE("alerts.queue-size", "1000", "Alerts kept in memory while the alert outbox (MySQL) cannot be written; beyond it new ones are dropped and counted"),
    ALERTS_ALLOW_TARGETS("alerts.allow-targets", "", "Comma-separated regular expressions; a task's own alert target (the webhook URL as written, a chat target with its prefix, or mailto:ADDRESS) is delivered only if it matches one as a whole"),
    ALERTS_CHAT("alerts.chat", "", "Chat platforms' webhooks that receive every alert, each in its platform's own format: dingtalk+https://…, feishu+https://…, lark+https://…, wecom+https://…, slack+https://…, teams+https://… (a YAML list, or comma-separated)"),
    ALERTS_CHAT_SECRETS_DIR("alerts.chat-secrets-dir", "", "Directory whose files are the signing keys of DingTalk and Feishu/Lark robots; a target names one with #secret=NAME"),
    ALERTS_MENTIONS("alerts.mentions", "", "Who tasks' owners are on chat platforms, one entry per owner: alice=dingtalk:0123456,slack:U024BE7LH,feishu:ou_xxx,wecom:alice.w,teams:alice@example.com"),
    LOG_FORMAT("log.format", "text", "Log lines as readable text or as JSON, one object per line"),
    REDIS_TLS_CA_FILE("redis.tls.ca-file", "", "PEM file of the CA certificate(s) a rediss:// server's certificate must chain to; else redis.tls.trust-store, else the JVM's trust store"),
    REDIS_TLS_TRUST_STORE("redis.tls.trust-store", "", "PKCS12 or JKS trust store for rediss:// (instead of redis.tls.ca-file)"),
    REDIS_TLS_TRUST_STORE_PASSWORD_FILE("redis.tls.trust-store-password-file", "", "File holding the trust store's password (else REDCRON_REDIS_TLS_TRUST_STORE_PASSWORD)"),
    REDIS_TLS_KEY_STORE("redis.tls.key-store", "", "PKCS12 or JKS key store with this client's certificate and key, for servers with tls-auth-clients"),
    REDIS_TLS_KEY_STORE_PASSWORD_FILE("redis.tls.key-store-password-file", "", "File holding the key store's password (else REDCRON_REDIS_TLS_KEY_STORE_PASSWORD)"),
    REDIS_EVICTION_CHECK("redis.eviction-check", "refuse", "refuse or warn when Redis's maxmemory-policy could evict Redcron's keys (anything but noeviction)"),
    REDIS_PERSISTENCE_CHECK("redis.persistence-check", "warn", "refuse or warn when Redis persists nothing (neither AOF nor RDB save points)"),
    MYSQL_TLS_MODE("mysql.tls.mode", "preferred", "disabled, preferred, required, verify-ca or verify-identity (only verify-* check the server's certificate)"),
    MYSQL_TLS_CA_FILE("mysql.tls.ca-file", "", "PEM file of the CA certificate(s) the database server's certificate must chain to (verify-* modes)"),
    MYSQL_TLS_TRUST_STORE("mysql.tls.trust-store", "", "PKCS12 or JKS trust store for the verify-* modes (instead of mysql.tls.ca-file)"),
    MYSQL_TLS_TRUST_STORE_PASSWORD_FILE("mysql.tls.trust-store-password-file", "", "File holding the trust store's password (else REDCRON_MYSQL_TLS_TRUST_STORE_PASSWORD)"),
    MYSQL_TLS_KEY_STORE("mysql.tls.key-store", "", "PKCS12 or JKS key store with this client's certificate and key, for users created REQUIRE X509"),
    MYSQL_TLS_KEY_STORE_PASSWORD_FILE("mysql.tls.key-store-password-file", "", "File holding the key store's password (else REDCRON_MYSQL_TLS_KEY_STORE_PASSWORD)"),
    NODE_ALLOW_ROOT("node.allow-root", "false", "Let 'run' start as root (it refuses otherwise; a task would run with root's rights)"),
    REDIS_SENTINEL_MASTER("redis.sentinel.master", "", "Redis Sentinel: name of the monitored primary; with redis.sentinel.nodes, replaces redis.uri's host"),
    REDIS_SENTINEL_NODES("redis.sentinel.nodes", "", "Redis Sentinel: comma-separated host:port of the sentinels"),
    REDIS_SENTINEL_PASSWORD_FILE("redis.sentinel.password-file", "", "File holding the sentinels' own password (else REDCRON_REDIS_SENTINEL_PASSWORD)"),
    REDIS_CLUSTER_NODES("redis.cluster.nodes", "", "Redis Cluster: comma-separated host:port of some cluster nodes (seeds); replaces redis.uri's host"),
    // Alert routing by group and the backlog alert
    ALERTS_GROUP_TARGETS("alerts.group-targets", "", "Extra targets for the alerts of each routing group (its tasks' alerts, and BACKLOG and GROUP_UNSERVED), one entry per group: gpu=slack+https://…;mailto:ops@example.com (targets separated by ';')"),
    ALERTS_BACKLOG_AFTER("alerts.backlog-after", "5m", "BACKLOG alert when runs of a group have waited (queued and due) longer than this; 0s turns it off"),
    // The JSON API of a node with the api role (docs/API.md)
    API_BIND("api.bind", "127.0.0.1", "Address the JSON API (role api) listens on; 0.0.0.0 for every interface"),
    API_PORT("api.port", "8686", "Port of the JSON API (role api); 0 picks a free one"),
    API_TLS_CERT_FILE("api.tls.cert-file", "", "PEM file of the API's certificate chain; with api.tls.key-file the API speaks HTTPS only"),
    API_TLS_KEY_FILE("api.tls.key-file", "", "PEM file of the API certificate's private key (PKCS#8, unencrypted)"),
    API_TLS_KEY_STORE("api.tls.key-store", "", "PKCS12 or JKS key store with the API's certificate and key (instead of the PEM files)"),
    API_TLS_KEY_STORE_PASSWORD_FILE("api.tls.key-store-password-file", "", "File holding the API key store's password (else REDCRON_API_TLS_KEY_STORE_PASSWORD)"),
    API_RATE_LIMIT("api.rate-limit", "20", "Requests per second one API token may make; more are refused with 429 and Retry-After"),
    API_MAX_BODY("api.max-body", "65536", "Bytes of an API request body at most; a larger one is refused with 413");

    private final String key;
    private final String defaultValue;
    private final String description;

    Setting(String key, String defaultValue, String description) {
        this.key = key;
        this.defaultValue = defaultValue;
        this.description = description;
    }

    public String key() {
        return key;
    }

    public String defaultValue() {
        return defaultValue;
    }

    public String description() {
        return description;
    }

    /** The default of a duration setting, such as {@code 2500ms}. */
    public Duration defaultDuration() {
        return Durations.parse(key, defaultValue);
    }

    /** The default of a whole-number setting. */
    public int defaultInt() {
        return Integer.parseInt(defaultValue);
    }

    /** The default of a true/false setting. */
    public boolean defaultFlag() {
        return Boolean.parseBoolean(defaultValue);
    }

    /** {@code mysql.pool-size} is read from {@code REDCRON_MYSQL_POOL_SIZE}. */
    public String envName() {
        return "REDCRON_" + key.toUpperCase(Locale.ROOT).replace('.', '_').replace('-', '_');
    }

    public static Optional<Setting> byKey(String key) {
        for (Setting setting : values()) {
            if (setting.key.equals(key)) {
                return Optional.of(setting);
            }
        }
        return Optional.empty();
    }

    /** Secrets come only from the environment or a file named in the config, never from the config itself. */
    public static final List<String> SECRET_ENV = List.of("REDCRON_REDIS_PASSWORD", "REDCRON_MYSQL_PASSWORD",
            "REDCRON_ALERTS_WEBHOOK_SECRET", "REDCRON_ALERTS_SMTP_PASSWORD",
            "REDCRON_REDIS_TLS_TRUST_STORE_PASSWORD", "REDCRON_REDIS_TLS_KEY_STORE_PASSWORD",
            "REDCRON_MYSQL_TLS_TRUST_STORE_PASSWORD", "REDCRON_MYSQL_TLS_KEY_STORE_PASSWORD",
            "REDCRON_REDIS_SENTINEL_PASSWORD", "REDCRON_API_TLS_KEY_STORE_PASSWORD");
}
