package io.redcron.desktop.ui;

import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.scene.control.SelectionMode;
import javafx.scene.control.TableView;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** A table's selection through refreshes that add, remove and replace rows around it. */
@ExtendWith(ApplicationExtension.class)
class KeptSelectionTest {
    private record Row(String id, String text) {
    }

    private final ObservableList<Row> rows = FXCollections.observableArrayList();
    private TableView<Row> table;

    @Start
    void start(Stage stage) {
        table = new TableView<>();
    }

    @Test
    void theSelectedRowGoneLeavesNothingSelectedNotItsNeighbour(FxRobot robot) {
        robot.interact(() -> {
            KeptSelection.show(table, rows, Row::id);
            rows.setAll(row("a"), row("b"), row("c"));
            table.getSelectionModel().select(1);

            StableRows.update(rows, List.of(row("a"), row("c")), Row::id);

            assertThat(table.getSelectionModel().getSelectedItems()).isEmpty();
        });
    }

    @Test
    void rowsAddedAndRemovedAroundTheSelectionLeaveItOnTheSameRows(FxRobot robot) {
        robot.interact(() -> {
            table.getSelectionModel().setSelectionMode(SelectionMode.MULTIPLE);
            KeptSelection.show(table, rows, Row::id);
            rows.setAll(row("a"), row("b"), row("c"), row("d"));
            table.getSelectionModel().selectIndices(1, 3);

            rows.add(0, row("new"));
            rows.remove(row("a"));
            rows.set(2, new Row("c", "changed"));

            assertThat(table.getSelectionModel().getSelectedItems()).extracting(Row::id).containsExactly("b", "d");
        });
    }

    @Test
    void aChangedSelectedRowStaysSelected(FxRobot robot) {
        robot.interact(() -> {
            KeptSelection.show(table, rows, Row::id);
            rows.setAll(row("a"), row("b"));
            table.getSelectionModel().select(0);

            StableRows.update(rows, List.of(new Row("a", "newer"), row("b"), row("c")), Row::id);

            assertThat(table.getSelectionModel().getSelectedItem()).isEqualTo(new Row("a", "newer"));
            assertThat(rows).extracting(Row::id).containsExactly("a", "b", "c");
        });
    }

    private static Row row(String id) {
        return new Row(id, id);
    }
}
