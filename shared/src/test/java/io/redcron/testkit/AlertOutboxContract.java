package io.redcron.testkit;

import static io.redcron.testkit.Concurrently.runTogether;
import static org.assertj.core.api.Assertions.assertThat;

import io.redcron.store.mysql.TaskFixtures;
import io.redcron.port.AlertOutbox;
import io.redcron.port.AlertOutbox.ClaimedAlert;
import io.redcron.port.AlertOutbox.NewAlert;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;

/**
 * What every {@link AlertOutbox} must do; one subclass per backend supplies it. Each test works
 * in a namespace of its own.
 */
public abstract class AlertOutboxContract {
    private static final Instant T0 = Instant.parse("2030-01-01T10:00:00.250Z");
    private static final Duration LEASE = Duration.ofSeconds(30);

    protected AlertOutbox outbox;
    protected String ns;

    protected abstract AlertOutbox newOutbox();

    @BeforeEach
    protected void setUpContract() {
        outbox = newOutbox();
        ns = TaskFixtures.freshNamespace();
    }

    @Test
    void theSameOccurrenceAddedTwiceIsOneAlertAndKeepsWhatWasAdded() {
        assertThat(outbox.add(ns, alert("RUN_FAILED:run:42:1", T0))).isTrue();
        assertThat(outbox.add(ns, new NewAlert("RUN_FAILED:run:42:1", "RUN_FAILED", 7L, 42L, "{\"other\":1}", T0)))
                .isFalse();
        assertThat(outbox.add(TaskFixtures.freshNamespace(), alert("RUN_FAILED:run:42:1", T0)))
                .as("another namespace").isTrue();

        List<ClaimedAlert> claimed = outbox.claimDue(ns, "node-a", T0, LEASE, 10);

        assertThat(claimed).singleElement().satisfies(alert -> {
            assertThat(alert.namespace()).isEqualTo(ns);
            assertThat(alert.dedupeKey()).isEqualTo("RUN_FAILED:run:42:1");
            assertThat(alert.kind()).isEqualTo("RUN_FAILED");
            assertThat(alert.taskId()).isEqualTo(7L);
            assertThat(alert.runId()).isEqualTo(42L);
            assertThat(alert.payload()).isEqualTo("{\"message\":\"it's a 🚀 failure\"}");
            assertThat(alert.createdAt()).isEqualTo(T0);
            assertThat(alert.attempt()).isEqualTo(1);
            assertThat(alert.settledTargets()).isEmpty();
            assertThat(alert.claimedBy()).isEqualTo("node-a");
            assertThat(alert.claimedUntil()).isEqualTo(T0.plus(LEASE));
        });
    }

    @Test
    void anAlertAboutANodeHasNoTaskNorRun() {
        outbox.add(ns, new NewAlert("NODE_LOST:node:b:2030-01-01T09:59:40Z", "NODE_LOST", null, null, "{}", T0));

        assertThat(outbox.claimDue(ns, "node-a", T0, LEASE, 10)).singleElement().satisfies(alert -> {
            assertThat(alert.taskId()).isNull();
            assertThat(alert.runId()).isNull();
        });
    }

    @Test
    void dueAlertsAreClaimedOldestFirstAndNoneBeforeItIsDue() {
        outbox.add(ns, alert("second", T0.plusSeconds(1)));
        outbox.add(ns, alert("first", T0));
        outbox.add(ns, alert("later", T0.plusSeconds(60)));

        List<ClaimedAlert> due = outbox.claimDue(ns, "node-a", T0.plusSeconds(1), LEASE, 10);

        assertThat(keys(due)).containsExactly("first", "second");
        assertThat(outbox.claimDue(ns, "node-a", T0.plusSeconds(30), LEASE, 10)).as("claimed, or not due yet").isEmpty();
        due.forEach(claim -> outbox.markDelivered(claim, T0.plusSeconds(2), null));
        assertThat(keys(outbox.claimDue(ns, "node-a", T0.plusSeconds(60), LEASE, 10))).containsExactly("later");
    }

    @Test
    void aClaimTakesNoMoreThanItsLimit() {
        for (int i = 0; i < 5; i++) {
            outbox.add(ns, alert("alert-" + i, T0.plusMillis(i)));
        }

        assertThat(keys(outbox.claimDue(ns, "node-a", T0.plusSeconds(1), LEASE, 2))).containsExactly("alert-0", "alert-1");
        assertThat(keys(outbox.claimDue(ns, "node-b", T0.plusSeconds(1), LEASE, 10)))
                .containsExactly("alert-2", "alert-3", "alert-4");
    }

    @Test
    void twoNodesClaimingAtOnceNeverGetTheSameAlert() throws Exception {
        for (int i = 0; i < 40; i++) {
            outbox.add(ns, alert("alert-" + i, T0));
        }
        List<Callable<List<ClaimedAlert>>> nodes = new ArrayList<>();
        for (String node : List.of("node-a", "node-b")) {
            nodes.add(() -> {
                List<ClaimedAlert> mine = new ArrayList<>();
                for (int pass = 0; pass < 10; pass++) {
                    mine.addAll(outbox.claimDue(ns, node, T0, LEASE, 3));
                }
                return mine;
            });
        }

        List<List<ClaimedAlert>> claims = runTogether(nodes);

        Set<String> a = new HashSet<>(keys(claims.get(0)));
        Set<String> b = new HashSet<>(keys(claims.get(1)));
        assertThat(a).doesNotContainAnyElementsOf(b);
        assertThat(keys(claims.get(0))).doesNotHaveDuplicates();
        assertThat(keys(claims.get(1))).doesNotHaveDuplicates();
        assertThat(a.size() + b.size()).isEqualTo(40);
    }

    @Test
    void anAlertWhoseClaimerDiedIsClaimedAgainOnceTheLeaseRanOutAndTheFirstClaimerIsFencedOut() {
        outbox.add(ns, alert("orphan", T0));
        ClaimedAlert first = outbox.claimDue(ns, "node-a", T0, LEASE, 10).get(0);

        assertThat(outbox.claimDue(ns, "node-b", T0.plus(LEASE).minusMillis(1), LEASE, 10)).isEmpty();
        ClaimedAlert second = outbox.claimDue(ns, "node-b", T0.plus(LEASE), LEASE, 10).get(0);

        assertThat(second.id()).isEqualTo(first.id());
        assertThat(second.attempt()).isEqualTo(2);
        assertThat(second.claimedBy()).isEqualTo("node-b");
        assertThat(outbox.markDelivered(first, T0.plus(LEASE), null)).as("the expired claim").isFalse();
        assertThat(outbox.retryLater(first, Set.of(), "late", T0)).isFalse();
        assertThat(outbox.giveUp(first, "late", T0)).isFalse();
        assertThat(outbox.markDelivered(second, T0.plus(LEASE), null)).isTrue();
        assertThat(outbox.claimDue(ns, "node-c", T0.plus(Duration.ofDays(1)), LEASE, 10)).as("delivered").isEmpty();
    }

    @Test
    void theSameNodeClaimingAgainIsANewClaimTooAndFencesOutItsOldOne() {
        outbox.add(ns, alert("mine", T0));
        ClaimedAlert first = outbox.claimDue(ns, "node-a", T0, LEASE, 10).get(0);
        ClaimedAlert second = outbox.claimDue(ns, "node-a", T0.plus(LEASE), LEASE, 10).get(0);

        assertThat(outbox.markDelivered(first, T0.plus(LEASE), null)).isFalse();
        assertThat(outbox.markDelivered(second, T0.plus(LEASE), null)).isTrue();
    }

    @Test
    void aPostponedAlertComesBackAtItsNextAttemptWithTheTargetsItSettled() {
        outbox.add(ns, alert("flaky", T0));
        ClaimedAlert first = outbox.claimDue(ns, "node-a", T0, LEASE, 10).get(0);

        assertThat(outbox.retryLater(first, Set.of("target-1", "target-2"), "target-3: HTTP 503", T0.plusSeconds(2)))
                .isTrue();

        assertThat(outbox.claimDue(ns, "node-b", T0.plusMillis(1999), LEASE, 10)).as("backing off").isEmpty();
        ClaimedAlert second = outbox.claimDue(ns, "node-b", T0.plusSeconds(2), LEASE, 10).get(0);
        assertThat(second.attempt()).isEqualTo(2);
        assertThat(second.settledTargets()).containsExactlyInAnyOrder("target-1", "target-2");
        assertThat(outbox.markDelivered(first, T0.plusSeconds(2), null)).as("released, then claimed again").isFalse();
    }

    @Test
    void aGivenUpAlertIsKeptButNeverClaimedAgain() {
        outbox.add(ns, alert("hopeless", T0));
        ClaimedAlert claim = outbox.claimDue(ns, "node-a", T0, LEASE, 10).get(0);

        assertThat(outbox.giveUp(claim, "x".repeat(5000), T0.plusSeconds(1))).as("a long error is cut, not refused")
                .isTrue();

        assertThat(outbox.claimDue(ns, "node-a", T0.plus(Duration.ofDays(1)), LEASE, 10)).isEmpty();
        assertThat(outbox.markDelivered(claim, T0.plusSeconds(2), null)).as("finished").isFalse();
        assertThat(outbox.add(ns, alert("hopeless", T0.plusSeconds(3)))).as("still the same occurrence").isFalse();
        assertThat(outbox.purgeFinished(ns, T0.plusSeconds(1), 10)).as("kept until after the retention").isZero();
        assertThat(outbox.purgeFinished(ns, T0.plusSeconds(2), 10)).isOne();
    }

    @Test
    void purgingDeletesOnlyFinishedAlertsOlderThanTheRetentionAndAtMostTheLimitAtATime() {
        for (int i = 0; i < 3; i++) {
            outbox.add(ns, alert("old-" + i, T0));
        }
        outbox.add(ns, alert("recent", T0));
        for (ClaimedAlert claim : outbox.claimDue(ns, "node-a", T0, LEASE, 10)) {
            boolean recent = claim.dedupeKey().equals("recent");
            outbox.markDelivered(claim, recent ? T0.plus(Duration.ofDays(8)) : T0, null);
        }
        outbox.add(ns, alert("pending", T0));
        Instant retention = T0.plus(Duration.ofDays(7));

        assertThat(outbox.purgeFinished(ns, retention, 2)).isEqualTo(2);
        assertThat(outbox.purgeFinished(ns, retention, 2)).isEqualTo(1);
        assertThat(outbox.purgeFinished(ns, retention, 2)).isZero();
        assertThat(outbox.add(ns, alert("old-0", T0))).as("purged: the key is free again").isTrue();
        assertThat(outbox.add(ns, alert("recent", T0))).as("kept").isFalse();
        assertThat(keys(outbox.claimDue(ns, "node-a", retention, LEASE, 10))).containsExactlyInAnyOrder("old-0", "pending");
    }

    private static NewAlert alert(String key, Instant createdAt) {
        return new NewAlert(key, "RUN_FAILED", 7L, 42L, "{\"message\":\"it's a 🚀 failure\"}", createdAt);
    }

    private static List<String> keys(List<ClaimedAlert> claims) {
        return claims.stream().map(ClaimedAlert::dedupeKey).toList();
    }
}
