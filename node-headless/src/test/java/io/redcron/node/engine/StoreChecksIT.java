package io.redcron.node.engine;

import io.redcron.node.Node;
import io.redcron.port.StoreException;
import io.redcron.testing.FreePorts;
import io.redcron.testing.RedisProcess;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/** A node's start-up check of Redis, against a Redis that may evict keys and persists nothing. */
class StoreChecksIT {
    @TempDir
    static Path dir;
    static RedisProcess evicting;
    static TestCluster cluster;

    @BeforeAll
    static void start() {
        int port = FreePorts.any();
        evicting = RedisProcess.start(dir, List.of("port " + port, "maxmemory 64mb", "maxmemory-policy allkeys-lru"));
        cluster = new TestCluster("redis://127.0.0.1:" + port);
    }

    @AfterAll
    static void stop() {
        if (cluster != null) {
            cluster.close();
        }
        if (evicting != null) {
            evicting.close();
        }
    }

    @Test
    void byDefaultANodeRefusesARedisThatMayEvictItsKeys() {
        StoreException refused = catchThrowableOfType(StoreException.class,
                () -> new Node(cluster.config("checked", Map.of()), Clock.systemUTC()));

        assertThat(refused.getMessage()).contains("maxmemory-policy allkeys-lru",
                "Set maxmemory-policy noeviction on that Redis", "(or set redis.eviction-check: warn to start anyway)")
                .doesNotContain("\n");
    }

    @Test
    void persistenceCanBeMadeARefusalToo() {
        StoreException refused = catchThrowableOfType(StoreException.class, () -> new Node(cluster.config("checked",
                Map.of("redis.eviction-check", "warn", "redis.persistence-check", "refuse")), Clock.systemUTC()));

        assertThat(refused.getMessage()).contains("persists nothing", "Set appendonly yes",
                "(or set redis.persistence-check: warn to start anyway)");
    }

    @Test
    void withBothChecksAtWarnTheNodeStarts() {
        Node node = new Node(cluster.config("warned", Map.of("redis.eviction-check", "warn")), Clock.systemUTC());
        node.close();

        assertThat(node.nodeId()).isEqualTo("warned");
    }
}
