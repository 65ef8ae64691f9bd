package io.redcron.testkit;

import io.redcron.port.LeaderLease;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.BooleanSupplier;

import static io.redcron.testkit.Concurrently.runTogether;
import static org.assertj.core.api.Assertions.assertThat;

/** What every {@link LeaderLease} must do; one subclass per backend supplies it, with nobody holding it. */
public abstract class LeaderLeaseContract {
    protected static final Duration LONG = Duration.ofSeconds(30);

    protected LeaderLease lease;

    /** Clears the namespace, and returns a lease on it. */
    protected abstract LeaderLease openEmpty();

    /** Another client of the same namespace's lease, as another node holds one. */
    protected abstract LeaderLease anotherClient();

    /** Lets at least {@code time} pass, then until {@code done} holds. */
    protected abstract void letPass(Duration time, BooleanSupplier done);

    @BeforeEach
    void noLeader() {
        lease = openEmpty();
    }

    @Test
    void ofManyNodesRacingForTheLeaseExactlyOneWins() throws Exception {
        List<Callable<Boolean>> attempts = new ArrayList<>();
        for (int i = 0; i < 16; i++) {
            String holder = "node-" + i + ":uuid-" + i;
            LeaderLease client = anotherClient();
            attempts.add(() -> client.tryAcquire(holder, LONG));
        }

        List<Boolean> won = runTogether(attempts);

        assertThat(won).containsOnlyOnce(true);
        assertThat(lease.current()).map(LeaderLease.Holder::holder).contains("node-" + won.indexOf(true) + ":uuid-"
                + won.indexOf(true));
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

        assertThat(lease.current().orElseThrow().remaining()).isGreaterThan(Duration.ofSeconds(25));
    }

    @Test
    void anotherNodeCannotRenewAndLeavesTheExpiryAlone() {
        lease.tryAcquire("a:1", Duration.ofSeconds(2));

        assertThat(lease.renew("b:2", LONG)).isFalse();
        assertThat(lease.renew("a:2", LONG)).as("same node, other incarnation").isFalse();

        LeaderLease.Holder holder = lease.current().orElseThrow();
        assertThat(holder.holder()).isEqualTo("a:1");
        assertThat(holder.remaining()).isPositive().isLessThanOrEqualTo(Duration.ofSeconds(2));
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

        letPass(Duration.ofMillis(300), () -> lease.tryAcquire("b:2", LONG));

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
