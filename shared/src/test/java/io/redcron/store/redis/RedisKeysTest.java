package io.redcron.store.redis;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class RedisKeysTest {

    @Test
    void everyKeyCarriesTheNamespaceHashTag() {
        RedisKeys keys = new RedisKeys("billing");

        List<String> all = List.of(keys.leader(), keys.schedule(), keys.stream("etl"), keys.delayed(),
                keys.running(42), keys.node("n1"), keys.dead(), keys.failing(), keys.log(7), keys.events(), keys.nodePattern());

        assertThat(all).allSatisfy(key -> assertThat(key).startsWith("rc:{billing}:"));
        assertThat(all).doesNotHaveDuplicates();
        assertThat(keys.stream("etl")).isEqualTo("rc:{billing}:stream:etl");
    }

    @Test
    void namespacesThatWouldBreakKeysAreRefused() {
        assertThatThrownBy(() -> new RedisKeys("a}b")).hasMessageStartingWith("namespace: 'a}b'");
        assertThatThrownBy(() -> new RedisKeys("")).hasMessageStartingWith("namespace: ''");
    }
}
