package io.redcron.config;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class RedisTopologyConfigTest {

    @Test
    void withoutSentinelOrClusterSettingsRedisIsTheServerOfTheUri() {
        RedisConfig redis = load(Map.of("redis.uri", "redis://cache.example:6380/2")).redis();

        assertThat(redis.topology()).isEqualTo(new RedisTopology.Standalone());
        assertThat(redis.displayUri()).isEqualTo("redis://cache.example:6380/2");
    }

    @Test
    void sentinelSettingsNameTheMasterTheSentinelsAndTheirOwnPassword() {
        RedcronConfig config = ConfigLoader.load(null, Map.of("REDCRON_REDIS_SENTINEL_PASSWORD", "s3cret",
                        "REDCRON_REDIS_PASSWORD", "data"),
                Map.of("redis.uri", "redis://app:@ignored/3", "redis.sentinel.master", "mymaster",
                        "redis.sentinel.nodes", "10.0.0.1:26379, 10.0.0.2:26379,[::1]:26380"));

        RedisTopology.Sentinel sentinel = (RedisTopology.Sentinel) config.redis().topology();
        assertThat(sentinel.master()).isEqualTo("mymaster");
        assertThat(sentinel.sentinels()).containsExactly(new RedisAddress("10.0.0.1", 26379),
                new RedisAddress("10.0.0.2", 26379), new RedisAddress("::1", 26380));
        assertThat(sentinel.password().reveal()).isEqualTo("s3cret");
        assertThat(config.redis().password().reveal()).isEqualTo("data");
        assertThat(config.redis().user()).isEqualTo("app");
        assertThat(config.redis().database()).isEqualTo(3);
        assertThat(config.redis().displayUri())
                .isEqualTo("redis-sentinel://app@10.0.0.1:26379,10.0.0.2:26379,[::1]:26380/mymaster/3")
                .doesNotContain("s3cret");
    }

    @Test
    void clusterSettingsNameTheSeedNodes() {
        RedisConfig redis = load(Map.of("redis.cluster.nodes", "10.0.1.1:7000,10.0.1.2:7001")).redis();

        assertThat(redis.topology()).isEqualTo(new RedisTopology.Cluster(List.of(new RedisAddress("10.0.1.1", 7000),
                new RedisAddress("10.0.1.2", 7001))));
        assertThat(redis.displayUri()).isEqualTo("redis-cluster://10.0.1.1:7000,10.0.1.2:7001");
    }

    @Test
    void aSentinelOrClusterUriNamesTheDeploymentInOneLine() {
        RedisConfig sentinel = RedisConfig.fromUri("redis-sentinel://app@10.0.0.1:26379,10.0.0.2:26379/mymaster/2",
                Secret.of("pw"), RedisConfig.DEFAULT_TIMEOUT);
        assertThat(sentinel.topology()).isEqualTo(new RedisTopology.Sentinel("mymaster",
                List.of(new RedisAddress("10.0.0.1", 26379), new RedisAddress("10.0.0.2", 26379)), Secret.NONE));
        assertThat(sentinel.user()).isEqualTo("app");
        assertThat(sentinel.password().reveal()).isEqualTo("pw");
        assertThat(sentinel.database()).isEqualTo(2);
        assertThat(sentinel.displayUri()).isEqualTo("redis-sentinel://app@10.0.0.1:26379,10.0.0.2:26379/mymaster/2");

        RedisConfig cluster = load(Map.of("redis.uri", "redis-cluster://10.0.1.1:7000,10.0.1.2:7001")).redis();
        assertThat(cluster.topology()).isEqualTo(new RedisTopology.Cluster(List.of(new RedisAddress("10.0.1.1", 7000),
                new RedisAddress("10.0.1.2", 7001))));
        assertThat(RedisConfig.fromUri(cluster.displayUri()).topology()).isEqualTo(cluster.topology());

        assertBad(Map.of("redis.uri", "redis-sentinel://10.0.0.1:26379"),
                "redis.uri: 'redis-sentinel://10.0.0.1:26379' names no master: redis-sentinel://host:port,…/master");
        assertBad(Map.of("redis.uri", "redis-cluster://10.0.1.1:7000/1"),
                "redis.uri: 'redis-cluster://10.0.1.1:7000/1': a redis-cluster:// URI has no path (database 0 only)");
        assertBad(Map.of("redis.uri", "redis-cluster://10.0.1.1"), "redis.uri: '10.0.1.1' is not host:port");
        assertBad(Map.of("redis.uri", "redis-cluster://a:7000", "redis.cluster.nodes", "b:7000"),
                "redis.uri: names a deployment itself; leave redis.sentinel.* and redis.cluster.nodes empty");
    }

    @Test
    void badTopologySettingsAreRefusedNamingTheKey() {
        assertBad(Map.of("redis.sentinel.master", "mymaster"),
                "redis.sentinel.nodes: is required when redis.sentinel.master is set");
        assertBad(Map.of("redis.sentinel.nodes", "10.0.0.1:26379"),
                "redis.sentinel.master: is required when redis.sentinel.nodes is set");
        assertBad(Map.of("redis.sentinel.master", "m", "redis.sentinel.nodes", "10.0.0.1"),
                "redis.sentinel.nodes: '10.0.0.1' is not host:port");
        assertBad(Map.of("redis.cluster.nodes", "a:70000"), "redis.cluster.nodes: 'a:70000' port 70000 is out of range 1-65535");
        assertBad(Map.of("redis.cluster.nodes", "a:x"), "redis.cluster.nodes: 'a:x' has no numeric port");
        assertBad(Map.of("redis.cluster.nodes", "a:7000", "redis.sentinel.master", "m"),
                "redis.cluster.nodes: cannot be combined with redis.sentinel.* (Sentinel and Cluster are different deployments)");
        assertBad(Map.of("redis.cluster.nodes", "a:7000", "redis.uri", "redis://x/1"),
                "redis.uri: database 1 does not exist on Redis Cluster (only 0)");
    }

    @Test
    void aNodeServesOneNamespaceOrAListOfThem() {
        assertThat(load(Map.of()).node().namespaces()).containsExactly("default");
        NodeConfig node = load(Map.of("node.namespace", "team-a, team-b,billing")).node();
        assertThat(node.namespaces()).containsExactly("team-a", "team-b", "billing");
        assertThat(node.namespace()).isEqualTo("team-a");

        assertBad(Map.of("node.namespace", "a,a"), "node.namespace: names 'a' twice");
        assertBad(Map.of("node.namespace", "a,b c"), "node.namespace: 'b c' must be 1-64 letters, digits, '.', '_' or '-'");
        assertBad(Map.of("node.namespace", " , "), "node.namespace: must name at least one namespace");
    }

    private static RedcronConfig load(Map<String, String> overrides) {
        return ConfigLoader.load(null, Map.of(), overrides);
    }

    private static void assertBad(Map<String, String> overrides, String message) {
        assertThatThrownBy(() -> load(overrides)).isInstanceOf(ConfigException.class).hasMessage(message);
    }
}
