package io.redcron.desktop.queues;

import io.redcron.desktop.ui.KeptSelection;
import io.redcron.desktop.ui.DialogService;
import io.redcron.desktop.ui.DialogService.Confirmation;
import javafx.beans.binding.Bindings;
import javafx.fxml.FXML;
import javafx.scene.Parent;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.SelectionMode;
import javafx.scene.control.Tab;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.util.Duration;

import java.util.List;
import java.util.ResourceBundle;

import static io.redcron.desktop.ui.Cells.column;
import static io.redcron.desktop.ui.Cells.showOnlyWithText;

/** Binds the queues screen to its view-model, refreshes it every 2 s while it is on screen, asks before acting. */
public final class QueuesController {
    private static final Duration LIVE = Duration.seconds(2);

    private final QueuesViewModel model;
    private final DialogService dialogs;
    private final java.util.function.Consumer<io.redcron.desktop.runs.RunsPreset> openRuns;

    @FXML private ResourceBundle resources;
    @FXML private Parent root;
    @FXML private Label summary;
    @FXML private Label error;
    @FXML private io.redcron.desktop.ui.NoticeBar notice;
    @FXML private ProgressIndicator busy;
    @FXML private Tab delayedTab;
    @FXML private Tab deadTab;
    @FXML private TableView<StreamRow> streamsTable;
    @FXML private TableColumn<StreamRow, String> streamGroupColumn;
    @FXML private TableColumn<StreamRow, Number> streamWaitingColumn;
    @FXML private TableColumn<StreamRow, Number> streamDeliveredColumn;
    @FXML private TableColumn<StreamRow, String> streamConsumersColumn;
    @FXML private TableView<PendingRow> pendingTable;
    @FXML private TableColumn<PendingRow, String> pendingGroupColumn;
    @FXML private TableColumn<PendingRow, String> pendingConsumerColumn;
    @FXML private TableColumn<PendingRow, String> pendingRunColumn;
    @FXML private TableColumn<PendingRow, String> pendingIdleColumn;
    @FXML private TableColumn<PendingRow, Number> pendingDeliveriesColumn;
    @FXML private TableColumn<PendingRow, String> pendingEntryColumn;
    @FXML private TableView<DelayedRow> delayedTable;
    @FXML private TableColumn<DelayedRow, String> delayedGroupColumn;
    @FXML private TableColumn<DelayedRow, Number> delayedRunColumn;
    @FXML private TableColumn<DelayedRow, String> delayedDueColumn;
    @FXML private TableColumn<DelayedRow, String> delayedTaskColumn;
    @FXML private TableColumn<DelayedRow, String> delayedAttemptColumn;
    @FXML private TableColumn<DelayedRow, String> delayedErrorColumn;
    @FXML private Label delayedStatus;
    @FXML private TableView<DeadRow> deadTable;
    @FXML private TableColumn<DeadRow, Number> deadRunColumn;
    @FXML private TableColumn<DeadRow, String> deadGroupColumn;
    @FXML private TableColumn<DeadRow, String> deadReasonColumn;
    @FXML private TableColumn<DeadRow, String> deadAtColumn;
    @FXML private TableColumn<DeadRow, String> deadTaskColumn;
    @FXML private TableColumn<DeadRow, String> deadAttemptColumn;
    @FXML private Label deadStatus;
    @FXML private Button requeue;
    @FXML private Button purge;
    @FXML private Button purgeAll;

    public QueuesController(QueuesViewModel model, DialogService dialogs) {
        this(model, dialogs, preset -> { });
    }

    /** @param openRuns shows the runs screen on a run (a dead or delayed entry's "open run") */
    public QueuesController(QueuesViewModel model, DialogService dialogs,
                            java.util.function.Consumer<io.redcron.desktop.runs.RunsPreset> openRuns) {
        this.model = model;
        this.dialogs = dialogs;
        this.openRuns = openRuns;
    }

    @FXML
    private void initialize() {
        KeptSelection.show(streamsTable, model.streams(), StreamRow::group);
        column(streamGroupColumn, StreamRow::group);
        column(streamWaitingColumn, StreamRow::waiting);
        column(streamDeliveredColumn, StreamRow::delivered);
        column(streamConsumersColumn, StreamRow::consumers);
        KeptSelection.show(pendingTable, model.pending(), PendingRow::entryId);
        column(pendingGroupColumn, PendingRow::group);
        column(pendingConsumerColumn, PendingRow::consumer);
        column(pendingRunColumn, PendingRow::run);
        column(pendingIdleColumn, PendingRow::idleText);
        column(pendingDeliveriesColumn, PendingRow::deliveries);
        column(pendingEntryColumn, PendingRow::entryId);
        KeptSelection.show(delayedTable, model.delayed(), DelayedRow::runId);
        io.redcron.desktop.ui.ColumnWidths.remember("queues-delayed", delayedTable);
        column(delayedGroupColumn, DelayedRow::group);
        column(delayedRunColumn, DelayedRow::runId);
        column(delayedTaskColumn, DelayedRow::task);
        column(delayedAttemptColumn, DelayedRow::attempts);
        column(delayedErrorColumn, DelayedRow::lastError);
        io.redcron.desktop.ui.Cells.timeColumn(delayedDueColumn, DelayedRow::dueText, row -> model.otherZones(row.due()));
        delayedDueColumn.setText(model.header("queues.column.due"));
        KeptSelection.show(deadTable, model.dead(), DeadRow::entryId);
        io.redcron.desktop.ui.ColumnWidths.remember("queues-dead", deadTable);
        // Double-click a dead or delayed entry: its run, on the runs screen.
        deadTable.setRowFactory(view -> opensRun(row -> io.redcron.desktop.runs.RunsPreset.ofRun(row.task(), row.runId())));
        delayedTable.setRowFactory(view -> opensRun(row -> io.redcron.desktop.runs.RunsPreset.ofRun(row.task(), row.runId())));
        deadTable.getSelectionModel().setSelectionMode(SelectionMode.MULTIPLE);
        column(deadRunColumn, DeadRow::runId);
        column(deadTaskColumn, DeadRow::task);
        column(deadAttemptColumn, DeadRow::attempts);
        column(deadGroupColumn, DeadRow::group);
        column(deadReasonColumn, DeadRow::reason);
        io.redcron.desktop.ui.Cells.timeColumn(deadAtColumn, DeadRow::atText, row -> model.otherZones(row.at()));
        deadAtColumn.setText(model.header("queues.column.at"));

        summary.textProperty().bind(model.summaryProperty());
        error.textProperty().bind(model.errorProperty());
        model.openRunsWith(openRuns);
        notice.bind(model.noticeProperty(), model::now, model.messages());
        showOnlyWithText(error);
        busy.visibleProperty().bind(model.busyProperty());
        delayedTab.textProperty().bind(model.delayedTitleProperty());
        deadTab.textProperty().bind(model.deadTitleProperty());
        delayedStatus.textProperty().bind(model.delayedStatusProperty());
        deadStatus.textProperty().bind(model.deadStatusProperty());
        var nothingSelected = Bindings.isEmpty(deadTable.getSelectionModel().getSelectedItems());
        requeue.disableProperty().bind(nothingSelected);
        purge.disableProperty().bind(nothingSelected);
        purgeAll.disableProperty().bind(Bindings.isEmpty(model.dead()));

        // Live only while on screen: leaving the screen (or the window changing view) detaches it.
        io.redcron.desktop.ui.WhileShown.repeat(root, LIVE, model::refresh);
        model.load();
    }

    private <T> javafx.scene.control.TableRow<T> opensRun(java.util.function.Function<T, io.redcron.desktop.runs.RunsPreset> preset) {
        javafx.scene.control.TableRow<T> row = new javafx.scene.control.TableRow<>();
        row.setOnMouseClicked(click -> {
            if (click.getClickCount() == 2 && !row.isEmpty()) {
                openRuns.accept(preset.apply(row.getItem()));
            }
        });
        javafx.scene.control.MenuItem open = new javafx.scene.control.MenuItem(model.openRunText());
        open.setOnAction(e -> openRuns.accept(preset.apply(row.getItem())));
        row.contextMenuProperty().bind(javafx.beans.binding.Bindings.when(row.emptyProperty())
                .then((javafx.scene.control.ContextMenu) null).otherwise(new javafx.scene.control.ContextMenu(open)));
        return row;
    }

    @FXML
    private void onRefresh() {
        model.load();
    }

    @FXML
    private void onRequeue() {
        List<DeadRow> chosen = List.copyOf(deadTable.getSelectionModel().getSelectedItems());
        if (confirm(model.requeueQuestion(chosen.size()), "queues.requeue")) {
            model.requeue(chosen);
        }
    }

    @FXML
    private void onPurge() {
        List<DeadRow> chosen = List.copyOf(deadTable.getSelectionModel().getSelectedItems());
        if (confirm(model.purgeQuestion(chosen.size()), "queues.purge")) {
            model.purge(chosen);
        }
    }

    @FXML
    private void onPurgeAll() {
        if (confirm(model.purgeAllQuestion(), "queues.purgeAll")) {
            model.purgeAll();
        }
    }

    private boolean confirm(String question, String actionKey) {
        return dialogs.confirm(Confirmation.of(resources.getString("queues.confirm.title"), question)
                .withAnswers(resources.getString(actionKey), resources.getString("queues.cancel")));
    }
}
