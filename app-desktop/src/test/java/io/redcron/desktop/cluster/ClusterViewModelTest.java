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
    private final ClusterViewModel model = new ClusterViewModel(stores.lease(),
            new TroubleReader(stores.nodes(), stores.inspector(), stores.recovery(), "ns", clock),
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
        assertThat(model.summaryProperty().get()).isEqualTo("2 live nodes, 1 stale");
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

    @Test
    void aNodeThatStopsBeatingStaysListedAsLostWithWhenItWasLastSeen() {
        beat("node-a", NOW);
        stores.nodes().heartbeat(new NodeInfo("node-b", "host-b", 7, "0.1.0", Set.of(NodeRole.WORKER), Set.of("gpu"),
                2, 0, NOW.minusSeconds(600), NOW, Duration.ofMillis(-1500)), Duration.ofSeconds(15));
        clock.advance(Duration.ofSeconds(20));
        beat("node-a", clock.instant());

        model.load();

        assertThat(model.nodes()).extracting(NodeRow::nodeId, NodeRow::lost).containsExactly(
                org.assertj.core.groups.Tuple.tuple("node-a", false), org.assertj.core.groups.Tuple.tuple("node-b", true));
        assertThat(model.nodes().get(1).lastSeenText()).isEqualTo("lost \u00b7 last seen 20 s ago");
        assertThat(model.nodes().get(1).clockOffset()).isEqualTo("-1.5 s");
        assertThat(model.nodes().get(1).stale()).as("lost, not stale").isFalse();
        assertThat(model.summaryProperty().get()).isEqualTo("1 live node, 1 lost");
    }

    @Test
    void eachGroupShowsItsLiveWorkersFreeSlotsAndRunsWaitingForNobody() {
        beat("node-a", NOW);
        io.redcron.domain.Task gpu = stores.tasks().create(io.redcron.store.mysql.TaskFixtures.shell("ns", "render")
                .group("gpu").build(), "alice");
        io.redcron.domain.Run waiting = stores.runs().insertManual(gpu.id(), NOW.minusSeconds(541), 1, java.util.Map.of());
        stores.queue().enqueue(java.util.List.of(io.redcron.port.QueuedRun.of("gpu", waiting.id())));
        clock.set(NOW);

        model.load();

        assertThat(model.groups()).extracting(GroupRow::group, GroupRow::liveWorkers, GroupRow::freeSlots,
                GroupRow::waiting).containsExactly(org.assertj.core.groups.Tuple.tuple("billing", 1, 5, 0L),
                org.assertj.core.groups.Tuple.tuple("default", 1, 5, 0L),
                org.assertj.core.groups.Tuple.tuple("gpu", 0, 0, 1L));
        GroupRow unserved = model.groups().get(2);
        assertThat(unserved.unserved()).isTrue();
        assertThat(model.oldestText(unserved)).isEqualTo("9 min");
        TroubleReader.Reading reading = new TroubleReader(stores.nodes(), stores.inspector(), stores.recovery(), "ns",
                clock).read();
        assertThat(reading.trouble().lines(new Messages(Locale.ENGLISH), clock.instant()))
                .containsExactly("gpu: 1 run waiting, no node serves this group, oldest 9 min");
        assertThat(reading.trouble().lines(new Messages(Locale.SIMPLIFIED_CHINESE), clock.instant()))
                .containsExactly("gpu\uff1a1 \u4e2a\u8fd0\u884c\u5728\u7b49\u5f85\uff0c\u6ca1\u6709\u8282\u70b9\u670d\u52a1\u6b64\u5206\u7ec4\uff0c\u6700\u4e45\u5df2\u7b49 9 \u5206\u949f");
    }

    @Test
    void aRefreshKeepsEachRowWhereItWas() {
        beat("node-b", NOW);
        model.load();
        NodeRow first = model.nodes().get(0);
        beat("node-a", NOW);
        beat("node-c", NOW);

        model.load();

        assertThat(model.nodes()).extracting(NodeRow::nodeId).as("new nodes are added below, the rest stays put")
                .containsExactly("node-b", "node-a", "node-c");
        assertThat(model.nodes().get(0)).isEqualTo(first);
    }
}
