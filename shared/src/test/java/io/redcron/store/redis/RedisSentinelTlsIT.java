package io.redcron.store.redis;

import io.redcron.config.ConfigLoader;
import io.redcron.config.RedcronConfig;
import io.redcron.config.RedisAddress;
import io.redcron.config.RedisConfig;
import io.redcron.config.RedisTopology;
import io.redcron.config.Secret;
import io.redcron.config.TlsFiles;
import io.redcron.port.StoreException;
import io.redcron.testing.RedisServerProcess;
import io.redcron.testing.TestCertificates;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.UnifiedJedis;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/**
 * Sentinel over TLS, checked as strictly as a standalone server: the sentinels and the primary they
 * name are all TLS-only and want a client certificate, and a client trusts them only through
 * {@code redis.tls.*} and only for the host it reached them at.
 */
class RedisSentinelTlsIT {
    private static final String MASTER = "redcron-tls-primary";
    private static final Duration TIMEOUT = Duration.ofSeconds(3);

    @TempDir
    static Path dir;
    static TestCertificates certificates;
    static final List<RedisServerProcess> processes = new ArrayList<>();
    /** Certificates that name 127.0.0.1, as a client reaches them. */
    static RedisServerProcess primary;
    static RedisServerProcess sentinel;
    /** A sentinel whose certificate names another host, watching the good primary. */
    static RedisServerProcess wrongHostSentinel;
    /** A good sentinel watching a primary whose certificate names another host. */
    static RedisServerProcess sentinelOfWrongHostPrimary;

    @BeforeAll
    static void start() {
        certificates = TestCertificates.create(dir.resolve("pki"));
        primary = keep(RedisServerProcess.tlsServer(dir, certificates, certificates.serverPem(),
                certificates.serverKey(), List.of()));
        sentinel = keep(RedisServerProcess.tlsSentinel(dir, certificates, certificates.serverPem(),
                certificates.serverKey(), monitor(primary)));
        wrongHostSentinel = keep(RedisServerProcess.tlsSentinel(dir, certificates, certificates.wrongHostPem(),
                certificates.wrongHostKey(), monitor(primary)));
        RedisServerProcess wrongHostPrimary = keep(RedisServerProcess.tlsServer(dir, certificates,
                certificates.wrongHostPem(), certificates.wrongHostKey(), List.of()));
        sentinelOfWrongHostPrimary = keep(RedisServerProcess.tlsSentinel(dir, certificates, certificates.serverPem(),
                certificates.serverKey(), monitor(wrongHostPrimary)));
    }

    @AfterAll
    static void stop() {
        processes.forEach(RedisServerProcess::close);
    }

    @Test
    void theTrustStoreAndKeyStoreOfTheConfigFileReachTheSentinelsAndThePrimary() throws Exception {
        Path file = dir.resolve("redcron-sentinel-tls.yaml");
        Files.writeString(file, """
                redis:
                  uri: rediss://127.0.0.1
                  sentinel:
                    master: %s
                    nodes: 127.0.0.1:%d
                  tls:
                    trust-store: %s
                    trust-store-password-file: %s
                    key-store: %s
                """.formatted(MASTER, sentinel.port(), certificates.trustStore(),
                Files.writeString(dir.resolve("trust.pass"), TestCertificates.STORE_PASSWORD),
                certificates.clientKeyStore()));
        RedcronConfig config = ConfigLoader.load(file,
                Map.of("REDCRON_REDIS_TLS_KEY_STORE_PASSWORD", TestCertificates.STORE_PASSWORD), Map.of());

        try (UnifiedJedis redis = RedisConnector.open(config.redis(), "redcron-sentinel-tls-it", 2)) {
            redis.set("rc:sentinel-tls", "through the sentinels, over TLS");
        }
        try (Jedis direct = primary.connect()) {
            assertThat(direct.get("rc:sentinel-tls")).isEqualTo("through the sentinels, over TLS");
        }
    }

    @Test
    void aCaThatSignedNeitherIsRefusedInTheSameLineAsForOneServer() {
        RedisConfig config = config(sentinel, files(certificates.otherCaPem()));

        StoreException refused = catchThrowableOfType(StoreException.class,
                () -> RedisConnector.open(config, "redcron-sentinel-tls-it", 1));

        assertThat(refused.getMessage()).isEqualTo("TLS with Redis at redis-sentinel://127.0.0.1:" + sentinel.port()
                + "/" + MASTER + " failed: its certificate is not signed by a trusted CA (set redis.tls.ca-file or"
                + " redis.tls.trust-store to the CA that signed it)");
    }

    @Test
    void aSentinelWhoseCertificateNamesAnotherHostIsRefused() {
        RedisConfig config = config(wrongHostSentinel, files(certificates.caPem()));

        StoreException refused = catchThrowableOfType(StoreException.class,
                () -> RedisConnector.open(config, "redcron-sentinel-tls-it", 1));

        assertThat(refused.getMessage()).startsWith("TLS with Redis at redis-sentinel://127.0.0.1:"
                + wrongHostSentinel.port() + "/" + MASTER + " failed: its certificate does not name the host it was"
                + " reached at (").contains("127.0.0.1").doesNotContain("\n");
    }

    @Test
    void aPrimaryWhoseCertificateNamesAnotherHostIsRefusedThoughItsSentinelIsTrusted() {
        RedisConfig config = config(sentinelOfWrongHostPrimary, files(certificates.caPem()));

        StoreException refused = catchThrowableOfType(StoreException.class,
                () -> RedisConnector.open(config, "redcron-sentinel-tls-it", 1));

        assertThat(refused.getMessage()).startsWith("TLS with Redis at redis-sentinel://127.0.0.1:"
                + sentinelOfWrongHostPrimary.port() + "/" + MASTER + " failed: its certificate does not name the host"
                + " it was reached at (").doesNotContain("\n");
    }

    @Test
    void withoutAClientCertificateTheSentinelsRefuseAndSaySo() {
        RedisConfig config = config(sentinel, new TlsFiles("redis.tls", certificates.caPem(), null, Secret.NONE, null,
                Secret.NONE));

        StoreException refused = catchThrowableOfType(StoreException.class,
                () -> RedisConnector.open(config, "redcron-sentinel-tls-it", 1));

        assertThat(refused.getMessage()).startsWith("TLS with Redis at redis-sentinel://127.0.0.1:" + sentinel.port())
                .contains("redis.tls.key-store").doesNotContain("\n");
    }

    private static List<String> monitor(RedisServerProcess server) {
        return List.of("sentinel monitor " + MASTER + " 127.0.0.1 " + server.port() + " 1");
    }

    private static RedisServerProcess keep(RedisServerProcess process) {
        processes.add(process);
        return process;
    }

    /** Trust {@code ca}, show the client certificate. */
    private static TlsFiles files(Path ca) {
        return new TlsFiles("redis.tls", ca, null, Secret.NONE, certificates.clientKeyStore(),
                Secret.of(TestCertificates.STORE_PASSWORD));
    }

    private static RedisConfig config(RedisServerProcess through, TlsFiles files) {
        return new RedisConfig("127.0.0.1", RedisConfig.DEFAULT_PORT, 0, true, null, Secret.NONE, TIMEOUT, files,
                new RedisTopology.Sentinel(MASTER, List.of(new RedisAddress("127.0.0.1", through.port())), Secret.NONE));
    }
}
