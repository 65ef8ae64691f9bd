package io.redcron.store.redis;

import io.redcron.testing.RedisNamespace;
import io.redcron.port.ScheduleIndex;
import io.redcron.testkit.ScheduleIndexContract;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The Redis schedule index under the index's contract; each namespace has an index of its own. */
class RedisScheduleIndexIT extends ScheduleIndexContract {
    private static RedisNamespace redis;

    @BeforeAll
    static void openNamespace() {
        redis = RedisNamespace.onSharedServer();
    }

    @AfterAll
    static void closeNamespace() {
        redis.close();
    }

    @Override
    protected ScheduleIndex openEmpty() {
        redis.clear();
        return new RedisScheduleIndex(redis.client(), redis.keys());
    }

    @Test
    void namespacesDoNotSeeEachOthersEntries() {
        index.put(Map.of(1L, NOW));
        try (RedisNamespace other = RedisNamespace.onSharedServer()) {
            ScheduleIndex otherIndex = new RedisScheduleIndex(other.client(), other.keys());

            assertThat(otherIndex.exists()).isFalse();
            assertThat(otherIndex.due(NOW, 10)).isEmpty();
        }
    }
}
