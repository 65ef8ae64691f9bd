package io.redcron.store.mysql;

import com.zaxxer.hikari.HikariDataSource;
import io.redcron.config.ConfigLoader;
import io.redcron.config.MysqlConfig;
import io.redcron.config.MysqlTlsMode;
import io.redcron.config.Secret;
import io.redcron.config.TlsFiles;
import io.redcron.port.StoreException;
import io.redcron.testing.EmbeddedMariaDb;
import io.redcron.testing.TestCertificates;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/** TLS to a MariaDB of the test's own, started with a server certificate, whose users must use TLS. */
class MysqlTlsIT {
    private static final String PASSWORD = "tls-db-Pa55";

    @TempDir
    static Path dir;
    static TestCertificates certificates;
    static EmbeddedMariaDb server;

    @BeforeAll
    static void startServer() {
        certificates = TestCertificates.create(dir.resolve("pki"));
        server = EmbeddedMariaDb.startPrivate(List.of("--ssl-ca=" + certificates.caPem(),
                "--ssl-cert=" + certificates.serverPem(), "--ssl-key=" + certificates.serverKey()));
        server.executeAsRoot("CREATE DATABASE redcron",
                "CREATE USER 'tls_user'@'%' IDENTIFIED BY '" + PASSWORD + "' REQUIRE SSL",
                "GRANT SELECT ON redcron.* TO 'tls_user'@'%'",
                "CREATE USER 'cert_user'@'%' IDENTIFIED BY '" + PASSWORD + "' REQUIRE X509",
                "GRANT SELECT ON redcron.* TO 'cert_user'@'%'");
    }

    @AfterAll
    static void stopServer() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void verifyIdentityWithACaFileConnectsOverTls() throws SQLException {
        MysqlConfig config = config("127.0.0.1", "tls_user", MysqlTlsMode.VERIFY_IDENTITY, caFile(certificates.caPem()));

        assertThat(cipherOf(config)).isNotBlank();
    }

    @Test
    void verifyIdentityAlsoHoldsForTheNameLocalhost() throws SQLException {
        MysqlConfig config = config("localhost", "tls_user", MysqlTlsMode.VERIFY_IDENTITY, caFile(certificates.caPem()));

        assertThat(cipherOf(config)).isNotBlank();
    }

    @Test
    void aTrustStoreAndItsPasswordFileFromTheConfigFileWork() throws Exception {
        Path passwordFile = dir.resolve("trust.pass");
        Files.writeString(passwordFile, TestCertificates.STORE_PASSWORD + "\n");
        Path file = dir.resolve("redcron.yaml");
        Files.writeString(file, """
                mysql:
                  url: jdbc:mysql://127.0.0.1:%d/redcron
                  user: tls_user
                  tls:
                    mode: verify-ca
                    trust-store: %s
                    trust-store-password-file: %s
                """.formatted(server.port(), certificates.trustStore(), passwordFile));
        MysqlConfig config = ConfigLoader.load(file, Map.of("REDCRON_MYSQL_PASSWORD", PASSWORD), Map.of()).mysql();

        assertThat(cipherOf(config)).isNotBlank();
    }

    @Test
    void aUserThatRequiresAClientCertificateGetsInWithTheKeyStore() throws SQLException {
        TlsFiles files = new TlsFiles("mysql.tls", certificates.caPem(), null, Secret.NONE, certificates.clientKeyStore(),
                Secret.of(TestCertificates.STORE_PASSWORD));
        MysqlConfig config = config("127.0.0.1", "cert_user", MysqlTlsMode.VERIFY_IDENTITY, files);

        assertThat(cipherOf(config)).isNotBlank();
    }

    @Test
    void aWrongCaIsRefusedInOneLineThatNamesTheDatabaseTlsAndTheSetting() {
        MysqlConfig config = config("127.0.0.1", "tls_user", MysqlTlsMode.VERIFY_IDENTITY, caFile(certificates.otherCaPem()));

        StoreException refused = catchThrowableOfType(StoreException.class, () -> MysqlDataSources.open(config));

        assertThat(refused.getMessage()).startsWith("TLS with the database at " + config.jdbcUrl() + " failed:")
                .contains("mysql.tls.ca-file").doesNotContain("\n").doesNotContain(PASSWORD);
    }

    @Test
    void aCertificateForAnotherHostFailsVerifyIdentityButPassesVerifyCa() throws SQLException {
        try (EmbeddedMariaDb wrongHost = EmbeddedMariaDb.startPrivate(List.of("--ssl-ca=" + certificates.caPem(),
                "--ssl-cert=" + certificates.wrongHostPem(), "--ssl-key=" + certificates.wrongHostKey()))) {
            wrongHost.executeAsRoot("CREATE USER 'tls_user'@'%' IDENTIFIED BY '" + PASSWORD + "' REQUIRE SSL");
            String url = "jdbc:mysql://127.0.0.1:" + wrongHost.port() + "/";
            MysqlConfig identity = new MysqlConfig(url, "tls_user", Secret.of(PASSWORD), 1, Duration.ofSeconds(5),
                    MysqlTlsMode.VERIFY_IDENTITY, caFile(certificates.caPem()));
            MysqlConfig ca = new MysqlConfig(url, "tls_user", Secret.of(PASSWORD), 1, Duration.ofSeconds(5),
                    MysqlTlsMode.VERIFY_CA, caFile(certificates.caPem()));

            StoreException refused = catchThrowableOfType(StoreException.class, () -> MysqlDataSources.open(identity));

            assertThat(refused.getMessage()).startsWith("TLS with the database at " + url + " failed:");
            assertThat(cipherOf(ca)).isNotBlank();
        }
    }

    @Test
    void withTlsDisabledAUserCreatedRequireSslIsRefused() {
        MysqlConfig config = config("127.0.0.1", "tls_user", MysqlTlsMode.DISABLED, TlsFiles.none("mysql.tls"));

        StoreException refused = catchThrowableOfType(StoreException.class, () -> MysqlDataSources.open(config));

        assertThat(refused.getMessage()).contains("tls_user").contains("Access denied");
    }

    private static String cipherOf(MysqlConfig config) throws SQLException {
        try (HikariDataSource pool = MysqlDataSources.open(config);
             Connection connection = pool.getConnection();
             Statement statement = connection.createStatement();
             ResultSet row = statement.executeQuery("SHOW SESSION STATUS LIKE 'Ssl_cipher'")) {
            assertThat(row.next()).isTrue();
            return row.getString(2);
        }
    }

    private static TlsFiles caFile(Path pem) {
        return new TlsFiles("mysql.tls", pem, null, Secret.NONE, null, Secret.NONE);
    }

    private static MysqlConfig config(String host, String user, MysqlTlsMode mode, TlsFiles files) {
        return new MysqlConfig("jdbc:mysql://" + host + ":" + server.port() + "/redcron", user, Secret.of(PASSWORD), 1,
                Duration.ofSeconds(5), mode, files);
    }
}
