package io.redcron.config;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class RedisConfigTest {

    @Test
    void readsUserPasswordDatabaseAndTls() {
        RedisConfig config = RedisConfig.fromUri("rediss://app:p%40ss@redis.example:6380/3");

        assertThat(config.tls()).isTrue();
        assertThat(config.user()).isEqualTo("app");
        assertThat(config.password().reveal()).isEqualTo("p@ss");
        assertThat(config.port()).isEqualTo(6380);
        assertThat(config.database()).isEqualTo(3);
        assertThat(config.displayUri()).isEqualTo("rediss://app@redis.example:6380/3").doesNotContain("p@ss");
    }

    @Test
    void passwordOnlyFormAndDefaults() {
        RedisConfig config = RedisConfig.fromUri("redis://secret@localhost");

        assertThat(config.user()).isNull();
        assertThat(config.password().reveal()).isEqualTo("secret");
        assertThat(config.port()).isEqualTo(6379);
        assertThat(config.tls()).isFalse();
    }

    @Test
    void separatePasswordWins() {
        RedisConfig config = RedisConfig.fromUri("redis://u:old@h:1", Secret.of("new"), RedisConfig.DEFAULT_TIMEOUT);

        assertThat(config.password().reveal()).isEqualTo("new");
    }

    @Test
    void errorsNeverShowThePassword() {
        assertThatThrownBy(() -> RedisConfig.fromUri("http://u:hunter2@h"))
                .hasMessage("redis.uri: 'http://u:******@h' must start with redis:// or rediss://");
        assertThatThrownBy(() -> RedisConfig.fromUri("redis://h/x"))
                .hasMessage("redis.uri: database 'x' is not a number 0-15");
        assertThatThrownBy(() -> RedisConfig.fromUri("redis://h/16"))
                .hasMessage("redis.uri: database 16 is out of range 0-15");
    }
}
