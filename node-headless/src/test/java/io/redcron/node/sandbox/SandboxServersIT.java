package io.redcron.node.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.redcron.config.SandboxConnection;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import io.redcron.testing.FreePorts;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;

/** Real servers from the jars, on free ports, in a temp folder; nothing is mocked. */
class SandboxServersIT {
    @TempDir
    Path tmp;

    private final List<String> lines = new CopyOnWriteArrayList<>();
    private final Consumer<String> progress = line -> {
        System.out.println(line); // the start-up timings, and a trail when a test fails
        lines.add(line);
    };
    private SandboxConfig config;

    @BeforeEach
    void freePortsAndATempFolder() {
        config = new SandboxConfig(tmp.resolve("data"), FreePorts.any(), FreePorts.any(),
                tmp.resolve("sandbox.properties"));
    }

    @Test
    void keepsRowsAndKeysAcrossARestart() throws Exception {
        try (SandboxServers servers = SandboxServers.start(config, progress)) {
            assertThat(servers.redisUri()).isEqualTo("redis://127.0.0.1:" + config.redisPort());
            assertThat(servers.jdbcUrl()).isEqualTo("jdbc:mysql://127.0.0.1:" + config.mariaDbPort() + "/redcron");
            assertThat(servers.dbUser()).isEqualTo("redcron");
            try (Connection db = connect(servers); Statement sql = db.createStatement()) {
                sql.execute("CREATE TABLE greetings (id INT PRIMARY KEY, text VARCHAR(40))");
                sql.execute("INSERT INTO greetings VALUES (1, 'survives restarts')");
                assertThat(single(sql, "SELECT @@bind_address")).isEqualTo("127.0.0.1");
            }
            try (Jedis redis = redis(servers.connection())) {
                redis.set("sandbox:greeting", "hello again");
            }
            try (Jedis admin = redis(servers.connection())) {
                assertThat(admin.configGet("bind")).containsEntry("bind", "127.0.0.1");
                assertThat(admin.configGet("maxmemory-policy")).containsEntry("maxmemory-policy", "noeviction");
                assertThat(admin.configGet("appendonly")).containsEntry("appendonly", "yes");
            }
            assertThat(SandboxConnection.read(config.connectionFile())).contains(servers.connection());
        }
        assertThat(config.connectionFile()).doesNotExist();
        assertThat(Files.readString(config.dataDir().resolve("redis/appendonly.aof"))).contains("sandbox:greeting");
        assertThat(lines).anyMatch(line -> line.startsWith("Installing MariaDB"));

        lines.clear();
        try (SandboxServers servers = SandboxServers.start(config, progress)) {
            try (Connection db = connect(servers); Statement sql = db.createStatement()) {
                assertThat(single(sql, "SELECT text FROM greetings WHERE id = 1")).isEqualTo("survives restarts");
            }
            try (Jedis redis = redis(servers.connection())) {
                assertThat(redis.get("sandbox:greeting")).isEqualTo("hello again");
            }
        }
        assertThat(lines).noneMatch(line -> line.startsWith("Installing MariaDB"));
    }

    @Test
    void aSecondSandboxOnTheSameFolderIsRefusedInOneLine() {
        try (SandboxServers running = SandboxServers.start(config, progress)) {
            SandboxConfig sameFolder = config.withPorts(0, 0).withConnectionFile(tmp.resolve("second.properties"));

            assertThatThrownBy(() -> SandboxServers.start(sameFolder, progress))
                    .isInstanceOf(SandboxException.class)
                    .hasMessage("a sandbox is already running from " + config.dataDir() + " (pid "
                            + ProcessHandle.current().pid() + ")");
            assertThat(running.connection().isAlive()).isTrue();
            assertThat(tmp.resolve("second.properties")).doesNotExist();
        }
    }

    @Test
    void takesAnotherPortWhenThePreferredOneIsTaken() throws Exception {
        try (ServerSocket squatter = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            int taken = squatter.getLocalPort();

            try (SandboxServers servers = SandboxServers.start(config.withPorts(taken, config.mariaDbPort()),
                    progress)) {
                assertThat(servers.redisPort()).isNotEqualTo(taken);
                assertThat(lines).contains("Redis: port " + taken + " is taken, using " + servers.redisPort()
                        + " instead");
                try (Jedis redis = redis(servers.connection())) {
                    assertThat(redis.ping()).isEqualTo("PONG");
                }
            }
        }
    }

    @Test
    void recoversTheServersOfAKilledSandbox() throws Exception {
        Process child = startChildSandboxWithData();

        assertThatThrownBy(() -> SandboxServers.start(config, progress))
                .isInstanceOf(SandboxException.class)
                .hasMessage("a sandbox is already running from " + config.dataDir() + " (pid " + child.pid() + ")");

        child.destroyForcibly().waitFor(1, TimeUnit.MINUTES);
        try (SandboxServers servers = SandboxServers.start(config, progress)) {
            assertThat(lines).anyMatch(line -> line.startsWith("Redis (pid ") && line.contains("did not stop cleanly"));
            assertThat(lines).anyMatch(line -> line.startsWith("MariaDB (pid ") && line.contains("did not stop cleanly"));
            assertChildDataIsThere(servers);
        }
    }

    @Test
    void aSandboxJvmThatExitsWithoutClosingKeepsItsData() throws Exception {
        Process child = startChildSandboxWithData();

        child.getOutputStream().close(); // the child exits, its shutdown hooks stop the servers
        assertThat(child.waitFor(1, TimeUnit.MINUTES)).isTrue();

        try (SandboxServers servers = SandboxServers.start(config, progress)) {
            assertThat(lines).noneMatch(line -> line.contains("did not stop cleanly") || line.startsWith("Installing"));
            assertChildDataIsThere(servers);
        }
    }

    @Test
    void aDataFolderThatIsAFileIsReportedInOneLine() throws IOException {
        Path file = Files.writeString(tmp.resolve("not-a-folder"), "x");

        assertThatThrownBy(() -> SandboxServers.start(config.withDataDir(file), progress))
                .isInstanceOf(SandboxException.class)
                .hasMessage("cannot use " + file + " for sandbox data: it exists and is not a folder");
    }

    /** A sandbox in another JVM, on this test's folder, holding a key and a row. */
    private Process startChildSandboxWithData() throws IOException, SQLException {
        Process child = startChildSandbox();
        List<String> childOutput = readLines(child);
        await().atMost(Duration.ofMinutes(3)).until(() -> childOutput.stream().anyMatch(this::isReadyLine));
        SandboxConnection childSandbox = SandboxConnection.read(tmp.resolve("child.properties")).orElseThrow();
        try (Jedis redis = redis(childSandbox);
             Connection db = connect(childSandbox);
             Statement sql = db.createStatement()) {
            redis.set("sandbox:from-child", "kept");
            sql.execute("CREATE TABLE notes (text VARCHAR(40))");
            sql.execute("INSERT INTO notes VALUES ('kept')");
        }
        return child;
    }

    private static void assertChildDataIsThere(SandboxServers servers) throws SQLException {
        try (Jedis redis = redis(servers.connection());
             Connection db = connect(servers);
             Statement sql = db.createStatement()) {
            assertThat(redis.get("sandbox:from-child")).isEqualTo("kept");
            assertThat(single(sql, "SELECT text FROM notes")).isEqualTo("kept");
        }
    }

    private Process startChildSandbox() throws IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        return new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                SandboxChildProcess.class.getName(), config.dataDir().toString(), "0", "0",
                tmp.resolve("child.properties").toString())
                .redirectErrorStream(true)
                .start();
    }

    private boolean isReadyLine(String line) {
        return line.startsWith(SandboxChildProcess.READY);
    }

    /** Reads the child's output as it comes, so that it never blocks on a full pipe. */
    private static List<String> readLines(Process process) {
        List<String> lines = new CopyOnWriteArrayList<>();
        Thread reader = new Thread(() -> {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(),
                    StandardCharsets.UTF_8))) {
                in.lines().forEach(lines::add);
            } catch (IOException | java.io.UncheckedIOException e) {
                // the child is gone
            }
        }, "sandbox-child-output");
        reader.setDaemon(true);
        reader.start();
        return lines;
    }

    private static Connection connect(SandboxServers servers) throws SQLException {
        return connect(servers.connection());
    }

    /** As the node and the command line connect: with what the connection file says. */
    static Connection connect(SandboxConnection sandbox) throws SQLException {
        return DriverManager.getConnection(sandbox.jdbcUrl(), sandbox.dbUser(), sandbox.dbPassword().reveal());
    }

    static Jedis redis(SandboxConnection sandbox) {
        String hostAndPort = sandbox.redisUri().substring("redis://".length());
        return new Jedis(HostAndPort.from(hostAndPort), DefaultJedisClientConfig.builder()
                .password(sandbox.redisPassword().reveal()).build());
    }

    private static String single(Statement sql, String query) throws SQLException {
        try (ResultSet rows = sql.executeQuery(query)) {
            assertThat(rows.next()).as("a row from %s", query).isTrue();
            return rows.getString(1);
        }
    }
}
