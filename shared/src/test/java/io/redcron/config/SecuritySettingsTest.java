package io.redcron.config;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The TLS, root and store-check settings: parsed, checked, and secrets kept out of files. */
class SecuritySettingsTest {
    @TempDir
    Path dir;

    @Test
    void defaultsAreNoTlsFilesPreferredMysqlTlsNoRootRefuseEvictionWarnPersistence() {
        RedcronConfig config = ConfigLoader.load(null, Map.of(), Map.of());

        assertThat(config.redis().tlsFiles().hasTrust()).isFalse();
        assertThat(config.mysql().tlsMode()).isEqualTo(MysqlTlsMode.PREFERRED);
        assertThat(config.node().allowRoot()).isFalse();
        assertThat(config.node().evictionCheck()).isEqualTo(StoreCheck.REFUSE);
        assertThat(config.node().persistenceCheck()).isEqualTo(StoreCheck.WARN);
    }

    @Test
    void tlsFilesAndTheirPasswordsComeFromSettingsFilesAndTheEnvironment() throws IOException {
        Path ca = touch("ca.pem");
        Path keyStore = touch("client.p12");
        Path passwordFile = dir.resolve("trust.pass");
        Files.writeString(passwordFile, "trust-secret\n");

        RedcronConfig config = ConfigLoader.load(null, Map.of("REDCRON_REDIS_TLS_KEY_STORE_PASSWORD", "key-secret",
                "REDCRON_MYSQL_TLS_MODE", "verify-identity", "REDCRON_REDIS_PASSWORD", "node-secret"), Map.of("redis.uri", "rediss://node@cache:6380",
                "redis.tls.ca-file", ca.toString(), "redis.tls.key-store", keyStore.toString(),
                "mysql.tls.trust-store", keyStore.toString(), "mysql.tls.trust-store-password-file", passwordFile.toString(),
                "node.allow-root", "true", "redis.persistence-check", "refuse"));

        assertThat(config.redis().tls()).isTrue();
        assertThat(config.redis().tlsFiles().caFile()).isEqualTo(ca);
        assertThat(config.redis().tlsFiles().keyStorePassword().reveal()).isEqualTo("key-secret");
        assertThat(config.mysql().tlsMode()).isEqualTo(MysqlTlsMode.VERIFY_IDENTITY);
        assertThat(config.mysql().tlsFiles().trustStorePassword().reveal()).isEqualTo("trust-secret");
        assertThat(config.node().allowRoot()).isTrue();
        assertThat(config.node().persistenceCheck()).isEqualTo(StoreCheck.REFUSE);
    }

    @Test
    void storePasswordsAreNotReadFromAConfigFile() throws IOException {
        Path file = dir.resolve("redcron.yaml");
        Files.writeString(file, "redis:\n  tls:\n    key-store-password: hunter2\n");

        assertThatThrownBy(() -> ConfigLoader.load(file, Map.of(), Map.of()))
                .hasMessage("redis.tls.key-store-password: passwords are not read from " + file
                        + "; set REDCRON_REDIS_TLS_KEY_STORE_PASSWORD or redis.tls.key-store-password-file")
                .hasMessageNotContaining("hunter2");
    }

    @Test
    void badValuesAreRefusedNamingTheSetting() throws IOException {
        Path ca = touch("ca.pem");

        assertBad(Map.of("mysql.tls.mode", "strict"),
                "mysql.tls.mode: 'strict' is not one of disabled, preferred, required, verify-ca, verify-identity");
        assertBad(Map.of("redis.eviction-check", "ignore"), "redis.eviction-check: 'ignore' must be refuse or warn");
        assertBad(Map.of("node.allow-root", "maybe"), "node.allow-root: 'maybe' must be true or false");
        assertBad(Map.of("redis.uri", "rediss://h", "redis.tls.ca-file", dir.resolve("missing.pem").toString()),
                "redis.tls.ca-file: cannot read " + dir.resolve("missing.pem") + " (no such file)");
        assertBad(Map.of("redis.uri", "rediss://h", "redis.tls.ca-file", ca.toString(), "redis.tls.trust-store", ca.toString()),
                "redis.tls.ca-file: set either redis.tls.ca-file or redis.tls.trust-store, not both");
        assertBad(Map.of("redis.tls.ca-file", ca.toString()), "redis.uri: is redis://127.0.0.1:6379 (no TLS) while"
                + " redis.tls.* files are set: use rediss:// to connect with TLS");
        assertBad(Map.of("mysql.tls.ca-file", ca.toString()), "mysql.tls.mode: is preferred, which checks no"
                + " certificate: set it to verify-identity (or verify-ca) to use mysql.tls.ca-file");
    }

    @Test
    void theRedisUserInTheUriIsTheAclUserWhenThePasswordComesApart() {
        RedcronConfig config = ConfigLoader.load(null, Map.of("REDCRON_REDIS_PASSWORD", "pw"),
                Map.of("redis.uri", "redis://redcron-node@cache:6379"));

        assertThat(config.redis().user()).isEqualTo("redcron-node");
        assertThat(config.redis().password().reveal()).isEqualTo("pw");
    }

    private Path touch(String name) throws IOException {
        return Files.writeString(dir.resolve(name), "x");
    }

    private static void assertBad(Map<String, String> overrides, String message) {
        assertThatThrownBy(() -> ConfigLoader.load(null, Map.of(), overrides))
                .isInstanceOf(ConfigException.class)
                .hasMessage(message);
    }
}
