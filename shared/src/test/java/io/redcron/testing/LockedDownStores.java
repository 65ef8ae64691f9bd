package io.redcron.testing;

import com.zaxxer.hikari.HikariDataSource;
import io.redcron.config.MysqlConfig;
import io.redcron.config.RedisConfig;
import io.redcron.config.Secret;
import io.redcron.store.mysql.Migrations;
import io.redcron.store.mysql.MysqlDataSources;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * A MariaDB and a Redis of a test's own, set up as the installers' files say: the database and
 * migrator from {@code installers/sql/migrator.sql}, the schema migrated by that user, the users
 * of {@code installers/sql/roles.sql}, and the Redis users of {@code installers/redis/users.acl}
 * (the default user stays, as the administrator that seeds data).
 */
public final class LockedDownStores implements AutoCloseable {

    /** The users of the installers' files, with the passwords this test gives them. */
    public enum Role {
        MIGRATOR("redcron_migrator", null), NODE("redcron_node", "redcron-node"),
        OPERATOR("redcron_operator", "redcron-operator"), VIEWER("redcron_viewer", "redcron-viewer"),
        /** An application's user for redcron-client: no Redis user, the client never reaches Redis. */
        CLIENT("redcron_client", null);

        private final String databaseUser;
        private final String redisUser;

        Role(String databaseUser, String redisUser) {
            this.databaseUser = databaseUser;
            this.redisUser = redisUser;
        }

        public String databaseUser() {
            return databaseUser;
        }

        public String redisUser() {
            return redisUser;
        }

        public Secret password() {
            return Secret.of("pw-" + name().toLowerCase(Locale.ROOT) + "-7Qx");
        }

        String placeholder() {
            return "CHANGE-ME-" + name().toLowerCase(Locale.ROOT);
        }
    }

    private final EmbeddedMariaDb database;
    private final RedisProcess redis;
    private final int redisPort;
    private final TestCertificates certificates;

    private LockedDownStores(EmbeddedMariaDb database, RedisProcess redis, int redisPort, TestCertificates certificates) {
        this.database = database;
        this.redis = redis;
        this.redisPort = redisPort;
        this.certificates = certificates;
    }

    /** Starts both servers, plain; {@code dir} keeps the Redis files. */
    public static LockedDownStores start(Path dir) {
        return start(dir, null);
    }

    /**
     * Starts both servers speaking TLS only: Redis on a TLS port alone ({@code port 0}), MariaDB
     * with a server certificate and every Redcron user altered to {@code REQUIRE SSL}.
     */
    public static LockedDownStores startWithTls(Path dir) {
        return start(dir, TestCertificates.create(dir.resolve("pki")));
    }

    private static LockedDownStores start(Path dir, TestCertificates certificates) {
        Path installers = installers();
        int port = FreePorts.any();
        Path acl = dir.resolve("users.acl");
        write(acl, withPasswords(read(installers.resolve("redis/users.acl")), ">"));
        List<String> redisConfig = new java.util.ArrayList<>(List.of("aclfile " + acl, "appendonly yes"));
        List<String> databaseArgs = List.of();
        if (certificates == null) {
            redisConfig.add("port " + port);
        } else {
            redisConfig.addAll(List.of("port 0", "tls-port " + port, "tls-cert-file " + certificates.serverPem(),
                    "tls-key-file " + certificates.serverKey(), "tls-ca-cert-file " + certificates.caPem(),
                    "tls-auth-clients optional"));
            databaseArgs = List.of("--ssl-ca=" + certificates.caPem(), "--ssl-cert=" + certificates.serverPem(),
                    "--ssl-key=" + certificates.serverKey());
        }
        RedisProcess redis = RedisProcess.start(dir.resolve("redis"), redisConfig);
        EmbeddedMariaDb database;
        try {
            database = EmbeddedMariaDb.startPrivate(databaseArgs);
        } catch (RuntimeException e) {
            redis.close();
            throw e;
        }
        LockedDownStores stores = new LockedDownStores(database, redis, port, certificates);
        try {
            database.executeAsRoot(statements(installers.resolve("sql/migrator.sql")));
            try (HikariDataSource migrator = MysqlDataSources.open(stores.mysql(Role.MIGRATOR))) {
                Migrations.apply(migrator);
            }
            database.executeAsRoot(statements(installers.resolve("sql/roles.sql")));
            if (certificates != null) {
                for (Role role : Role.values()) {
                    database.executeAsRoot("ALTER USER '" + role.databaseUser() + "'@'%' REQUIRE SSL");
                }
            }
        } catch (RuntimeException e) {
            stores.close();
            throw e;
        }
        return stores;
    }

    /** The test PKI of a TLS set-up (null for a plain one). */
    public TestCertificates certificates() {
        return certificates;
    }

    public MysqlConfig mysql(Role role) {
        if (certificates != null) {
            return new MysqlConfig(jdbcUrl(), role.databaseUser(), role.password(), 4, Duration.ofSeconds(5),
                    io.redcron.config.MysqlTlsMode.VERIFY_IDENTITY, new io.redcron.config.TlsFiles("mysql.tls",
                    certificates.caPem(), null, Secret.NONE, null, Secret.NONE));
        }
        return MysqlConfig.of(jdbcUrl(), role.databaseUser(), role.password()).withPoolSize(4);
    }

    public String jdbcUrl() {
        return database.jdbcUrl("redcron");
    }

    /** The database as root, for seeding and for looking behind a refused write. */
    public MysqlConfig mysqlAdmin() {
        return MysqlConfig.of(jdbcUrl(), "root", Secret.NONE).withPoolSize(4);
    }

    /** {@code redis://redcron-viewer@127.0.0.1:port}; the password comes apart, as in production. */
    public String redisUri(Role role) {
        return (certificates == null ? "redis://" : "rediss://") + role.redisUser() + "@127.0.0.1:" + redisPort;
    }

    public RedisConfig redis(Role role) {
        return RedisConfig.fromUri(redisUri(role), role.password(), Duration.ofSeconds(3));
    }

    /** Redis's default user, which the ACL file leaves as it is: the administrator. */
    public String redisAdminUri() {
        return (certificates == null ? "redis://" : "rediss://") + "127.0.0.1:" + redisPort;
    }

    @Override
    public void close() {
        redis.close();
        database.close();
    }

    private static String[] statements(Path file) {
        String text = Arrays.stream(read(file).split("\n")).filter(line -> !line.strip().startsWith("--"))
                .collect(Collectors.joining("\n"));
        return Arrays.stream(withPasswords(text, "'").split(";")).map(String::strip).filter(s -> !s.isEmpty())
                .toArray(String[]::new);
    }

    private static String withPasswords(String text, String before) {
        for (Role role : Role.values()) {
            text = text.replace(before + role.placeholder(), before + role.password().reveal());
        }
        return text;
    }

    private static Path installers() {
        for (Path candidate : List.of(Path.of("installers"), Path.of("..", "installers"))) {
            if (Files.isDirectory(candidate.resolve("sql"))) {
                return candidate;
            }
        }
        throw new IllegalStateException("installers/ not found from " + Path.of("").toAbsolutePath());
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void write(Path file, String text) {
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
