package io.redcron.node.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.zaxxer.hikari.HikariDataSource;
import io.redcron.config.MysqlConfig;
import io.redcron.config.RedisConfig;
import io.redcron.store.mysql.MysqlDataSources;
import io.redcron.store.redis.RedisConnector;
import io.redcron.testing.StoreScope;
import io.redcron.testing.TestDatabase;
import io.redcron.testing.TestRedis;

import com.fasterxml.jackson.core.JsonProcessingException;
import redis.clients.jedis.UnifiedJedis;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The command line pointed at the test servers: one migrated database per instance and a
 * namespace of its own, passed to every command as {@code --jdbc --db-user --redis -n}.
 * Registered with {@code @RegisterExtension}, it closes the pool and the Redis client it handed
 * out ({@link #pool()}, {@link #redis()}) after its scope.
 */
final class StoreCli extends StoreScope {
    final MysqlConfig mysql;
    final String redisUri;
    final String namespace;
    private HikariDataSource pool;
    private UnifiedJedis redis;

    private StoreCli(MysqlConfig mysql, String namespace) {
        this.mysql = mysql;
        this.redisUri = TestRedis.uri();
        this.namespace = namespace;
    }

    /** A new migrated database. */
    static StoreCli fresh() {
        return new StoreCli(TestDatabase.freshSchema(), TestRedis.freshNamespace());
    }

    /** A new database without any table, for {@code migrate}. */
    static StoreCli freshEmpty() {
        return new StoreCli(TestDatabase.freshEmptySchema(), TestRedis.freshNamespace());
    }

    /** The same servers and database in another namespace, so tests of one class stay apart. */
    StoreCli inNewNamespace() {
        return inNamespace(TestRedis.freshNamespace());
    }

    StoreCli inNamespace(String name) {
        return new StoreCli(mysql, name);
    }

    /** A pool on the database, for setting up and reading rows beside the commands. */
    synchronized HikariDataSource pool() {
        if (pool == null) {
            pool = MysqlDataSources.open(mysql);
        }
        return pool;
    }

    /** A client of the test Redis, for setting up and reading keys beside the commands. */
    synchronized UnifiedJedis redis() {
        if (redis == null) {
            redis = RedisConnector.open(RedisConfig.fromUri(redisUri), "store-cli-it", 2);
        }
        return redis;
    }

    @Override
    public synchronized void close() {
        if (redis != null) {
            redis.close();
            redis = null;
        }
        if (pool != null) {
            pool.close();
            pool = null;
        }
    }

    List<String> connectionArgs() {
        return List.of("--jdbc", mysql.jdbcUrl(), "--db-user", mysql.user(), "--redis", redisUri, "-n", namespace);
    }

    /**
     * Runs {@code command} (such as {@code "task add"}) with the connection flags right after it,
     * so that they cannot be taken for the values of a multi-value option such as {@code --exec}.
     */
    Cli.Result run(String command, String... args) {
        List<String> all = new ArrayList<>(Arrays.asList(command.split(" ")));
        all.addAll(connectionArgs());
        all.addAll(Arrays.asList(args));
        return Cli.run(all.toArray(String[]::new));
    }

    /** Runs a command that must succeed and returns what it printed. */
    String ok(String command, String... args) {
        Cli.Result result = run(command, args);
        assertThat(result.exitCode()).as(result.toString()).isZero();
        return result.out();
    }

    /** Runs a command with {@code --json} that must succeed and returns the parsed output. */
    JsonNode json(String command, String... args) {
        List<String> all = new ArrayList<>(Arrays.asList(args));
        all.add("--json");
        String out = ok(command, all.toArray(String[]::new));
        try {
            return Json.MAPPER.readTree(out);
        } catch (JsonProcessingException e) {
            throw new AssertionError("not JSON: " + out, e);
        }
    }

    JsonNode tasks() {
        return json("task list");
    }

    JsonNode task(String name) {
        return json("task show", name);
    }
}
