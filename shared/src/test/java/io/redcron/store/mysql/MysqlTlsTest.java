package io.redcron.store.mysql;

import io.redcron.config.MysqlConfig;
import io.redcron.config.MysqlTlsMode;
import io.redcron.config.Secret;
import io.redcron.config.TlsFiles;
import io.redcron.testing.TestCertificates;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Properties;

import static org.assertj.core.api.Assertions.assertThat;

class MysqlTlsTest {
    @TempDir
    static Path dir;

    @Test
    void theDefaultLeavesTlsToTheConnectorAndTheUrl() {
        Properties properties = MysqlDataSources.driverProperties(MysqlConfig.of("jdbc:mysql://db/redcron", "u", Secret.NONE));

        assertThat(properties).doesNotContainKeys("sslMode", "trustCertificateKeyStoreUrl");
    }

    @Test
    void storesReachTheConnectorAsCopiesUnderOneOffPasswordsNeverTheOperatorsOwn() {
        TestCertificates certificates = TestCertificates.create(dir.resolve("pki"));
        Secret operators = Secret.of(TestCertificates.STORE_PASSWORD);
        MysqlConfig config = new MysqlConfig("jdbc:mysql://db/redcron", "u", Secret.NONE, 1, Duration.ofSeconds(1),
                MysqlTlsMode.VERIFY_IDENTITY, new TlsFiles("mysql.tls", null, certificates.trustStore(), operators,
                certificates.clientKeyStore(), operators));

        Properties properties = MysqlDataSources.driverProperties(config);

        assertThat(properties.getProperty("sslMode")).isEqualTo("VERIFY_IDENTITY");
        assertThat(properties.getProperty("fallbackToSystemTrustStore")).isEqualTo("false");
        assertThat(Path.of(java.net.URI.create(properties.getProperty("trustCertificateKeyStoreUrl")))).exists()
                .isNotEqualTo(certificates.trustStore());
        assertThat(Path.of(java.net.URI.create(properties.getProperty("clientCertificateKeyStoreUrl")))).exists();
        assertThat(properties.values()).doesNotContain(TestCertificates.STORE_PASSWORD);
    }
}
