package io.redcron.desktop.audit;

import io.redcron.port.AuditEntry;
import javafx.beans.binding.Bindings;
import javafx.fxml.FXML;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;


import static io.redcron.desktop.ui.Cells.column;

/** Binds the audit view to its view-model. */
public final class AuditController {
    private final AuditViewModel model;

    @FXML private TextField subject;
    @FXML private TableView<AuditEntry> table;
    @FXML private TableColumn<AuditEntry, String> atColumn;
    @FXML private TableColumn<AuditEntry, String> actorColumn;
    @FXML private TableColumn<AuditEntry, String> accountColumn;
    @FXML private TableColumn<AuditEntry, String> actionColumn;
    @FXML private TableColumn<AuditEntry, String> subjectColumn;
    @FXML private TableView<FieldChange> changesTable;
    @FXML private TableColumn<FieldChange, String> fieldColumn;
    @FXML private TableColumn<FieldChange, String> fieldBeforeColumn;
    @FXML private TableColumn<FieldChange, String> fieldAfterColumn;
    @FXML private TextArea before;
    @FXML private TextArea after;
    @FXML private Label error;
    @FXML private ProgressIndicator busy;
    @FXML private Button previous;
    @FXML private Button next;

    public AuditController(AuditViewModel model) {
        this.model = model;
    }

    @FXML
    private void initialize() {
        table.setItems(model.entries());
        io.redcron.desktop.ui.ColumnWidths.remember("audit", table);
        io.redcron.desktop.ui.Cells.timeColumn(atColumn, model::timeText,
                entry -> model.messagesTime().otherZones(entry.at(), null));
        atColumn.setText(model.header("audit.column.at"));
        column(actorColumn, AuditEntry::actor);
        // Entries recorded before the database kept the account have none.
        column(accountColumn, entry -> entry.databaseAccount() == null ? "—" : entry.databaseAccount());
        column(actionColumn, AuditEntry::action);
        column(subjectColumn, model::subjectText);
        changesTable.setItems(model.changes());
        column(fieldColumn, FieldChange::field);
        column(fieldBeforeColumn, FieldChange::before);
        column(fieldAfterColumn, FieldChange::after);
        model.selectedProperty().bind(table.getSelectionModel().selectedItemProperty());
        before.textProperty().bind(model.beforeProperty());
        after.textProperty().bind(model.afterProperty());
        subject.textProperty().bindBidirectional(model.subjectProperty());
        subject.setOnAction(e -> {
            model.pageProperty().set(0);
            model.load();
        });
        error.textProperty().bind(model.errorProperty());
        busy.visibleProperty().bind(model.busyProperty());
        previous.disableProperty().bind(model.pageProperty().isEqualTo(0));
        next.disableProperty().bind(Bindings.createBooleanBinding(() -> !model.hasNextPage(), model.pageProperty(),
                model.totalProperty()));
        model.load();
    }

    @FXML
    private void onRefresh() {
        model.load();
    }

    @FXML
    private void onPrevious() {
        model.previousPage();
    }

    @FXML
    private void onNext() {
        model.nextPage();
    }
}
