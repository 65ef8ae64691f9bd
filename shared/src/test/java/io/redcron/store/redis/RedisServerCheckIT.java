package io.redcron.store.redis;

import io.redcron.config.RedisConfig;
import io.redcron.config.Secret;
import io.redcron.store.redis.RedisServerCheck.Finding;
import io.redcron.store.redis.RedisServerCheck.Risk;
import io.redcron.testing.FreePorts;
import io.redcron.testing.RedisProcess;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.UnifiedJedis;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The start-up check against redis-servers of the test's own, configured each way it must handle. */
class RedisServerCheckIT {
    @TempDir
    Path dir;

    @Test
    void aSafeServerGivesNoFinding() {
        assertThat(inspect(List.of("maxmemory-policy noeviction", "appendonly yes"), null)).isEmpty();
    }

    @Test
    void anEvictingServerWithoutPersistenceIsFoundThroughConfigGet() {
        List<Finding> findings = inspect(List.of("maxmemory 64mb", "maxmemory-policy allkeys-lru"), null);

        assertThat(findings).extracting(Finding::risk).containsExactly(Risk.EVICTION, Risk.NO_PERSISTENCE);
        assertThat(findings.get(0).message()).contains("maxmemory-policy allkeys-lru");
    }

    @Test
    void whenConfigIsRenamedThePolicyAndAofComeFromInfo() {
        List<Finding> evicting = inspect(List.of("maxmemory-policy volatile-lru", "appendonly yes",
                "rename-command CONFIG \"\""), null);
        List<Finding> noAof = inspect(List.of("rename-command CONFIG \"\""), null);

        assertThat(evicting).extracting(Finding::risk).containsExactly(Risk.EVICTION);
        assertThat(evicting.get(0).message()).contains("volatile-lru");
        assertThat(noAof).extracting(Finding::risk).containsExactly(Risk.UNCHECKED);
    }

    @Test
    void whenAnAclDeniesConfigInfoStillAnswers() {
        List<Finding> findings = inspect(List.of("maxmemory-policy allkeys-random", "appendonly yes",
                "user default off", "user node on >pw ~rc:* +@all -config"), "node");

        assertThat(findings).extracting(Finding::risk).containsExactly(Risk.EVICTION);
    }

    @Test
    void whenAnAclDeniesConfigAndInfoTheCheckSaysItCouldNotCheck() {
        List<Finding> findings = inspect(List.of("maxmemory-policy allkeys-lru", "user default off",
                "user node on >pw ~rc:* +@all -config -info"), "node");

        assertThat(findings).extracting(Finding::risk).containsExactly(Risk.UNCHECKED, Risk.UNCHECKED);
        assertThat(findings.get(0).message()).contains("could not read maxmemory-policy");
    }

    private List<Finding> inspect(List<String> configLines, String user) {
        int port = FreePorts.any();
        List<String> lines = new ArrayList<>(List.of("port " + port));
        lines.addAll(configLines);
        try (RedisProcess server = RedisProcess.start(dir.resolve("r" + port), lines)) {
            String uri = "redis://" + (user == null ? "" : user + "@") + "127.0.0.1:" + port;
            RedisConfig config = RedisConfig.fromUri(uri, user == null ? Secret.NONE : Secret.of("pw"), Duration.ofSeconds(3));
            try (UnifiedJedis redis = RedisConnector.open(config, "redcron-check-it", 1)) {
                return RedisServerCheck.inspect(redis, config);
            }
        }
    }
}
