package io.redcron.desktop.cluster;

import javafx.fxml.FXML;
import javafx.scene.Parent;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.util.Duration;

import static io.redcron.desktop.ui.Cells.column;
import static io.redcron.desktop.ui.Cells.showOnlyWithText;

/**
 * Binds the cluster screen to its view-model; while the screen is shown it refreshes every 2 s
 * and counts the lease down ten times a second.
 */
public final class ClusterController {
    static final String STALE = "stale";
    static final String LOST = "lost";
    static final String LEADER = "leader";
    static final String UNSERVED = "unserved";

    private final ClusterViewModel model;
    private final io.redcron.desktop.ui.DialogService dialogs;

    @FXML private Parent root;
    @FXML private Label leader;
    @FXML private Label leaseHolder;
    @FXML private Label leaseRemaining;
    @FXML private Label epoch;
    @FXML private Label epochWarning;
    @FXML private Label summary;
    @FXML private Label error;
    @FXML private ProgressIndicator busy;
    @FXML private TableView<NodeRow> nodesTable;
    @FXML private TableColumn<NodeRow, String> nodeColumn;
    @FXML private TableColumn<NodeRow, String> stateColumn;
    @FXML private javafx.scene.control.Button drain;
    @FXML private javafx.scene.control.Button undrain;
    @FXML private io.redcron.desktop.ui.NoticeBar notice;
    @FXML private TableColumn<NodeRow, String> hostColumn;
    @FXML private TableColumn<NodeRow, String> rolesColumn;
    @FXML private TableColumn<NodeRow, String> groupsColumn;
    @FXML private TableColumn<NodeRow, Number> slotsColumn;
    @FXML private TableColumn<NodeRow, Number> runningColumn;
    @FXML private TableColumn<NodeRow, String> versionColumn;
    @FXML private TableColumn<NodeRow, String> clockColumn;
    @FXML private TableColumn<NodeRow, String> lastSeenColumn;
    @FXML private TableView<GroupRow> groupsTable;
    @FXML private TableColumn<GroupRow, String> groupColumn;
    @FXML private TableColumn<GroupRow, String> workersColumn;
    @FXML private TableColumn<GroupRow, Number> freeColumn;
    @FXML private TableColumn<GroupRow, Number> waitingColumn;
    @FXML private TableColumn<GroupRow, String> oldestColumn;

    public ClusterController(ClusterViewModel model, io.redcron.desktop.ui.DialogService dialogs) {
        this.model = model;
        this.dialogs = dialogs;
    }

    @FXML
    private void initialize() {
        io.redcron.desktop.ui.KeptSelection.show(nodesTable, model.nodes(), NodeRow::nodeId);
        io.redcron.desktop.ui.ColumnWidths.remember("cluster-nodes", nodesTable);
        column(nodeColumn, NodeRow::nodeId);
        column(stateColumn, model::stateText);
        column(hostColumn, NodeRow::host);
        column(rolesColumn, NodeRow::roles);
        column(groupsColumn, NodeRow::groups);
        column(slotsColumn, NodeRow::slots);
        column(runningColumn, NodeRow::running);
        column(versionColumn, NodeRow::version);
        column(clockColumn, NodeRow::clockOffset);
        column(lastSeenColumn, NodeRow::lastSeenText);
        nodesTable.setRowFactory(table -> new TableRow<>() {
            @Override
            protected void updateItem(NodeRow row, boolean empty) {
                super.updateItem(row, empty);
                getStyleClass().removeAll(STALE, LOST, LEADER);
                if (!empty && row != null) {
                    if (row.stale()) {
                        getStyleClass().add(STALE);
                    }
                    if (row.lost()) {
                        getStyleClass().add(LOST);
                    }
                    if (row.leader()) {
                        getStyleClass().add(LEADER);
                    }
                }
            }
        });
        io.redcron.desktop.ui.KeptSelection.show(groupsTable, model.groups(), GroupRow::group);
        column(groupColumn, GroupRow::group);
        column(workersColumn, row -> row.liveWorkers() == 0 ? model.unservedText() : Integer.toString(row.liveWorkers()));
        column(freeColumn, GroupRow::freeSlots);
        column(waitingColumn, GroupRow::waiting);
        column(oldestColumn, model::oldestText);
        groupsTable.setRowFactory(table -> new TableRow<>() {
            @Override
            protected void updateItem(GroupRow row, boolean empty) {
                super.updateItem(row, empty);
                getStyleClass().remove(UNSERVED);
                if (!empty && row != null && row.unserved()) {
                    getStyleClass().add(UNSERVED);
                }
            }
        });

        leader.textProperty().bind(model.leaderProperty());
        leaseHolder.textProperty().bind(model.leaseHolderProperty());
        leaseRemaining.textProperty().bind(model.leaseRemainingProperty());
        epoch.textProperty().bind(model.epochProperty());
        epochWarning.textProperty().bind(model.epochWarningProperty());
        summary.textProperty().bind(model.summaryProperty());
        error.textProperty().bind(model.errorProperty());
        showOnlyWithText(error);
        showOnlyWithText(epochWarning);
        busy.visibleProperty().bind(model.busyProperty());
        bindDrains();

        io.redcron.desktop.ui.WhileShown.repeat(root, Duration.seconds(2), model::refresh);
        io.redcron.desktop.ui.WhileShown.repeat(root, Duration.millis(100), model::tick);
        model.load();
    }

    private void bindDrains() {
        notice.bind(model.noticeProperty(), model::now, model.messages());
        drain.setVisible(model.canDrain());
        undrain.setVisible(model.canDrain());
        javafx.beans.binding.ObjectBinding<NodeRow> chosen = javafx.beans.binding.Bindings.select(
                nodesTable.getSelectionModel().selectedItemProperty());
        drain.disableProperty().bind(javafx.beans.binding.Bindings.createBooleanBinding(
                () -> chosen.get() == null || chosen.get().drain() != null || model.actingProperty().get(),
                chosen, model.actingProperty()));
        undrain.disableProperty().bind(javafx.beans.binding.Bindings.createBooleanBinding(
                () -> chosen.get() == null || chosen.get().drain() == null || model.actingProperty().get(),
                chosen, model.actingProperty()));
    }

    @FXML
    private void onDrain() {
        NodeRow node = nodesTable.getSelectionModel().getSelectedItem();
        if (node != null && dialogs.confirm(io.redcron.desktop.ui.DialogService.Confirmation.of(
                model.messages().get("cluster.drain.title"), model.drainQuestion(node))
                .withAnswers(model.messages().get("cluster.drain"), model.messages().get("cluster.drain.keep")))) {
            model.drain(node);
        }
    }

    @FXML
    private void onUndrain() {
        model.undrain(nodesTable.getSelectionModel().getSelectedItem());
    }

    @FXML
    private void onRefresh() {
        model.load();
    }
}
