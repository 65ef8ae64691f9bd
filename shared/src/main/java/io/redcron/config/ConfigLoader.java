package io.redcron.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.redcron.domain.AlertTarget;
import io.redcron.domain.Durations;
import io.redcron.domain.InvalidTaskException;
import io.redcron.domain.NodeRole;
import io.redcron.domain.TaskType;
import io.redcron.format.BoundedRead;

import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.io.StringReader;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Reads the configuration in layers, each overriding the one before: the defaults of
 * {@link Setting}, a file (YAML, JSON or properties), environment variables ({@code REDCRON_*}),
 * command-line flags. It converts each value to its type (a text that is no number, duration or
 * known choice is reported here) and builds the records, which check what the values mean; either
 * way a bad value is reported with its key and the reason.
 */
public final class ConfigLoader {
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    /** A config file with every setting and its comment is some 10 KiB; anything near this is not one. */
    private static final int MAX_CONFIG_FILE = 1024 * 1024;
    private static final int MAX_PASSWORD_FILE = 64 * 1024;
    private static final Duration SMTP_TIMEOUT = Duration.ofSeconds(10);
    private static final Set<String> SECRET_KEYS = Set.of("redis.password", "mysql.password", "alerts.webhook.secret",
            "alerts.smtp.password");

    private final Map<String, String> values = new LinkedHashMap<>();
    /** Settings given as a list in a config file: each item is one value, commas included. */
    private final Map<String, List<String>> lists = new LinkedHashMap<>();
    private final Map<String, String> env;

    private ConfigLoader(Map<String, String> env) {
        this.env = env;
        for (Setting setting : Setting.values()) {
            values.put(setting.key(), setting.defaultValue());
        }
    }

    /**
     * @param file      a config file, or null for none
     * @param env       the environment (pass {@code System.getenv()})
     * @param overrides values from command-line flags, by setting key
     */
    public static RedcronConfig load(Path file, Map<String, String> env, Map<String, String> overrides) {
        ConfigLoader loader = new ConfigLoader(env);
        if (file != null) {
            loader.readFile(file);
        }
        for (Setting setting : Setting.values()) {
            String value = env.get(setting.envName());
            if (value != null) {
                loader.values.put(setting.key(), value);
                loader.lists.remove(setting.key());
            }
        }
        overrides.forEach((key, value) -> loader.put(key, value, "flag"));
        return loader.build();
    }

    private void readFile(Path file) {
        if (!Files.isRegularFile(file)) {
            throw new ConfigException("config", "file " + file + " does not exist");
        }
        Map<String, String> read;
        Map<String, List<String>> readLists = new LinkedHashMap<>();
        try {
            byte[] content = bounded(file, MAX_CONFIG_FILE, "config", "a config file");
            String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
            read = name.endsWith(".properties") ? readProperties(content) : readTree(file, content, readLists);
        } catch (IOException e) {
            throw new ConfigException("config", "cannot read " + file + ": " + firstLine(e.getMessage()));
        }
        read.forEach((key, value) -> put(key, value, file.toString()));
        lists.putAll(readLists);
    }

    private void put(String key, String value, String source) {
        if (SECRET_KEYS.contains(key) || key.endsWith("password")) {
            throw new ConfigException(key, "passwords are not read from " + source + "; set "
                    + Setting.byKey(key + "-file").map(setting -> setting.envName().replaceFirst("_FILE$", ""))
                            .orElse("REDCRON_" + key.toUpperCase(Locale.ROOT).replaceAll("[.-]", "_"))
                    + " or " + key + "-file");
        }
        if (Setting.byKey(key).isEmpty()) {
            throw new ConfigException(key, "is not a known setting (in " + source + ")");
        }
        values.put(key, value == null ? "" : value.trim());
        lists.remove(key);
    }

    /** The content of a file the configuration names, refused once more than {@code limit} bytes are read. */
    private static byte[] bounded(Path file, int limit, String key, String what) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            return BoundedRead.upTo(in, limit).orElseThrow(() -> new ConfigException(key, file + " is over "
                    + BoundedRead.size(limit) + "; " + what + " is at most " + BoundedRead.size(limit)));
        }
    }

    private static Map<String, String> readProperties(byte[] content) throws IOException {
        Properties properties = new Properties();
        try (Reader reader = new StringReader(new String(content, StandardCharsets.UTF_8))) {
            properties.load(reader);
        }
        Map<String, String> out = new LinkedHashMap<>();
        properties.stringPropertyNames().forEach(key -> out.put(key, properties.getProperty(key)));
        return out;
    }

    private static Map<String, String> readTree(Path file, byte[] content, Map<String, List<String>> lists) {
        JsonNode root;
        try {
            root = YAML.readTree(content);
        } catch (IOException e) {
            throw new ConfigException("config", file + " is not valid YAML/JSON: " + firstLine(e.getMessage()));
        }
        Map<String, String> out = new LinkedHashMap<>();
        if (root != null && !root.isMissingNode() && !root.isNull()) {
            if (!root.isObject()) {
                throw new ConfigException("config", file + " must hold a mapping of settings");
            }
            flatten("", root, out, lists);
        }
        return out;
    }

    /**
     * {@code mysql: {pool-size: 4}} becomes {@code mysql.pool-size=4}. A list is kept item by item in
     * {@code lists} (a pattern may contain a comma) and as a comma list in {@code out}.
     */
    private static void flatten(String prefix, JsonNode node, Map<String, String> out, Map<String, List<String>> lists) {
        if (node.isObject()) {
            Iterator<Map.Entry<String, JsonNode>> fields = node.fields();
            while (fields.hasNext()) {
                Map.Entry<String, JsonNode> field = fields.next();
                flatten(prefix.isEmpty() ? field.getKey() : prefix + "." + field.getKey(), field.getValue(), out, lists);
            }
        } else if (node.isArray()) {
            List<String> items = new ArrayList<>();
            node.forEach(item -> items.add(item.asText()));
            out.put(prefix, String.join(",", items));
            lists.put(prefix, List.copyOf(items));
        } else {
            out.put(prefix, node.isNull() ? "" : node.asText());
        }
    }

    /** Converts each setting and hands it to the record it belongs to, which checks it. */
    private RedcronConfig build() {
        RedisConfig redis = RedisConfig.fromUri(get(Setting.REDIS_URI),
                secret("REDCRON_REDIS_PASSWORD", Setting.REDIS_PASSWORD_FILE), duration(Setting.REDIS_TIMEOUT));
        RedisTopology topology = redisTopology(redis.topology());
        if (topology != null) {
            redis = redis.withTopology(topology);
        }
        redis = redis.withTlsFiles(tlsFiles("redis.tls", Setting.REDIS_TLS_CA_FILE, Setting.REDIS_TLS_TRUST_STORE,
                Setting.REDIS_TLS_TRUST_STORE_PASSWORD_FILE, Setting.REDIS_TLS_KEY_STORE,
                Setting.REDIS_TLS_KEY_STORE_PASSWORD_FILE));
        MysqlConfig mysql = new MysqlConfig(get(Setting.MYSQL_URL), get(Setting.MYSQL_USER),
                secret("REDCRON_MYSQL_PASSWORD", Setting.MYSQL_PASSWORD_FILE),
                integer(Setting.MYSQL_POOL_SIZE), duration(Setting.MYSQL_CONNECT_TIMEOUT),
                MysqlTlsMode.parse(get(Setting.MYSQL_TLS_MODE)),
                tlsFiles("mysql.tls", Setting.MYSQL_TLS_CA_FILE, Setting.MYSQL_TLS_TRUST_STORE,
                        Setting.MYSQL_TLS_TRUST_STORE_PASSWORD_FILE, Setting.MYSQL_TLS_KEY_STORE,
                        Setting.MYSQL_TLS_KEY_STORE_PASSWORD_FILE));
        NodeConfig node = new NodeConfig(nodeId(), items(Setting.NODE_NAMESPACE),
                set(Setting.NODE_ROLES, NodeRole::parse), new LinkedHashSet<>(items(Setting.NODE_GROUPS)),
                integer(Setting.NODE_SLOTS), duration(Setting.NODE_DRAIN_GRACE), bool(Setting.NODE_ALLOW_ROOT),
                StoreCheck.parse(Setting.REDIS_EVICTION_CHECK, get(Setting.REDIS_EVICTION_CHECK)),
                StoreCheck.parse(Setting.REDIS_PERSISTENCE_CHECK, get(Setting.REDIS_PERSISTENCE_CHECK)));
        SchedulerConfig scheduler = new SchedulerConfig(duration(Setting.SCHEDULER_TICK),
                duration(Setting.SCHEDULER_LEASE), duration(Setting.SCHEDULER_MISFIRE_THRESHOLD),
                integer(Setting.SCHEDULER_BATCH_SIZE), duration(Setting.SCHEDULER_QUEUE_DEADLINE),
                duration(Setting.SCHEDULER_LOOKAHEAD), integer(Setting.SCHEDULER_FIRES_PER_TASK),
                integer(Setting.SCHEDULER_ROWS_PER_TRANSACTION));
        WorkerConfig worker = new WorkerConfig(duration(Setting.WORKER_LEASE), integer(Setting.WORKER_OUTPUT_TAIL),
                set(Setting.WORKER_TYPES, TaskType::parse), commandPatterns(), integer(Setting.WORKER_RESULT_BATCH),
                duration(Setting.WORKER_TASK_CACHE_TTL), integer(Setting.WORKER_PREFETCH),
                patterns(Setting.WORKER_ALLOW_URLS), integer(Setting.WORKER_HTTP_MAX_RESPONSE),
                patterns(Setting.WORKER_ALLOW_ENV), patterns(Setting.WORKER_ALLOW_WORKDIRS),
                optional(Setting.WORKER_RUN_AS), bool(Setting.WORKER_KILL_PROCESS_GROUP),
                optional(Setting.WORKER_SECRETS_DIR).map(Path::of));
        return new RedcronConfig(redis, mysql, node, scheduler, worker, integer(Setting.METRICS_PORT),
                get(Setting.METRICS_BIND), alerts(), parsed(Setting.LOG_FORMAT, LogFormat::parse),
                new ApiConfig(get(Setting.API_BIND), integer(Setting.API_PORT), path(Setting.API_TLS_CERT_FILE),
                        path(Setting.API_TLS_KEY_FILE), path(Setting.API_TLS_KEY_STORE),
                        secret(passwordEnv(Setting.API_TLS_KEY_STORE_PASSWORD_FILE), Setting.API_TLS_KEY_STORE_PASSWORD_FILE),
                        integer(Setting.API_RATE_LIMIT), integer(Setting.API_MAX_BODY)));
    }

    private AlertConfig alerts() {
        Optional<AlertTarget.Webhook> webhook = Optional.empty();
        if (!get(Setting.ALERTS_WEBHOOK_URL).isEmpty()) {
            AlertTarget target = parsed(Setting.ALERTS_WEBHOOK_URL, AlertTarget::parse);
            if (!(target instanceof AlertTarget.Webhook hook)) {
                throw new ConfigException(Setting.ALERTS_WEBHOOK_URL.key(), "must be an http(s):// URL");
            }
            webhook = Optional.of(hook);
        }
        Optional<AlertConfig.Smtp> smtp = Optional.empty();
        String host = get(Setting.ALERTS_SMTP_HOST);
        if (host.isEmpty() && !items(Setting.ALERTS_SMTP_TO).isEmpty()) {
            // Recipients without a server would silently receive nothing.
            throw new ConfigException(Setting.ALERTS_SMTP_TO.key(), "needs alerts.smtp.host (the SMTP server to send through)");
        }
        if (!host.isEmpty()) {
            AlertConfig.Tls tls = parsed(Setting.ALERTS_SMTP_TLS, AlertConfig.Tls::parse);
            int port = integer(Setting.ALERTS_SMTP_PORT);
            List<AlertTarget.Email> to = new ArrayList<>();
            for (String address : items(Setting.ALERTS_SMTP_TO)) {
                to.add(parsed(Setting.ALERTS_SMTP_TO, ignored -> AlertTarget.email(address)));
            }
            smtp = Optional.of(new AlertConfig.Smtp(host, port, get(Setting.ALERTS_SMTP_USER),
                    secret("REDCRON_ALERTS_SMTP_PASSWORD", Setting.ALERTS_SMTP_PASSWORD_FILE), get(Setting.ALERTS_SMTP_FROM),
                    to, tls, optional(Setting.ALERTS_SMTP_CA_FILE).map(Path::of), SMTP_TIMEOUT));
        }
        List<AlertTarget.Chat> chat = new ArrayList<>();
        for (String item : items(Setting.ALERTS_CHAT)) {
            AlertTarget target = parsed(Setting.ALERTS_CHAT, ignored -> AlertTarget.parse(item));
            if (!(target instanceof AlertTarget.Chat robot)) {
                throw new ConfigException(Setting.ALERTS_CHAT.key(), target.redacted() + " names no chat platform"
                        + " (write slack+https://…; a plain webhook belongs in alerts.webhook.url)");
            }
            chat.add(robot);
        }
        // A YAML item is one owner; from the environment they come split at commas and are put together again.
        ChatMentions mentions = ChatMentions.parse(items(Setting.ALERTS_MENTIONS));
        return new AlertConfig(webhook, secret("REDCRON_ALERTS_WEBHOOK_SECRET", Setting.ALERTS_WEBHOOK_SECRET_FILE),
                integer(Setting.ALERTS_WEBHOOK_ATTEMPTS), smtp, duration(Setting.ALERTS_RATE_LIMIT),
                integer(Setting.ALERTS_QUEUE_SIZE), patterns(Setting.ALERTS_ALLOW_TARGETS), chat,
                optional(Setting.ALERTS_CHAT_SECRETS_DIR).map(Path::of), mentions)
                .withGroups(GroupTargets.parse(items(Setting.ALERTS_GROUP_TARGETS)), duration(Setting.ALERTS_BACKLOG_AFTER));
    }

    /** Parses a value; the parser's message (which may start with a field name) becomes the key's. */
    private <T> T parsed(Setting setting, Function<String, T> parse) {
        try {
            return parse.apply(get(setting));
        } catch (IllegalArgumentException e) {
            String reason = e.getMessage().substring(e.getMessage().indexOf(':') + 1).trim();
            throw new ConfigException(setting.key(), reason);
        }
    }

    private String get(Setting setting) {
        return values.get(setting.key());
    }

    private TlsFiles tlsFiles(String prefix, Setting caFile, Setting trustStore, Setting trustStorePassword,
                              Setting keyStore, Setting keyStorePassword) {
        return new TlsFiles(prefix, path(caFile), path(trustStore), secret(passwordEnv(trustStorePassword), trustStorePassword),
                path(keyStore), secret(passwordEnv(keyStorePassword), keyStorePassword));
    }

    /** {@code redis.tls.key-store-password-file} is backed by {@code REDCRON_REDIS_TLS_KEY_STORE_PASSWORD}. */
    private static String passwordEnv(Setting passwordFile) {
        return passwordFile.envName().replaceFirst("_FILE$", "");
    }

    private Path path(Setting setting) {
        String text = get(setting);
        return text.isBlank() ? null : Path.of(text);
    }

    private boolean bool(Setting setting) {
        String text = get(setting).toLowerCase(Locale.ROOT);
        return switch (text) {
            case "true", "yes", "on", "1" -> true;
            case "false", "no", "off", "0", "" -> false;
            default -> throw new ConfigException(setting.key(), "'" + get(setting) + "' must be true or false");
        };
    }

    /** A duration as operators write it; none of the settings takes a negative one. */
    private Duration duration(Setting setting) {
        Duration value;
        try {
            value = Durations.parse(setting.key(), get(setting));
        } catch (InvalidTaskException e) {
            throw new ConfigException(setting.key(), "'" + get(setting) + "' is not a duration (for example 500ms, 30s, 5m)");
        }
        if (value.isNegative()) {
            throw new ConfigException(setting.key(), "must not be negative, got '" + get(setting) + "'");
        }
        return value;
    }

    private int integer(Setting setting) {
        String text = get(setting);
        try {
            return Integer.parseInt(text);
        } catch (NumberFormatException e) {
            throw new ConfigException(setting.key(), "'" + text + "' is not a whole number");
        }
    }

    /** The deployment the redis.sentinel.* or redis.cluster.nodes settings name; null when they are empty. */
    private RedisTopology redisTopology(RedisTopology fromUri) {
        String sentinels = get(Setting.REDIS_SENTINEL_NODES);
        String master = get(Setting.REDIS_SENTINEL_MASTER);
        String cluster = get(Setting.REDIS_CLUSTER_NODES);
        if (sentinels.isBlank() && master.isBlank() && cluster.isBlank()) {
            return null; // as redis.uri says
        }
        if (!(fromUri instanceof RedisTopology.Standalone)) {
            throw new ConfigException(Setting.REDIS_URI.key(),
                    "names a deployment itself; leave redis.sentinel.* and redis.cluster.nodes empty");
        }
        if (!cluster.isBlank()) {
            if (!sentinels.isBlank() || !master.isBlank()) {
                throw new ConfigException(Setting.REDIS_CLUSTER_NODES.key(),
                        "cannot be combined with redis.sentinel.* (Sentinel and Cluster are different deployments)");
            }
            return new RedisTopology.Cluster(RedisAddress.parseList(Setting.REDIS_CLUSTER_NODES.key(), cluster));
        }
        if (sentinels.isBlank()) {
            throw new ConfigException(Setting.REDIS_SENTINEL_NODES.key(), "is required when redis.sentinel.master is set");
        }
        return new RedisTopology.Sentinel(
                master.isBlank() ? null : SettingChecks.identifier(Setting.REDIS_SENTINEL_MASTER, master),
                RedisAddress.parseList(Setting.REDIS_SENTINEL_NODES.key(), sentinels),
                secret("REDCRON_REDIS_SENTINEL_PASSWORD", Setting.REDIS_SENTINEL_PASSWORD_FILE));
    }

    private <T> Set<T> set(Setting setting, Function<String, T> parse) {
        Set<T> out = new LinkedHashSet<>();
        for (String item : items(setting)) {
            try {
                out.add(parse.apply(item));
            } catch (IllegalArgumentException e) {
                String reason = e.getMessage().substring(e.getMessage().indexOf(':') + 1).trim();
                throw new ConfigException(setting.key(), reason);
            }
        }
        if (out.isEmpty()) {
            throw new ConfigException(setting.key(), "must name at least one value");
        }
        return out;
    }

    private List<Pattern> patterns(Setting setting) {
        List<Pattern> out = new ArrayList<>();
        for (String item : items(setting)) {
            try {
                out.add(Pattern.compile(item));
            } catch (PatternSyntaxException e) {
                throw new ConfigException(setting.key(), "'" + item + "' is not a regular expression: " + e.getDescription());
            }
        }
        return out;
    }

    /** A YAML list item by item; text from the environment or a flag split at commas. */
    private List<CommandPattern> commandPatterns() {
        List<CommandPattern> out = new ArrayList<>();
        for (String item : items(Setting.WORKER_ALLOW_COMMANDS)) {
            try {
                out.add(CommandPattern.compile(item));
            } catch (IllegalArgumentException e) {
                throw new ConfigException(Setting.WORKER_ALLOW_COMMANDS.key(), e.getMessage());
            }
        }
        return out;
    }

    private List<String> items(Setting setting) {
        List<String> out = new ArrayList<>();
        List<String> listed = lists.get(setting.key());
        for (String item : listed != null ? listed : List.of(get(setting).split(","))) {
            if (!item.isBlank()) {
                out.add(item.trim());
            }
        }
        return out;
    }

    /** The text of a setting that may be left empty. */
    private Optional<String> optional(Setting setting) {
        String text = get(setting);
        return text.isEmpty() ? Optional.empty() : Optional.of(text);
    }

    private String nodeId() {
        String configured = get(Setting.NODE_ID);
        if (!configured.isEmpty()) {
            return configured;
        }
        String host;
        try {
            host = InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            host = "node";
        }
        String clean = host.replaceAll("[^A-Za-z0-9._-]", "-");
        String pid = ManagementFactory.getRuntimeMXBean().getName().split("@")[0];
        String id = (clean.isEmpty() ? "node" : clean) + "-" + pid;
        // The last 64 characters keep the process id; an identifier starts with a letter or digit.
        return (id.length() > 64 ? id.substring(id.length() - 64) : id).replaceFirst("^[^A-Za-z0-9]+", "");
    }

    /**
     * A secret from, in this order: the file its {@code …-file} setting names; the systemd
     * credential of the same name without {@code -file} ({@code $CREDENTIALS_DIRECTORY/mysql.password},
     * which systemd reads from a root-owned file and shows to this service alone); the environment.
     */
    private Secret secret(String envName, Setting fileSetting) {
        String file = get(fileSetting);
        if (!file.isEmpty()) {
            try {
                byte[] content = bounded(Path.of(file), MAX_PASSWORD_FILE, fileSetting.key(), "a password file");
                return Secret.of(new String(content, StandardCharsets.UTF_8).strip());
            } catch (IOException e) {
                throw new ConfigException(fileSetting.key(), "cannot read " + file + ": " + firstLine(e.toString()));
            }
        }
        String credentials = env.get("CREDENTIALS_DIRECTORY");
        if (credentials != null && !credentials.isEmpty()) {
            Path credential = Path.of(credentials, fileSetting.key().replaceFirst("-file$", ""));
            if (Files.isRegularFile(credential)) {
                try {
                    String value = Files.readString(credential, StandardCharsets.UTF_8).strip();
                    return value.isEmpty() ? Secret.of(env.get(envName)) : Secret.of(value);
                } catch (IOException e) {
                    throw new ConfigException(fileSetting.key(), "cannot read the credential " + credential + ": "
                            + firstLine(e.toString()));
                }
            }
        }
        return Secret.of(env.get(envName));
    }

    private static String firstLine(String message) {
        if (message == null) {
            return "";
        }
        int newline = message.indexOf('\n');
        return newline < 0 ? message : message.substring(0, newline);
    }
}
