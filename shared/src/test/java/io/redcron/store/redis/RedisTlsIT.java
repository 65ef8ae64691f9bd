package io.redcron.store.redis;

import io.redcron.config.ConfigLoader;
import io.redcron.config.RedcronConfig;
import io.redcron.config.RedisConfig;
import io.redcron.config.Secret;
import io.redcron.config.TlsFiles;
import io.redcron.port.StoreException;
import io.redcron.testing.FreePorts;
import io.redcron.testing.RedisProcess;
import io.redcron.testing.TestCertificates;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.UnifiedJedis;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/**
 * rediss:// against a redis-server that speaks only TLS ({@code port 0}), asks for client
 * certificates, and knows only an ACL user with a password.
 */
class RedisTlsIT {
    private static final String PASSWORD = "tls-user-Pa55";
    private static final Duration TIMEOUT = Duration.ofSeconds(3);

    @TempDir
    static Path dir;
    static TestCertificates certificates;
    static RedisProcess optionalClientCerts;
    static RedisProcess requiredClientCerts;
    static int optionalPort;
    static int requiredPort;

    @BeforeAll
    static void startServers() {
        certificates = TestCertificates.create(dir.resolve("pki"));
        optionalPort = FreePorts.any();
        optionalClientCerts = RedisProcess.start(dir.resolve("optional"), tlsServer(optionalPort, "optional"));
        requiredPort = FreePorts.any();
        requiredClientCerts = RedisProcess.start(dir.resolve("required"), tlsServer(requiredPort, "yes"));
    }

    @AfterAll
    static void stopServers() {
        if (optionalClientCerts != null) {
            optionalClientCerts.close();
        }
        if (requiredClientCerts != null) {
            requiredClientCerts.close();
        }
    }

    private static List<String> tlsServer(int tlsPort, String authClients) {
        return List.of("port 0", "tls-port " + tlsPort, "tls-cert-file " + certificates.serverPem(),
                "tls-key-file " + certificates.serverKey(), "tls-ca-cert-file " + certificates.caPem(),
                "tls-auth-clients " + authClients,
                "user default off", "user node on >" + PASSWORD + " ~rc:* &rc:* +@all");
    }

    @Test
    void aCaFileAndTheAclUserGetIn() {
        RedisConfig config = config("rediss://node@127.0.0.1:" + optionalPort, caFile(certificates.caPem()));

        try (UnifiedJedis redis = RedisConnector.open(config, "redcron-tls-it", 2)) {
            redis.set("rc:tls-check", "over TLS");
            assertThat(redis.get("rc:tls-check")).isEqualTo("over TLS");
        }
    }

    @Test
    void theHostNameLocalhostIsCheckedAgainstTheCertificateToo() {
        RedisConfig config = config("rediss://node@localhost:" + optionalPort, caFile(certificates.caPem()));

        try (UnifiedJedis redis = RedisConnector.open(config, "redcron-tls-it", 2)) {
            assertThat(redis.ping()).isEqualTo("PONG");
        }
    }

    @Test
    void aServerWhoseCertificateNamesAnotherHostIsRefused() {
        int port = FreePorts.any();
        try (RedisProcess wrongHost = RedisProcess.start(dir.resolve("wronghost"), List.of("port 0", "tls-port " + port,
                "tls-cert-file " + certificates.wrongHostPem(), "tls-key-file " + certificates.wrongHostKey(),
                "tls-ca-cert-file " + certificates.caPem(), "tls-auth-clients no"))) {
            RedisConfig config = config("rediss://127.0.0.1:" + port, caFile(certificates.caPem()));

            StoreException refused = catchThrowableOfType(StoreException.class,
                    () -> RedisConnector.open(config, "redcron-tls-it", 1));

            assertThat(refused.getMessage()).startsWith("TLS with Redis at rediss://127.0.0.1:" + port
                    + " failed: its certificate does not name 127.0.0.1").doesNotContain("\n");
        }
    }

    @Test
    void aWrongCaIsRefusedInOneLineNamingRedisTlsAndTheSettings() {
        RedisConfig config = config("rediss://node@127.0.0.1:" + optionalPort, caFile(certificates.otherCaPem()));

        StoreException refused = catchThrowableOfType(StoreException.class,
                () -> RedisConnector.open(config, "redcron-tls-it", 1));

        assertThat(refused.getMessage()).isEqualTo("TLS with Redis at rediss://node@127.0.0.1:" + optionalPort
                + " failed: its certificate is not signed by a trusted CA (set redis.tls.ca-file or"
                + " redis.tls.trust-store to the CA that signed it)");
    }

    @Test
    void withoutAnyCaTheJvmTrustStoreDoesNotTrustATestCa() {
        RedisConfig config = config("rediss://node@127.0.0.1:" + optionalPort, TlsFiles.none("redis.tls"));

        StoreException refused = catchThrowableOfType(StoreException.class,
                () -> RedisConnector.open(config, "redcron-tls-it", 1));

        assertThat(refused.getMessage()).contains("not signed by a trusted CA");
    }

    @Test
    void aServerThatRequiresClientCertificatesTakesTheKeyStoreFromTheConfigFile() throws Exception {
        Path file = dir.resolve("redcron-tls.yaml");
        java.nio.file.Files.writeString(file, """
                redis:
                  uri: rediss://node@localhost:%d
                  tls:
                    trust-store: %s
                    trust-store-password-file: %s
                    key-store: %s
                """.formatted(requiredPort, certificates.trustStore(), passwordFile(), certificates.clientKeyStore()));
        RedcronConfig config = ConfigLoader.load(file, Map.of("REDCRON_REDIS_PASSWORD", PASSWORD,
                "REDCRON_REDIS_TLS_KEY_STORE_PASSWORD", TestCertificates.STORE_PASSWORD), Map.of());

        try (UnifiedJedis redis = RedisConnector.open(config.redis(), "redcron-tls-it", 2)) {
            assertThat(redis.ping()).isEqualTo("PONG");
        }
    }

    @Test
    void withoutAClientCertificateARequiringServerRefuses() {
        RedisConfig config = config("rediss://node@127.0.0.1:" + requiredPort, caFile(certificates.caPem()));

        StoreException refused = catchThrowableOfType(StoreException.class,
                () -> RedisConnector.open(config, "redcron-tls-it", 1));

        assertThat(refused.getMessage()).startsWith("TLS with Redis at rediss://node@127.0.0.1:" + requiredPort + " failed").contains("redis.tls.key-store");
        assertThat(refused.getMessage()).doesNotContain(PASSWORD).doesNotContain("\n");
    }

    @Test
    void plainRedisToATlsPortIsNotMistakenForSuccess() {
        RedisConfig config = RedisConfig.fromUri("redis://node@127.0.0.1:" + optionalPort, Secret.of(PASSWORD), TIMEOUT);

        StoreException refused = catchThrowableOfType(StoreException.class,
                () -> RedisConnector.open(config, "redcron-tls-it", 1));

        assertThat(refused.getMessage()).startsWith("cannot reach Redis at redis://node@127.0.0.1:" + optionalPort);
    }

    private static Path passwordFile() throws Exception {
        Path file = dir.resolve("truststore.pass");
        java.nio.file.Files.writeString(file, TestCertificates.STORE_PASSWORD + "\n");
        return file;
    }

    private static TlsFiles caFile(Path pem) {
        return new TlsFiles("redis.tls", pem, null, Secret.NONE, null, Secret.NONE);
    }

    private static RedisConfig config(String uri, TlsFiles files) {
        return RedisConfig.fromUri(uri, Secret.of(PASSWORD), TIMEOUT).withTlsFiles(files);
    }
}
