package io.redcron.node.cli;

import io.redcron.config.ConfigLoader;
import io.redcron.config.RedcronConfig;
import io.redcron.config.SandboxConnection;
import io.redcron.config.Setting;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Where the stores are, for every command that talks to them: a config file, flags, the
 * environment, or, when none of these is given, the sandbox running on this machine. Passwords
 * come only from the environment ({@code REDCRON_MYSQL_PASSWORD}, {@code REDCRON_REDIS_PASSWORD})
 * or password files named in the config, never from flags, which other users can see in
 * {@code ps}.
 */
final class ConnectionOptions {
    @Option(names = "--config", paramLabel = "FILE", description = "Configuration file (YAML, JSON or .properties). Default: $REDCRON_CONFIG.")
    Path config;

    @Option(names = "--redis", paramLabel = "URI", description = "Redis URI, e.g. redis://127.0.0.1:6379 (password: $REDCRON_REDIS_PASSWORD).")
    String redis;

    @Option(names = "--jdbc", paramLabel = "URL", description = "JDBC URL, e.g. jdbc:mysql://127.0.0.1:3306/redcron (password: $REDCRON_MYSQL_PASSWORD).")
    String jdbc;

    @Option(names = "--db-user", paramLabel = "USER", description = "Database user.")
    String dbUser;

    @Option(names = {"-n", "--namespace"}, paramLabel = "NS", description = "Namespace to work in. Default: from the config, else 'default'.")
    String namespace;

    RedcronConfig resolve(Map<String, String> env) {
        return resolve(env, Map.of());
    }

    /** Resolves with extra settings from a command's own flags, which win over everything else. */
    RedcronConfig resolve(Map<String, String> env, Map<String, String> extra) {
        Map<String, String> overrides = new LinkedHashMap<>();
        put(overrides, "redis.uri", redis);
        put(overrides, "mysql.url", jdbc);
        put(overrides, "mysql.user", dbUser);
        put(overrides, "node.namespace", namespace);
        Path file = config;
        if (file == null && env.get("REDCRON_CONFIG") != null && !env.get("REDCRON_CONFIG").isBlank()) {
            file = Path.of(env.get("REDCRON_CONFIG"));
        }
        boolean explicit = file != null || redis != null || jdbc != null || dbUser != null
                || env.containsKey("REDCRON_MYSQL_URL") || env.containsKey("REDCRON_REDIS_URI");
        if (!explicit) {
            SandboxConnection sandbox = runningSandbox().orElseThrow(() -> new CliErrors.UsageException(
                    "no stores given: pass --config FILE or --jdbc URL and --redis URI, or start the sandbox with"
                            + " 'redcron-node sandbox'"));
            overrides.put("redis.uri", sandbox.redisUri());
            overrides.put("mysql.url", sandbox.jdbcUrl());
            overrides.put("mysql.user", sandbox.dbUser());
            env = withPasswordsOf(sandbox, env);
        }
        overrides.putAll(extra);
        return ConfigLoader.load(file, env, overrides);
    }

    /** The sandbox's passwords instead of any the environment names, which are for other stores. */
    private static Map<String, String> withPasswordsOf(SandboxConnection sandbox, Map<String, String> env) {
        Map<String, String> out = new HashMap<>(env);
        out.remove(Setting.REDIS_PASSWORD_FILE.envName());
        out.remove(Setting.MYSQL_PASSWORD_FILE.envName());
        out.put("REDCRON_REDIS_PASSWORD", sandbox.redisPassword().reveal());
        out.put("REDCRON_MYSQL_PASSWORD", sandbox.dbPassword().reveal());
        return out;
    }

    private static Optional<SandboxConnection> runningSandbox() {
        return SandboxConnection.read(SandboxConnection.defaultLocation()).filter(SandboxConnection::isAlive);
    }

    private static void put(Map<String, String> overrides, String key, String value) {
        if (value != null) {
            overrides.put(key, value);
        }
    }
}
