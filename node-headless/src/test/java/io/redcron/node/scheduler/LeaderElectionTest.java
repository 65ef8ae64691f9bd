package io.redcron.node.scheduler;

import io.redcron.port.FencingEpochs;
import io.redcron.port.LeaderLease;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

/** The election's decisions on a fake lease and a hand-driven monotonic clock. */
class LeaderElectionTest {
    private static final Duration TTL = Duration.ofSeconds(10);

    private final AtomicLong nanos = new AtomicLong(1_000_000_000L);
    private final FakeLease lease = new FakeLease();
    private final AtomicLong epoch = new AtomicLong();
    private final AtomicInteger elected = new AtomicInteger();
    private final Leadership leadership = new Leadership(nanos::get);
    private boolean epochFails;
    private final FencingEpochs epochs = new FencingEpochs() {
        @Override
        public long advance(String namespace, String leader) {
            if (epochFails) {
                throw new IllegalStateException("database down");
            }
            return epoch.incrementAndGet();
        }

        @Override
        public Optional<Epoch> current(String namespace) {
            return Optional.empty();
        }
    };
    private final LeaderElection election = new LeaderElection("ns", "me", lease, epochs, leadership, TTL, nanos::get,
            elected::incrementAndGet);

    @Test
    void takesAFreeLeaseWithTheNextEpoch() {
        election.run();

        assertThat(leadership.current()).hasValueSatisfying(term -> {
            assertThat(term.epoch()).isEqualTo(1);
            assertThat(term.holder()).startsWith("me:");
        });
        assertThat(elected).hasValue(1);
    }

    @Test
    void followsWhileSomeoneElseHoldsTheLease() {
        lease.holder = "other:1";

        election.run();

        assertThat(leadership.isLeader()).isFalse();
        assertThat(epoch).hasValue(0);
    }

    @Test
    void renewsOnlyEveryThirdOfTheLease() {
        election.run();
        advance(Duration.ofSeconds(1));
        election.run();
        assertThat(lease.renewals).isZero();

        advance(Duration.ofSeconds(3));
        election.run();
        assertThat(lease.renewals).isEqualTo(1);
        assertThat(leadership.isLeader()).isTrue();
    }

    @Test
    void stepsDownWhenTheLeaseWasTakenOver() {
        election.run();
        lease.holder = "other:2";
        advance(Duration.ofSeconds(4));

        election.run();

        assertThat(leadership.isLeader()).isFalse();
    }

    @Test
    void stopsLeadingWhenRenewalsFailForLongerThanTheLease() {
        election.run();
        lease.failing = true;

        advance(Duration.ofSeconds(4));
        election.run();
        assertThat(leadership.isLeader()).as("still within the lease").isTrue();

        advance(Duration.ofSeconds(6));
        assertThat(leadership.isLeader()).as("the lease may be someone else's now").isFalse();
        election.run();
        assertThat(leadership.held()).isNull();
    }

    @Test
    void givesTheLeaseBackWhenTheEpochCannotBeTaken() {
        epochFails = true;

        election.run();

        assertThat(leadership.isLeader()).isFalse();
        assertThat(lease.holder).isNull();
    }

    @Test
    void resignReleasesTheLease() {
        election.run();

        election.resign();

        assertThat(lease.holder).isNull();
        assertThat(leadership.isLeader()).isFalse();
    }

    private void advance(Duration duration) {
        nanos.addAndGet(duration.toNanos());
    }

    private static final class FakeLease implements LeaderLease {
        String holder;
        int renewals;
        boolean failing;

        @Override
        public boolean tryAcquire(String candidate, Duration ttl) {
            check();
            if (holder != null) {
                return false;
            }
            holder = candidate;
            return true;
        }

        @Override
        public boolean renew(String candidate, Duration ttl) {
            check();
            renewals++;
            return candidate.equals(holder);
        }

        @Override
        public void release(String candidate) {
            if (candidate.equals(holder)) {
                holder = null;
            }
        }

        @Override
        public Optional<Holder> current() {
            return Optional.ofNullable(holder).map(h -> new Holder(h, Duration.ofSeconds(1)));
        }

        private void check() {
            if (failing) {
                throw new IllegalStateException("Redis unreachable");
            }
        }
    }
}
