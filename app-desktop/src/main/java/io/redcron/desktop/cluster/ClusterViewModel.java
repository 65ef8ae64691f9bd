package io.redcron.desktop.cluster;

import io.redcron.desktop.ui.Ages;
import io.redcron.desktop.ui.Messages;
import io.redcron.desktop.ui.StableRows;
import io.redcron.desktop.ui.UiExecutor;
import io.redcron.domain.NodeInfo;
import io.redcron.domain.NodeRole;
import io.redcron.port.FencingEpochs;
import io.redcron.port.LeaderLease;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The cluster screen: which node leads the scheduler and for how much longer its lease runs, the
 * fencing epoch, the nodes whose heartbeats are alive and those lost in the last day (greyed, as
 * last seen), and per routing group its live workers, free slots and waiting runs. Rows keep
 * their place across refreshes ({@link StableRows}). The lease is read every refresh and
 * counted down in between ({@link #tick()}), so the number moves smoothly without asking Redis
 * ten times a second.
 */
public final class ClusterViewModel {
    /** Nodes beat every 5 s; three missed beats and the node is flagged, though its key may linger. */
    public static final Duration STALE_AFTER = Duration.ofSeconds(15);

    private final ObservableList<NodeRow> nodes = FXCollections.observableArrayList();
    private final ObservableList<GroupRow> groups = FXCollections.observableArrayList();
    private final StringProperty leader = new SimpleStringProperty("");
    private final StringProperty leaseHolder = new SimpleStringProperty("");
    private final StringProperty leaseRemaining = new SimpleStringProperty("");
    private final BooleanProperty hasLeader = new SimpleBooleanProperty();
    private final StringProperty epoch = new SimpleStringProperty("");
    private final StringProperty epochWarning = new SimpleStringProperty("");
    private final StringProperty summary = new SimpleStringProperty("");
    private final IntegerProperty staleCount = new SimpleIntegerProperty();
    private final StringProperty error = new SimpleStringProperty("");
    private final BooleanProperty busy = new SimpleBooleanProperty();

    private final Clock clock;
    private final UiExecutor executor;
    private final Messages messages;
    private final ClusterReader reader;
    private final javafx.beans.property.ObjectProperty<io.redcron.desktop.ui.Notice> notice =
            new javafx.beans.property.SimpleObjectProperty<>();
    private final BooleanProperty acting = new SimpleBooleanProperty();
    private long generation;
    private boolean reading;
    private Instant leaseEnds;
    private Drains drains;

    /**
     * Where drain requests go, and who asks: without them (a read-only view) the screen shows no
     * drains and offers none.
     */
    public record Drains(io.redcron.port.NodeDrains store, String namespace, String operator) {
    }

    public ClusterViewModel(LeaderLease lease, TroubleReader cluster, EpochSource epochs, Clock clock,
                            UiExecutor executor, Messages messages) {
        this.clock = clock;
        this.executor = executor;
        this.messages = messages;
        this.reader = new ClusterReader(lease, cluster, epochs, clock);
        leader.set(messages.get("cluster.leader.loading"));
    }

    public ClusterViewModel withDrains(Drains value) {
        this.drains = value;
        return this;
    }

    public boolean canDrain() {
        return drains != null;
    }

    /** Asks the node to stop taking runs; the runs it has go on. The view asks the operator first. */
    public void drain(NodeRow node) {
        act(node, true);
    }

    /** Lets the node take runs again. */
    public void undrain(NodeRow node) {
        act(node, false);
    }

    public String drainQuestion(NodeRow node) {
        return messages.get("cluster.drain.confirm", node.nodeId(), drains == null ? "" : drains.namespace());
    }

    private void act(NodeRow node, boolean drain) {
        if (drains == null || node == null) {
            return;
        }
        Drains to = drains;
        acting.set(true);
        notice.set(null);
        executor.submit(() -> drain ? to.store().request(to.namespace(), node.nodeId(), to.operator())
                : to.store().withdraw(to.namespace(), node.nodeId(), to.operator()), changed -> {
                    acting.set(false);
                    error.set("");
                    String key = drain ? changed ? "cluster.drain.done" : "cluster.drain.already"
                            : changed ? "cluster.undrain.done" : "cluster.undrain.notDraining";
                    notice.set(io.redcron.desktop.ui.Notice.of(messages.get(key, node.nodeId()), clock.instant()));
                    load();
                }, failure -> {
                    acting.set(false);
                    error.set(messages.get("cluster.drain.error", node.nodeId(), oneLine(failure)));
                });
    }

    /** Reads now, showing progress. */
    public void load() {
        read(true);
    }

    /** The live refresh: quiet, and skipped while a read is still running. */
    public void refresh() {
        if (!reading) {
            read(false);
        }
    }

    private void read(boolean visible) {
        long mine = ++generation;
        reading = true;
        if (visible) {
            busy.set(true);
        }
        Drains from = drains;
        executor.submit(() -> {
            ClusterReader.Snapshot snapshot = reader.read();
            java.util.Map<String, io.redcron.port.NodeDrains.Drain> drained = new java.util.HashMap<>();
            if (from != null) {
                from.store().list(from.namespace()).forEach(drain -> drained.put(drain.nodeId(), drain));
            }
            return new Loaded(snapshot, rows(snapshot, drained));
        }, loaded -> {
            if (mine == generation) {
                reading = false;
                busy.set(false);
                error.set("");
                show(loaded);
            }
        }, failure -> {
            if (mine == generation) {
                reading = false;
                busy.set(false);
                error.set(messages.get("cluster.error.load", oneLine(failure)));
            }
        });
    }

    private record Loaded(ClusterReader.Snapshot snapshot, List<NodeRow> rows) {
    }

    private List<NodeRow> rows(ClusterReader.Snapshot snapshot,
                               java.util.Map<String, io.redcron.port.NodeDrains.Drain> drained) {
        Instant now = clock.instant();
        String leaderNode = snapshot.leader().map(LeaderLease.Holder::nodeId).orElse(null);
        List<NodeRow> rows = new java.util.ArrayList<>();
        snapshot.cluster().live().forEach(node -> rows.add(row(node, now, node.nodeId().equals(leaderNode), false,
                drained.get(node.nodeId()))));
        snapshot.cluster().lost().forEach(node -> rows.add(row(node, now, false, true, drained.get(node.nodeId()))));
        return rows;
    }

    private NodeRow row(NodeInfo node, Instant now, boolean leads, boolean lost, io.redcron.port.NodeDrains.Drain drain) {
        Duration age = Duration.between(node.lastSeen(), now);
        boolean stale = !lost && age.compareTo(STALE_AFTER) > 0;
        String seen = Ages.of(messages, age);
        String seenText = lost ? messages.get("cluster.node.lost", seen)
                : stale ? messages.get("cluster.node.stale", seen) : messages.get("cluster.node.seen", seen);
        return new NodeRow(node.nodeId(), node.host(), node.pid(),
                node.roles().stream().map(NodeRole::id).sorted().collect(Collectors.joining(", ")),
                node.groups().stream().sorted().collect(Collectors.joining(", ")), node.slots(), node.running(),
                node.version(), node.lastSeen(), seenText, stale, lost, leads, offset(node.clockOffset()),
                drain == null ? null : drain.isDrained() ? NodeRow.DrainState.DRAINED : NodeRow.DrainState.DRAINING);
    }

    /** The node's state as the table says it: "live", "draining", "drained", "lost". */
    public String stateText(NodeRow row) {
        String base = messages.get(row.lost() ? "cluster.state.lost" : "cluster.state.live");
        if (row.drain() == null) {
            return base;
        }
        return messages.get("cluster.state.drain", base, messages.get(row.drain() == NodeRow.DrainState.DRAINED
                ? "cluster.state.drained" : "cluster.state.draining"));
    }

    /** The node's clock against the database's, signed: "+12 ms" ahead, "-1.5 s" behind. */
    private String offset(Duration offset) {
        if (offset == null) {
            return "";
        }
        long millis = offset.toMillis();
        String sign = millis >= 0 ? "+" : "-";
        long size = Math.abs(millis);
        return size < 1000 ? messages.get("cluster.offset.millis", sign, size)
                : messages.get("cluster.offset.seconds", sign, size / 1000.0);
    }

    private void show(Loaded loaded) {
        ClusterReader.Snapshot snapshot = loaded.snapshot();
        StableRows.update(nodes, loaded.rows(), NodeRow::nodeId);
        StableRows.update(groups, snapshot.cluster().groups(), GroupRow::group);
        int stale = (int) loaded.rows().stream().filter(NodeRow::stale).count();
        int lost = snapshot.cluster().lost().size();
        staleCount.set(stale);
        summary.set(messages.get("cluster.summary", loaded.rows().size() - lost, stale, lost));
        Optional<LeaderLease.Holder> holder = snapshot.leader();
        hasLeader.set(holder.isPresent());
        leader.set(holder.map(LeaderLease.Holder::nodeId).orElse(messages.get("cluster.leader.none")));
        leaseHolder.set(holder.map(LeaderLease.Holder::holder).orElse(""));
        leaseEnds = holder.map(h -> snapshot.readAt().plus(h.remaining())).orElse(null);
        tick();
        epoch.set(epochText(snapshot));
        epochWarning.set(snapshot.epoch().filter(e -> holder.isPresent() && !holder.get().holder().equals(e.leader()))
                .map(e -> messages.get("cluster.epoch.mismatch", e.leader())).orElse(""));
    }

    private String epochText(ClusterReader.Snapshot snapshot) {
        if (!snapshot.epochAvailable()) {
            return messages.get("cluster.epoch.unavailable");
        }
        if (snapshot.epochError() != null) {
            return messages.get("cluster.epoch.error", oneLine(snapshot.epochError()));
        }
        return snapshot.epoch().map(this::epochText).orElse(messages.get("cluster.epoch.none"));
    }

    private String epochText(FencingEpochs.Epoch value) {
        return messages.get("cluster.epoch.value", value.value(), value.leader(),
                value.since() == null ? "" : messages.time().format(value.since()));
    }

    /** What a group's "live workers" cell says when there is none. */
    public String unservedText() {
        return messages.get("cluster.groups.unserved");
    }

    /** How long the group's longest-waiting run has waited; empty when none waits. */
    public String oldestText(GroupRow row) {
        return row.oldestDue() == null ? "" : Ages.of(messages, Duration.between(row.oldestDue(), clock.instant()));
    }

    /** Counts the lease down from the last read; the JavaFX timeline calls this several times a second. */
    public void tick() {
        if (leaseEnds == null) {
            leaseRemaining.set("");
            return;
        }
        Duration left = Duration.between(clock.instant(), leaseEnds);
        leaseRemaining.set(left.isNegative() || left.isZero() ? messages.get("cluster.lease.expired")
                : messages.get("cluster.lease.left", left.toMillis() / 1000.0));
    }

    /** A failure as one readable line. */
    static String oneLine(Throwable failure) {
        return io.redcron.desktop.ui.FailureText.oneLine(failure);
    }

    public ObservableList<NodeRow> nodes() { return nodes; }
    public ObservableList<GroupRow> groups() { return groups; }
    public StringProperty leaderProperty() { return leader; }
    public StringProperty leaseHolderProperty() { return leaseHolder; }
    public StringProperty leaseRemainingProperty() { return leaseRemaining; }
    public BooleanProperty hasLeaderProperty() { return hasLeader; }
    public StringProperty epochProperty() { return epoch; }
    public StringProperty epochWarningProperty() { return epochWarning; }
    public StringProperty summaryProperty() { return summary; }
    public IntegerProperty staleCountProperty() { return staleCount; }
    public StringProperty errorProperty() { return error; }
    public BooleanProperty busyProperty() { return busy; }
    public javafx.beans.property.ObjectProperty<io.redcron.desktop.ui.Notice> noticeProperty() { return notice; }
    public BooleanProperty actingProperty() { return acting; }
    public Messages messages() { return messages; }
    public Instant now() { return clock.instant(); }
}
