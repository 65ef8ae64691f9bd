package io.redcron.store.redis;

import io.redcron.port.LeaderLease;
import io.redcron.testing.RedisNamespace;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

class RedisLeaderLeaseIT {
    private static final Duration LONG = Duration.ofSeconds(30);

    @RegisterExtension
    static final RedisNamespace redis = RedisNamespace.onSharedServer();
    private LeaderLease lease;

    @BeforeEach
    void noLeader() {
        redis.clear();
        lease = new RedisLeaderLease(redis.client(), redis.keys());
    }

    @Test
    void ofManyNodesRacingForTheLeaseExactlyOneWins() throws Exception {
        int nodes = 16;
        ExecutorService pool = Executors.newFixedThreadPool(nodes);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<Boolean>> attempts = new ArrayList<>();
            for (int i = 0; i < nodes; i++) {
                String holder = "node-" + i + ":uuid-" + i;
                Callable<Boolean> attempt = () -> {
                    start.await();
                    return new RedisLeaderLease(redis.client(), redis.keys()).tryAcquire(holder, LONG);
                };
                attempts.add(pool.submit(attempt));
            }
            start.countDown();

            List<String> winners = new ArrayList<>();
            for (int i = 0; i < nodes; i++) {
                if (attempts.get(i).get()) {
                    winners.add("node-" + i + ":uuid-" + i);
                }
            }

            assertThat(winners).hasSize(1);
            assertThat(lease.current()).map(LeaderLease.Holder::holder).contains(winners.get(0));
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aHeldLeaseCannotBeTakenAgainNotEvenByItsHolder() {
        assertThat(lease.tryAcquire("a:1", LONG)).isTrue();

        assertThat(lease.tryAcquire("b:2", LONG)).isFalse();
        assertThat(lease.tryAcquire("a:1", LONG)).isFalse();
        assertThat(lease.current()).map(LeaderLease.Holder::holder).contains("a:1");
    }

    @Test
    void theHolderRenewsAndSoExtendsTheLease() {
        lease.tryAcquire("a:1", Duration.ofSeconds(2));

        assertThat(lease.renew("a:1", LONG)).isTrue();

        assertThat(redis.client().pttl(redis.keys().leader())).isGreaterThan(Duration.ofSeconds(25).toMillis());
    }

    @Test
    void anotherNodeCannotRenewAndLeavesTheExpiryAlone() {
        lease.tryAcquire("a:1", Duration.ofSeconds(2));

        assertThat(lease.renew("b:2", LONG)).isFalse();
        assertThat(lease.renew("a:2", LONG)).as("same node, other incarnation").isFalse();

        assertThat(redis.client().pttl(redis.keys().leader())).isBetween(1L, 2_000L);
        assertThat(lease.current()).map(LeaderLease.Holder::holder).contains("a:1");
    }

    @Test
    void renewingALeaseNobodyHoldsDoesNotTakeIt() {
        assertThat(lease.renew("a:1", LONG)).isFalse();

        assertThat(lease.current()).isEmpty();
    }

    @Test
    void onlyTheHolderCanReleaseAndThenAnotherTakesOverAtOnce() {
        lease.tryAcquire("a:1", LONG);

        lease.release("b:2");
        assertThat(lease.current()).map(LeaderLease.Holder::holder).contains("a:1");

        lease.release("a:1");
        assertThat(lease.current()).isEmpty();
        assertThat(lease.tryAcquire("b:2", LONG)).isTrue();
    }

    @Test
    void anExpiredLeaseGoesToTheNextNodeThatTries() {
        lease.tryAcquire("a:1", Duration.ofMillis(300));
        assertThat(lease.tryAcquire("b:2", LONG)).isFalse();

        await().atMost(Duration.ofSeconds(5)).pollInterval(Duration.ofMillis(20))
                .until(() -> lease.tryAcquire("b:2", LONG));

        assertThat(lease.renew("a:1", LONG)).as("the old holder has lost it").isFalse();
        assertThat(lease.current()).map(LeaderLease.Holder::holder).contains("b:2");
    }

    @Test
    void currentShowsTheHolderItsNodeAndWhatIsLeft() {
        lease.tryAcquire("scheduler-1:7f3c", Duration.ofSeconds(10));

        LeaderLease.Holder holder = lease.current().orElseThrow();

        assertThat(holder.holder()).isEqualTo("scheduler-1:7f3c");
        assertThat(holder.nodeId()).isEqualTo("scheduler-1");
        assertThat(holder.remaining()).isGreaterThan(Duration.ofSeconds(8)).isLessThanOrEqualTo(Duration.ofSeconds(10));
    }

    @Test
    void currentIsEmptyWithoutALeader() {
        assertThat(lease.current()).isEmpty();
    }
}
