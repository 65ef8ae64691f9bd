package io.redcron.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.redcron.domain.Durations;
import io.redcron.domain.InvalidTaskException;
import io.redcron.domain.NodeRole;
import io.redcron.domain.TaskType;

import java.io.IOException;
import java.io.Reader;
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
import java.util.Properties;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Reads the configuration in layers, each overriding the one before: built-in defaults, a file
 * (YAML, JSON or properties), environment variables ({@code REDCRON_*}), command-line flags.
 * Every value is checked here, once, and a bad one is reported with its key and the reason.
 */
public final class ConfigLoader {
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    private final Map<String, String> values = new LinkedHashMap<>();
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
        try {
            String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
            read = name.endsWith(".properties") ? readProperties(file) : readTree(file);
        } catch (IOException e) {
            throw new ConfigException("config", "cannot read " + file + ": " + firstLine(e.getMessage()));
        }
        read.forEach((key, value) -> put(key, value, file.toString()));
    }

    private void put(String key, String value, String source) {
        if (key.equals("redis.password") || key.equals("mysql.password")) {
            throw new ConfigException(key, "passwords are not read from " + source + "; set "
                    + (key.startsWith("redis") ? "REDCRON_REDIS_PASSWORD" : "REDCRON_MYSQL_PASSWORD")
                    + " or " + key + "-file");
        }
        if (Setting.byKey(key).isEmpty()) {
            throw new ConfigException(key, "is not a known setting (in " + source + ")");
        }
        values.put(key, value == null ? "" : value.trim());
    }

    private static Map<String, String> readProperties(Path file) throws IOException {
        Properties properties = new Properties();
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            properties.load(reader);
        }
        Map<String, String> out = new LinkedHashMap<>();
        properties.stringPropertyNames().forEach(key -> out.put(key, properties.getProperty(key)));
        return out;
    }

    private static Map<String, String> readTree(Path file) throws IOException {
        JsonNode root;
        try {
            root = YAML.readTree(file.toFile());
        } catch (IOException e) {
            throw new ConfigException("config", file + " is not valid YAML/JSON: " + firstLine(e.getMessage()));
        }
        Map<String, String> out = new LinkedHashMap<>();
        if (root != null && !root.isMissingNode() && !root.isNull()) {
            if (!root.isObject()) {
                throw new ConfigException("config", file + " must hold a mapping of settings");
            }
            flatten("", root, out);
        }
        return out;
    }

    /** {@code mysql: {pool-size: 4}} becomes {@code mysql.pool-size=4}; lists become comma lists. */
    private static void flatten(String prefix, JsonNode node, Map<String, String> out) {
        if (node.isObject()) {
            Iterator<Map.Entry<String, JsonNode>> fields = node.fields();
            while (fields.hasNext()) {
                Map.Entry<String, JsonNode> field = fields.next();
                flatten(prefix.isEmpty() ? field.getKey() : prefix + "." + field.getKey(), field.getValue(), out);
            }
        } else if (node.isArray()) {
            List<String> items = new ArrayList<>();
            node.forEach(item -> items.add(item.asText()));
            out.put(prefix, String.join(",", items));
        } else {
            out.put(prefix, node.isNull() ? "" : node.asText());
        }
    }

    private RedcronConfig build() {
        RedisConfig redis = RedisConfig.fromUri(get(Setting.REDIS_URI),
                secret("REDCRON_REDIS_PASSWORD", Setting.REDIS_PASSWORD_FILE), duration(Setting.REDIS_TIMEOUT));
        RedisTopology topology = redisTopology();
        if (topology != null) {
            redis = redis.withTopology(topology);
        }
        MysqlConfig mysql = new MysqlConfig(get(Setting.MYSQL_URL), get(Setting.MYSQL_USER),
                secret("REDCRON_MYSQL_PASSWORD", Setting.MYSQL_PASSWORD_FILE),
                integer(Setting.MYSQL_POOL_SIZE, 1, 500), duration(Setting.MYSQL_CONNECT_TIMEOUT));
        NodeConfig node = new NodeConfig(nodeId(), namespaces(),
                set(Setting.NODE_ROLES, NodeRole::parse), groups(), integer(Setting.NODE_SLOTS, 1, 1024),
                duration(Setting.NODE_DRAIN_GRACE));
        SchedulerConfig scheduler = new SchedulerConfig(duration(Setting.SCHEDULER_TICK),
                duration(Setting.SCHEDULER_LEASE), duration(Setting.SCHEDULER_MISFIRE_THRESHOLD),
                integer(Setting.SCHEDULER_BATCH_SIZE, 1, 10_000), duration(Setting.SCHEDULER_QUEUE_DEADLINE));
        if (scheduler.lease().compareTo(Duration.ofSeconds(1)) < 0) {
            throw new ConfigException(Setting.SCHEDULER_LEASE.key(), "must be at least 1s, got "
                    + Durations.format(scheduler.lease()));
        }
        WorkerConfig worker = new WorkerConfig(duration(Setting.WORKER_LEASE),
                integer(Setting.WORKER_OUTPUT_TAIL, 1024, 16 * 1024 * 1024),
                set(Setting.WORKER_TYPES, TaskType::parse), patterns(Setting.WORKER_ALLOW_COMMANDS));
        String bind = get(Setting.METRICS_BIND);
        if (bind.isBlank()) {
            throw new ConfigException(Setting.METRICS_BIND.key(), "is required (an address such as 0.0.0.0 or 127.0.0.1)");
        }
        return new RedcronConfig(redis, mysql, node, scheduler, worker, integer(Setting.METRICS_PORT, 0, 65535), bind);
    }

    private String get(Setting setting) {
        return values.get(setting.key());
    }

    private Duration duration(Setting setting) {
        try {
            Duration value = Durations.parse(setting.key(), get(setting));
            if (value.isNegative() || value.isZero()) {
                throw new ConfigException(setting.key(), "must be positive, got '" + get(setting) + "'");
            }
            return value;
        } catch (InvalidTaskException e) {
            throw new ConfigException(setting.key(), "'" + get(setting) + "' is not a duration (for example 500ms, 30s, 5m)");
        }
    }

    private int integer(Setting setting, int min, int max) {
        String text = get(setting);
        try {
            int value = Integer.parseInt(text);
            if (value < min || value > max) {
                throw new ConfigException(setting.key(), value + " is out of range " + min + "-" + max);
            }
            return value;
        } catch (NumberFormatException e) {
            throw new ConfigException(setting.key(), "'" + text + "' is not a whole number");
        }
    }

    /** The deployment the redis.sentinel.* or redis.cluster.nodes settings name; null when they are empty. */
    private RedisTopology redisTopology() {
        String sentinels = get(Setting.REDIS_SENTINEL_NODES);
        String master = get(Setting.REDIS_SENTINEL_MASTER);
        String cluster = get(Setting.REDIS_CLUSTER_NODES);
        if (sentinels.isBlank() && master.isBlank() && cluster.isBlank()) {
            return null; // as redis.uri says
        }
        if (!(RedisConfig.fromUri(get(Setting.REDIS_URI)).topology() instanceof RedisTopology.Standalone)) {
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
        return new RedisTopology.Sentinel(master.isBlank() ? null : identifier(Setting.REDIS_SENTINEL_MASTER),
                RedisAddress.parseList(Setting.REDIS_SENTINEL_NODES.key(), sentinels),
                secret("REDCRON_REDIS_SENTINEL_PASSWORD", Setting.REDIS_SENTINEL_PASSWORD_FILE));
    }

    /** One namespace or a comma-separated list of them, in the order given. */
    private List<String> namespaces() {
        Set<String> namespaces = new LinkedHashSet<>();
        for (String item : items(Setting.NODE_NAMESPACE)) {
            if (!item.matches("[A-Za-z0-9][A-Za-z0-9._-]{0,63}")) {
                throw new ConfigException(Setting.NODE_NAMESPACE.key(), "'" + item + "' must be 1-64 letters, digits, '.', '_' or '-'");
            }
            if (!namespaces.add(item)) {
                throw new ConfigException(Setting.NODE_NAMESPACE.key(), "names '" + item + "' twice");
            }
        }
        if (namespaces.isEmpty()) {
            throw new ConfigException(Setting.NODE_NAMESPACE.key(), "must name at least one namespace");
        }
        return List.copyOf(namespaces);
    }

    private String identifier(Setting setting) {
        String text = get(setting);
        if (!text.matches("[A-Za-z0-9][A-Za-z0-9._-]{0,63}")) {
            throw new ConfigException(setting.key(), "'" + text + "' must be 1-64 letters, digits, '.', '_' or '-'");
        }
        return text;
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

    private Set<String> groups() {
        Set<String> groups = new LinkedHashSet<>();
        for (String group : items(Setting.NODE_GROUPS)) {
            if (!group.matches("[A-Za-z0-9][A-Za-z0-9._-]{0,63}")) {
                throw new ConfigException(Setting.NODE_GROUPS.key(), "'" + group + "' must be 1-64 letters, digits, '.', '_' or '-'");
            }
            groups.add(group);
        }
        if (groups.isEmpty()) {
            throw new ConfigException(Setting.NODE_GROUPS.key(), "must name at least one group");
        }
        return groups;
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

    private List<String> items(Setting setting) {
        List<String> out = new ArrayList<>();
        for (String item : get(setting).split(",")) {
            if (!item.isBlank()) {
                out.add(item.trim());
            }
        }
        return out;
    }

    private String nodeId() {
        String configured = get(Setting.NODE_ID);
        if (!configured.isEmpty()) {
            return identifier(Setting.NODE_ID);
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
        return id.length() > 64 ? id.substring(id.length() - 64) : id;
    }

    private Secret secret(String envName, Setting fileSetting) {
        String file = get(fileSetting);
        if (!file.isEmpty()) {
            try {
                return Secret.of(Files.readString(Path.of(file), StandardCharsets.UTF_8).strip());
            } catch (IOException e) {
                throw new ConfigException(fileSetting.key(), "cannot read " + file + ": " + firstLine(e.toString()));
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
