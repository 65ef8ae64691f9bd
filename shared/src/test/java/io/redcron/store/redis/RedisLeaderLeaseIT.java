package io.redcron.store.redis;

import io.redcron.testing.RedisNamespace;
import io.redcron.port.LeaderLease;
import io.redcron.testkit.LeaderLeaseContract;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.function.BooleanSupplier;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** The Redis lease under the lease's contract, and the expiry Redis itself keeps on the key. */
class RedisLeaderLeaseIT extends LeaderLeaseContract {
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
    protected LeaderLease openEmpty() {
        redis.clear();
        return anotherClient();
    }

    @Override
    protected LeaderLease anotherClient() {
        return new RedisLeaderLease(redis.client(), redis.keys());
    }

    @Override
    protected void letPass(Duration time, BooleanSupplier done) {
        await().atMost(Duration.ofSeconds(5).plus(time)).pollInterval(Duration.ofMillis(20)).until(done::getAsBoolean);
    }

    @Test
    void theLeaseIsAKeyThatRedisExpiresByItself() {
        lease.tryAcquire("a:1", Duration.ofSeconds(2));
        assertThat(redis.client().pttl(redis.keys().leader())).isBetween(1L, 2_000L);

        lease.renew("a:1", LONG);

        assertThat(redis.client().pttl(redis.keys().leader())).isGreaterThan(Duration.ofSeconds(25).toMillis());
    }
}
