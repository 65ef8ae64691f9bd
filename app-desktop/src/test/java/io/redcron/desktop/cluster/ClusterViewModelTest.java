package io.redcron.desktop.cluster;

import io.redcron.desktop.ui.Messages;
import io.redcron.desktop.ui.UiExecutor;
import io.redcron.domain.NodeInfo;
import io.redcron.domain.NodeRole;
import io.redcron.testkit.InMemoryStores;
import io.redcron.testkit.ManualClock;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** The cluster screen's view-model on in-memory ports and a clock moved by hand. */
class ClusterViewModelTest {
    private static final Instant NOW = Instant.parse("2026-11-30T08:00:00Z");

    private final ManualClock clock = new ManualClock(NOW);
    private final InMemoryStores stores = new InMemoryStores(clock);
    private final ClusterViewModel model = new ClusterViewModel(stores.lease(), stores.nodes(),
            EpochSource.unavailable(), clock, UiExecutor.direct(), new Messages(Locale.ENGLISH));

    private void beat(String nodeId, Instant lastSeen) {
        stores.nodes().heartbeat(new NodeInfo(nodeId, "host-" + nodeId, 4242, "0.1.0",
                Set.of(NodeRole.SCHEDULER, NodeRole.WORKER), Set.of("default", "billing"), 8, 3,
                lastSeen.minusSeconds(3600), lastSeen), Duration.ofMinutes(1));
    }

    @Test
    void showsTheLeaderAndTheNodesWithStaleOnesFlagged() {
        beat("node-a", NOW);
        beat("node-b", NOW.minusSeconds(40));
        stores.lease().tryAcquire("node-a:6f1c", Duration.ofSeconds(30));

        model.load();

        assertThat(model.errorProperty().get()).isEmpty();
        assertThat(model.leaderProperty().get()).isEqualTo("node-a");
        assertThat(model.leaseHolderProperty().get()).isEqualTo("node-a:6f1c");
        assertThat(model.leaseRemainingProperty().get()).isEqualTo("30.0 s left");
        assertThat(model.nodes()).extracting(NodeRow::nodeId).containsExactly("node-a", "node-b");
        assertThat(model.nodes().get(0).leader()).isTrue();
        assertThat(model.nodes().get(0).roles()).isEqualTo("scheduler, worker");
        assertThat(model.nodes().get(1).stale()).isTrue();
        assertThat(model.summaryProperty().get()).isEqualTo("2 nodes, 1 stale");
    }

    @Test
    void theLeaseCountsDownBetweenReadsAndAnEndedLeaseShowsNoLeader() {
        stores.lease().tryAcquire("node-a:6f1c", Duration.ofSeconds(30));
        model.load();

        clock.advance(Duration.ofSeconds(10));
        model.tick();
        assertThat(model.leaseRemainingProperty().get()).isEqualTo("20.0 s left");

        clock.advance(Duration.ofSeconds(25));
        model.load();
        assertThat(model.hasLeaderProperty().get()).isFalse();
    }
}
