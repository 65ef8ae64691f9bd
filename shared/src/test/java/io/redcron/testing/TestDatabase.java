package io.redcron.testing;

import io.redcron.config.MysqlConfig;
import io.redcron.config.Secret;
import io.redcron.store.mysql.Migrations;
import io.redcron.store.mysql.MysqlDataSources;

import com.zaxxer.hikari.HikariDataSource;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import java.util.UUID;

/**
 * The MySQL/MariaDB server of a test JVM: the one named by {@code redcron.test.jdbc.url} (or
 * {@code REDCRON_TEST_JDBC_URL}) when given, otherwise an embedded MariaDB started once, on first
 * use. Each caller gets a database of its own, so test classes never see each other's rows and
 * nothing shared is ever flushed.
 *
 * <pre>{@code
 * MysqlConfig config = TestDatabase.freshSchema();          // new, migrated database
 * try (HikariDataSource pool = MysqlDataSources.open(config)) { ... }
 * }</pre>
 */
public final class TestDatabase {
    private static final String PREFIX = "rc_test_";
    private static Server server;

    private TestDatabase() {
    }

    /** A new, empty, migrated database on the test server. */
    public static MysqlConfig freshSchema() {
        MysqlConfig config = freshEmptySchema();
        try (HikariDataSource pool = MysqlDataSources.open(config)) {
            Migrations.apply(pool);
        }
        return config;
    }

    /** A new database without any table, for tests of the migrations themselves. */
    public static MysqlConfig freshEmptySchema() {
        Server target = server();
        String name = PREFIX + UUID.randomUUID().toString().replace("-", "").substring(0, 16).toLowerCase(Locale.ROOT);
        target.create(name);
        return MysqlConfig.of(target.urlOf(name), target.user, Secret.of(target.password));
    }

    /** A new, migrated database with an open pool; close it when the test class is done. */
    public static HikariDataSource freshDataSource() {
        return MysqlDataSources.open(freshSchema());
    }

    /** Whether the tests run against an external server rather than the embedded one. */
    public static boolean isExternal() {
        return server().external;
    }

    private static synchronized Server server() {
        if (server == null) {
            server = Server.fromEnvironment();
        }
        return server;
    }

    private static String setting(String property, String variable, String fallback) {
        String value = System.getProperty(property);
        if (value == null || value.isBlank()) {
            value = System.getenv(variable);
        }
        return value == null || value.isBlank() ? fallback : value.trim();
    }

    /**
     * Where the test databases are created: a server URL without a database part. Database
     * names are generated here ({@code rc_test_} and hex digits), never taken from input.
     */
    private record Server(String baseUrl, String user, String password, boolean external) {

        static Server fromEnvironment() {
            String url = setting("redcron.test.jdbc.url", "REDCRON_TEST_JDBC_URL", "");
            String user = setting("redcron.test.jdbc.user", "REDCRON_TEST_JDBC_USER", "root");
            String password = setting("redcron.test.jdbc.password", "REDCRON_TEST_JDBC_PASSWORD", "");
            if (!url.isEmpty()) {
                return new Server(withoutDatabase(url), user, password, true);
            }
            EmbeddedMariaDb embedded = EmbeddedMariaDb.start();
            return new Server(embedded.jdbcUrl(""), "root", "", false);
        }

        /** Creates a database, and drops it again when the JVM exits so an external server stays tidy. */
        void create(String database) {
            execute("CREATE DATABASE " + database + " CHARACTER SET utf8mb4 COLLATE utf8mb4_bin");
            if (external) {
                Runtime.getRuntime().addShutdownHook(new Thread(() -> dropQuietly(database), "drop-" + database));
            }
        }

        private void dropQuietly(String database) {
            try {
                execute("DROP DATABASE IF EXISTS " + database);
            } catch (IllegalStateException e) {
                System.err.println(e.getMessage());
            }
        }

        String urlOf(String database) {
            int query = baseUrl.indexOf('?');
            return query < 0 ? baseUrl + database : baseUrl.substring(0, query) + database + baseUrl.substring(query);
        }

        void execute(String sql) {
            String url = MysqlConfig.of(urlOf(""), user, Secret.of(password)).connectorUrl();
            try (Connection connection = DriverManager.getConnection(url, user, password);
                 Statement statement = connection.createStatement()) {
                statement.execute(sql);
            } catch (SQLException e) {
                throw new IllegalStateException("test database server " + baseUrl + ": " + e.getMessage(), e);
            }
        }

        /** {@code jdbc:mysql://host:3306/test?x=y} becomes {@code jdbc:mysql://host:3306/?x=y}. */
        static String withoutDatabase(String url) {
            int query = url.indexOf('?');
            String main = query < 0 ? url : url.substring(0, query);
            String rest = query < 0 ? "" : url.substring(query);
            int hostStart = main.indexOf("//");
            int slash = main.indexOf('/', hostStart < 0 ? 0 : hostStart + 2);
            String server = slash < 0 ? main : main.substring(0, slash);
            return server + "/" + rest;
        }
    }
}
