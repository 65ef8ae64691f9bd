package io.redcron.config;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class RedisConfigTest {
    private static final String REFUSED = "redis.uri: must not carry a password; set REDCRON_REDIS_PASSWORD or"
            + " redis.password-file";

    @TempDir
    Path dir;

    @Test
    void readsUserDatabaseAndTlsWithThePasswordApart() {
        RedisConfig config = RedisConfig.fromUri("rediss://app@redis.example:6380/3", Secret.of("p@ss"),
                RedisConfig.DEFAULT_TIMEOUT);

        assertThat(config.tls()).isTrue();
        assertThat(config.user()).isEqualTo("app");
        assertThat(config.password().reveal()).isEqualTo("p@ss");
        assertThat(config.port()).isEqualTo(6380);
        assertThat(config.database()).isEqualTo(3);
        assertThat(config.displayUri()).isEqualTo("rediss://app@redis.example:6380/3").doesNotContain("p@ss");
    }

    @Test
    void defaults() {
        RedisConfig config = RedisConfig.fromUri("redis://localhost");

        assertThat(config.user()).isNull();
        assertThat(config.password().isEmpty()).isTrue();
        assertThat(config.port()).isEqualTo(6379);
        assertThat(config.tls()).isFalse();
    }

    @Test
    void aPasswordInAnyFormOfRedisUriIsRefusedWithoutRepeatingIt() {
        for (String uri : List.of("redis://app:hunter2@cache:6379", "redis://:hunter2@cache", "rediss://app:hunter2@cache/2",
                "redis://app:hun/ter@2@cache", "redis-sentinel://app:hunter2@s1:26379,s2:26379/mymaster",
                "redis-cluster://:hunter2@c1:7000")) {
            assertThatThrownBy(() -> RedisConfig.fromUri(uri, Secret.of("apart"), RedisConfig.DEFAULT_TIMEOUT))
                    .as(uri).isInstanceOf(ConfigException.class).hasMessage(REFUSED);
            assertThat(RedisConfig.carriesPassword(uri)).as(uri).isTrue();
        }
    }

    @Test
    void theOldPasswordOnlyFormIsNotTakenForAUserName() {
        assertThatThrownBy(() -> RedisConfig.fromUri("redis://hunter2@localhost"))
                .isInstanceOf(ConfigException.class)
                .hasMessage("redis.uri: names a user before '@' but no password is set; set REDCRON_REDIS_PASSWORD"
                        + " or redis.password-file (a password never goes in the URI)");
    }

    @Test
    void aUserNameWithAnEmptyPasswordCarriesNone() {
        assertThat(RedisConfig.carriesPassword("redis://app:@cache")).isFalse();
        assertThat(RedisConfig.carriesPassword("redis://cache:6379/2")).isFalse();
        assertThat(RedisConfig.namesUser("redis://app:@cache")).isTrue();
        assertThat(RedisConfig.namesUser("redis://:@cache")).isFalse();
        assertThat(RedisConfig.fromUri("redis-sentinel://app:@s1:26379/mymaster", Secret.of("pw"),
                RedisConfig.DEFAULT_TIMEOUT).user()).isEqualTo("app");
    }

    @Test
    void flagsTheConfigFileAndTheEnvironmentAllRefuseAPasswordInTheUri() throws IOException {
        String uri = "redis://app:hunter2@cache:6379";
        Path file = Files.writeString(dir.resolve("redcron.yaml"), "redis:\n  uri: " + uri + "\n");

        for (Runnable load : List.<Runnable>of(
                () -> ConfigLoader.load(null, Map.of(), Map.of("redis.uri", uri)),
                () -> ConfigLoader.load(file, Map.of(), Map.of()),
                () -> ConfigLoader.load(null, Map.of("REDCRON_REDIS_URI", uri), Map.of()),
                () -> ConfigLoader.load(null, Map.of("REDCRON_REDIS_PASSWORD", "apart"), Map.of("redis.uri", uri)))) {
            assertThatThrownBy(load::run).isInstanceOf(ConfigException.class).hasMessage(REFUSED);
        }
    }

    @Test
    void errorsNeverShowThePassword() {
        assertThatThrownBy(() -> RedisConfig.fromUri("http://u:hunter2@h")).hasMessage(REFUSED);
        assertThatThrownBy(() -> RedisConfig.fromUri("http://h"))
                .hasMessage("redis.uri: 'http://h' must start with redis:// or rediss://");
        assertThatThrownBy(() -> RedisConfig.fromUri("redis://h/x"))
                .hasMessage("redis.uri: database 'x' is not a number 0-15");
        assertThatThrownBy(() -> RedisConfig.fromUri("redis://h/16"))
                .hasMessage("redis.uri: database 16 is out of range 0-15");
    }
}
