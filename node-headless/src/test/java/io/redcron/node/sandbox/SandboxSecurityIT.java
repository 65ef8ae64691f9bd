package io.redcron.node.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.redcron.config.SandboxConnection;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import io.redcron.testing.FreePorts;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.exceptions.JedisException;

/**
 * The sandbox as another user of the same machine sees it, without the connection file: loopback
 * reaches both servers, so only their passwords and the folders' modes keep that user out.
 */
class SandboxSecurityIT {
    @TempDir
    Path tmp;

    private SandboxConfig config;

    @BeforeEach
    void freePortsAndATempFolder() {
        config = new SandboxConfig(tmp.resolve("data"), FreePorts.any(), FreePorts.any(), tmp.resolve("sandbox.properties"));
    }

    @Test
    void withoutThePasswordsNeitherServerLetsAnyoneIn() throws Exception {
        try (SandboxServers servers = SandboxServers.start(config, line -> { })) {
            String url = serverUrl(servers);
            String password = servers.dbPassword().reveal();
            assertRefused(url, "root", "");
            assertRefused(url, "root", password);
            assertRefused(url, "", "");
            assertRefused(url, "guest", ""); // an anonymous account would take any name
            assertRefused(url, "redcron", "");
            assertRefused(url, "redcron", "not-" + password);

            try (Jedis stranger = new Jedis(new HostAndPort("127.0.0.1", servers.redisPort()))) {
                assertThatThrownBy(stranger::ping).isInstanceOf(JedisException.class).hasMessageContaining("NOAUTH");
                assertThatThrownBy(() -> stranger.auth("not-" + servers.redisPassword().reveal()))
                        .isInstanceOf(JedisException.class).hasMessageContaining("WRONGPASS");
                assertThatThrownBy(() -> stranger.auth("default", "")).isInstanceOf(JedisException.class);
            }

            // With the connection file: in, and in the sandbox's database only.
            SandboxConnection file = SandboxConnection.read(config.connectionFile()).orElseThrow();
            try (Connection db = SandboxServersIT.connect(file); Statement sql = db.createStatement()) {
                assertThat(column(sql, "SHOW DATABASES")).containsExactlyInAnyOrder("information_schema", "redcron");
            }
            try (Jedis redis = SandboxServersIT.redis(file)) {
                assertThat(redis.ping()).isEqualTo("PONG");
            }
        }
    }

    @Test
    void itsFoldersArePrivateAndOnlyTheConnectionFileHoldsThePasswords() throws Exception {
        try (SandboxServers servers = SandboxServers.start(config, line -> { })) {
            Path data = config.dataDir();
            for (Path folder : List.of(data, data.resolve("redis"), data.resolve("mariadb"),
                    data.resolve("mariadb/base"), data.resolve("mariadb/data"), data.resolve("mariadb/tmp"))) {
                assertThat(mode(folder)).as(folder.toString()).isEqualTo("rwx------");
            }
            assertThat(mode(config.connectionFile())).isEqualTo("rw-------");
            assertThat(mode(data.resolve("redis/redis.conf"))).isEqualTo("rw-------");
            assertThat(data.resolve("mariadb/mariadbd.sock")).as("the socket, inside the private folder").exists();
            assertThat(data.resolve("mariadb").resolve(SandboxMariaDb.INIT_FILE)).doesNotExist();

            String redisPassword = servers.redisPassword().reveal();
            String dbPassword = servers.dbPassword().reveal();
            assertThat(redisPassword).hasSize(32).isNotEqualTo(dbPassword);
            assertThat(Files.readString(config.connectionFile())).contains(redisPassword, dbPassword);
            try (var files = Files.walk(data)) {
                for (Path file : files.filter(Files::isRegularFile).filter(f -> !f.startsWith(data.resolve("mariadb/base")))
                        .toList()) {
                    String text = new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1);
                    assertThat(text).as(file.toString()).doesNotContain(redisPassword).doesNotContain(dbPassword);
                }
            }
        }
    }

    @Test
    void anotherUserCannotReadTheConnectionFileNorEnterTheDataFolder() throws Exception {
        assumeTrue("root".equals(System.getProperty("user.name")) && Files.isExecutable(Path.of("/usr/bin/setpriv")),
                "switching to another user needs root and setpriv");
        // Open the way there, so that only the sandbox's own modes can stop the other user.
        Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path readable = Files.writeString(tmp.resolve("public.txt"), "anyone may read this");
        Files.setPosixFilePermissions(readable, PosixFilePermissions.fromString("rw-r--r--"));

        try (SandboxServers servers = SandboxServers.start(config, line -> { })) {
            assertThat(asNobody("cat", readable.toString())).as("the other user can read what is readable").isZero();
            assertThat(asNobody("cat", config.connectionFile().toString())).isNotZero();
            assertThat(asNobody("ls", config.dataDir().toString())).isNotZero();
            assertThat(asNobody("cat", config.dataDir().resolve("redis/redis.conf").toString())).isNotZero();
        }
    }

    @Test
    void aDataFolderOfAnOlderSandboxIsSecuredInPlaceWithItsData() throws Exception {
        try (SandboxServers servers = SandboxServers.start(config, line -> { });
             Connection db = SandboxServersIT.connect(servers.connection()); Statement sql = db.createStatement()) {
            sql.execute("CREATE TABLE kept (text VARCHAR(40))");
            sql.execute("INSERT INTO kept VALUES ('from before')");
        }
        makeItLikeAnOlderSandbox(config.dataDir());

        try (SandboxServers servers = SandboxServers.start(config, line -> { })) {
            assertRefused(serverUrl(servers), "root", "");
            assertRefused(serverUrl(servers), "", "");
            assertRefused(serverUrl(servers), "guest", "");
            assertThat(mode(config.dataDir())).isEqualTo("rwx------");
            assertThat(mode(config.dataDir().resolve("mariadb/data"))).isEqualTo("rwx------");
            try (Connection db = SandboxServersIT.connect(servers.connection()); Statement sql = db.createStatement()) {
                assertThat(column(sql, "SELECT text FROM kept")).containsExactly("from before");
            }
        }
    }

    /**
     * What versions before the passwords left: root without a password over TCP, anonymous
     * accounts, folders anyone could read. Written into the stopped server's tables the way its
     * install did (MariaDB's bootstrap mode), so that the next start meets them.
     */
    private static void makeItLikeAnOlderSandbox(Path data) throws IOException, InterruptedException {
        Path base = data.resolve("mariadb/base");
        List<String> command = new ArrayList<>(List.of(base.resolve("bin/mariadbd").toString(), "--no-defaults",
                "--bootstrap", "--basedir=" + base, "--datadir=" + data.resolve("mariadb/data"), "--log-warnings=0"));
        if ("root".equals(System.getProperty("user.name"))) {
            command.add("--user=root");
        }
        ProcessBuilder bootstrap = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(data.resolve("bootstrap.log").toFile());
        bootstrap.environment().putAll(Map.of("LD_LIBRARY_PATH", base.resolve("lib").toString()));
        Process process = bootstrap.start();
        try (var in = process.getOutputStream()) {
            in.write(("""
                    UPDATE mysql.global_priv SET Priv = '{"access":18446744073709551615}' WHERE User = 'root';
                    INSERT INTO mysql.global_priv VALUES ('127.0.0.1', 'root', '{"access":18446744073709551615}');
                    INSERT INTO mysql.global_priv VALUES ('localhost', '', '{}'), ('%', '', '{}');
                    """).getBytes(StandardCharsets.UTF_8));
        }
        assertThat(process.waitFor(2, TimeUnit.MINUTES)).isTrue();
        assertThat(process.exitValue()).as(Files.readString(data.resolve("bootstrap.log"))).isZero();
        for (String folder : List.of("", "redis", "mariadb", "mariadb/data")) {
            Files.setPosixFilePermissions(data.resolve(folder), PosixFilePermissions.fromString("rwxr-xr-x"));
        }
    }

    /** The server without a database: an account with no rights on any database could still log in. */
    private static String serverUrl(SandboxServers servers) {
        return "jdbc:mysql://127.0.0.1:" + servers.mariaDbPort() + "/";
    }

    private static void assertRefused(String url, String user, String password) {
        assertThatThrownBy(() -> DriverManager.getConnection(url, user, password).close())
                .as("'%s' with %s", user, password.isEmpty() ? "no password" : "a password")
                .isInstanceOf(SQLException.class);
    }

    private static int asNobody(String... command) throws IOException, InterruptedException {
        List<String> full = new ArrayList<>(List.of("setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups"));
        full.addAll(List.of(command));
        Process process = new ProcessBuilder(full).redirectErrorStream(true).start();
        process.getInputStream().readAllBytes();
        assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
        return process.exitValue();
    }

    private static String mode(Path path) throws IOException {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(path));
    }

    private static List<String> column(Statement sql, String query) throws SQLException {
        List<String> out = new ArrayList<>();
        try (ResultSet rows = sql.executeQuery(query)) {
            while (rows.next()) {
                out.add(rows.getString(1));
            }
        }
        return out;
    }
}
