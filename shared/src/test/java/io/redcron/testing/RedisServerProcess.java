package io.redcron.testing;

import io.redcron.config.Secret;
import io.redcron.config.TlsFiles;
import io.redcron.store.tls.KeyMaterial;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLSocketFactory;

import static org.awaitility.Awaitility.await;

/**
 * One redis-server (or sentinel) process of a test, on a free loopback port with a folder of its
 * own, for the Sentinel and Cluster tests that need several and kill some. It uses the machine's
 * {@code redis-server} (Debian's 7.0) when there is one, else the 6.2 binary shipped in the
 * embedded-redis jar, so the tests run on a machine without a Redis package too.
 */
public final class RedisServerProcess implements AutoCloseable {
    private static final String[] SYSTEM_BINARIES = {"/usr/bin/redis-server", "/usr/sbin/redis-server",
            "/usr/local/bin/redis-server"};
    /** Where Redis puts a cluster node's bus: its port plus this ({@code cluster-port} is Redis 7 only). */
    private static final int CLUSTER_BUS_OFFSET = 10000;
    private static final String EMBEDDED_BINARY = "/redis-server-6.2.6-v5-linux-amd64";
    private static Path binary;

    private final int port;
    private final Path dir;
    private final String password;
    /** How the test itself reaches a TLS-only process; null for plain TCP. */
    private final SSLSocketFactory tls;
    private Process process;

    private RedisServerProcess(int port, Path dir, String password, SSLSocketFactory tls) {
        this.port = port;
        this.dir = dir;
        this.password = password;
        this.tls = tls;
    }

    /**
     * Starts a data node.
     *
     * @param password {@code requirepass} of the process, or null for none
     * @param extra    further lines of its config file
     */
    public static RedisServerProcess server(Path parent, String password, List<String> extra) {
        return start(parent, password, false, extra, null);
    }

    /**
     * Starts a node of a Redis Cluster ({@code extra} holds its {@code cluster-…} lines) on a port
     * whose cluster bus port, which Redis binds at the port plus {@value #CLUSTER_BUS_OFFSET}, is
     * free too and drawn from below the ephemeral range.
     */
    public static RedisServerProcess clusterNode(Path parent, List<String> extra) {
        return start(parent, null, false, extra, null, FreePorts.withCompanion(CLUSTER_BUS_OFFSET));
    }

    /** Starts a sentinel; {@code extra} holds its {@code sentinel …} lines. */
    public static RedisServerProcess sentinel(Path parent, String password, List<String> extra) {
        return start(parent, password, true, extra, null);
    }

    /**
     * Starts a data node that speaks only TLS: it presents {@code certificate} (signed by the test
     * CA), wants a client certificate from that CA, and replicates over TLS with the test's client
     * certificate.
     */
    public static RedisServerProcess tlsServer(Path parent, TestCertificates certificates, Path certificate, Path key,
                                               List<String> extra) {
        return start(parent, null, false, extra, new TlsIdentity(certificates, certificate, key));
    }

    /** Starts a sentinel that speaks only TLS, to its clients and to the servers it watches. */
    public static RedisServerProcess tlsSentinel(Path parent, TestCertificates certificates, Path certificate, Path key,
                                                 List<String> extra) {
        return start(parent, null, true, extra, new TlsIdentity(certificates, certificate, key));
    }

    private record TlsIdentity(TestCertificates certificates, Path certificate, Path key) {
        List<String> configLines(int port) {
            return List.of("port 0", "tls-port " + port, "tls-cert-file " + certificate, "tls-key-file " + key,
                    "tls-ca-cert-file " + certificates.caPem(), "tls-auth-clients yes", "tls-replication yes",
                    "tls-client-cert-file " + certificates.clientPem(), "tls-client-key-file " + certificates.clientKey());
        }

        /** Trusts the test CA and shows the client certificate; checks no host name, so any test certificate does. */
        SSLSocketFactory clientSockets() {
            return KeyMaterial.sslContext(new TlsFiles("redis.tls", certificates.caPem(), null, Secret.NONE,
                    certificates.clientKeyStore(), Secret.of(TestCertificates.STORE_PASSWORD))).getSocketFactory();
        }
    }

    private static RedisServerProcess start(Path parent, String password, boolean sentinel, List<String> extra,
                                            TlsIdentity tls) {
        return start(parent, password, sentinel, extra, tls, FreePorts.any());
    }

    private static RedisServerProcess start(Path parent, String password, boolean sentinel, List<String> extra,
                                            TlsIdentity tls, int port) {
        Path dir = parent.resolve((sentinel ? "sentinel-" : "redis-") + port);
        RedisServerProcess redis = new RedisServerProcess(port, dir, password, tls == null ? null : tls.clientSockets());
        List<String> config = new ArrayList<>(tls == null ? List.of("port " + port) : tls.configLines(port));
        config.addAll(List.of("bind 127.0.0.1", "dir " + dir,
                "logfile " + dir.resolve("redis.log"), "save \"\"", "appendonly no", "protected-mode no"));
        if (password != null) {
            config.add("requirepass " + password);
        }
        config.addAll(extra);
        try {
            Files.createDirectories(dir);
            Path file = dir.resolve(sentinel ? "sentinel.conf" : "redis.conf");
            Files.write(file, config);
            List<String> command = new ArrayList<>(List.of(binary().toString(), file.toString()));
            if (sentinel) {
                command.add("--sentinel");
            }
            redis.process = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(dir.resolve("stdout.log").toFile()).start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start redis-server on port " + port, e);
        }
        await().atMost(Duration.ofSeconds(20)).ignoreExceptions().until(redis::answers);
        return redis;
    }

    public int port() {
        return port;
    }

    public String address() {
        return "127.0.0.1:" + port;
    }

    public Path dir() {
        return dir;
    }

    public boolean isAlive() {
        return process != null && process.isAlive();
    }

    /** A connection of the test's own to this process (authenticated when it has a password). */
    public Jedis connect() {
        DefaultJedisClientConfig.Builder config = DefaultJedisClientConfig.builder().timeoutMillis(5000);
        if (tls != null) {
            config.ssl(true).sslSocketFactory(tls);
        }
        if (password != null) {
            config.password(password);
        }
        return new Jedis(new HostAndPort("127.0.0.1", port), config.build());
    }

    /** SIGKILL, as a crash or a pulled cable would. */
    public void kill() {
        if (process == null) {
            return;
        }
        process.destroyForcibly();
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                throw new IllegalStateException("redis-server on port " + port + " did not die");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        kill();
    }

    private static String lastLines(Path log) {
        try {
            List<String> lines = Files.readAllLines(log);
            return String.join(" | ", lines.subList(Math.max(0, lines.size() - 5), lines.size())) + " ";
        } catch (IOException | RuntimeException e) {
            return "";
        }
    }

    private boolean answers() {
        if (!isAlive()) {
            // The test's temporary folder, log included, is gone by the time anyone reads the report.
            throw new IllegalStateException("redis-server on port " + port + " exited; the end of its log: "
                    + lastLines(dir.resolve("redis.log")) + lastLines(dir.resolve("stdout.log")));
        }
        try (Jedis jedis = connect()) {
            return "PONG".equals(jedis.ping());
        }
    }

    /** Debian's redis-server when installed, else the one inside the embedded-redis jar. */
    static synchronized Path binary() {
        if (binary != null) {
            return binary;
        }
        for (String candidate : SYSTEM_BINARIES) {
            Path path = Path.of(candidate);
            if (Files.isExecutable(path)) {
                return binary = path;
            }
        }
        try (InputStream in = redis.embedded.RedisServer.class.getResourceAsStream(EMBEDDED_BINARY)) {
            if (in == null) {
                throw new IllegalStateException("no redis-server on this machine and none in the embedded-redis jar");
            }
            Path file = Files.createTempFile("redcron-redis-server", "");
            Files.copy(in, file, StandardCopyOption.REPLACE_EXISTING);
            file.toFile().setExecutable(true);
            file.toFile().deleteOnExit();
            return binary = file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
