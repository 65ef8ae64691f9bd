package io.redcron.desktop.ui;

import javafx.collections.FXCollections;
import javafx.geometry.Rectangle2D;
import javafx.scene.Scene;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.util.List;
import java.util.UUID;
import java.util.prefs.BackingStoreException;
import java.util.prefs.Preferences;

import static org.assertj.core.api.Assertions.assertThat;

/** Columns fitted to their content, a cut value readable in a tooltip, and a window that fits a laptop. */
@ExtendWith(ApplicationExtension.class)
class ReadableTablesTest {
    private static final String LONG = "2026-12-03 04:00:00 +08:00 (Asia/Shanghai), in 4 min";

    private final Preferences node = Preferences.userRoot().node("io/redcron/desktop/test/" + UUID.randomUUID());
    private TableView<String> table;
    private TableColumn<String, String> narrow;
    private TableColumn<String, String> fitted;

    @Start
    void start(Stage stage) {
        table = new TableView<>();
        narrow = new TableColumn<>("Next fire");
        narrow.setId("narrowColumn");
        Cells.column(narrow, row -> row);
        fitted = new TableColumn<>("Last run");
        fitted.setId("fittedColumn");
        Cells.column(fitted, row -> row.length() > 10 ? "Succeeded" : row);
        table.getColumns().setAll(List.of(narrow, fitted));
        node.putDouble("narrowColumn", 60);
        ColumnWidths.remember(node, table);
        stage.setScene(new Scene(table, 700, 300));
        stage.show();
    }

    @AfterEach
    void clean() throws BackingStoreException {
        node.removeNode();
    }

    @Test
    void aColumnNeverSizedIsFittedToItsContentAndACutValueHasATooltip(FxRobot robot) {
        robot.interact(() -> table.setItems(FXCollections.observableArrayList(LONG, "short")));
        WaitForAsyncUtils.waitForFxEvents();

        assertThat(narrow.getPrefWidth()).as("sized by the user: kept").isEqualTo(60);
        assertThat(fitted.getPrefWidth()).as("header and values fit").isGreaterThan(FitColumns.MIN)
                .isEqualTo(FitColumns.width(table, fitted));
        TableCell<?, ?> cut = robot.lookup(".table-cell").queryAllAs(TableCell.class).stream()
                .filter(cell -> LONG.equals(cell.getText())).findFirst().orElseThrow();
        TableCell<?, ?> whole = robot.lookup(".table-cell").queryAllAs(TableCell.class).stream()
                .filter(cell -> "Succeeded".equals(cell.getText())).findFirst().orElseThrow();
        assertThat(cut.getTooltip()).isNotNull();
        assertThat(cut.getTooltip().getText()).isEqualTo(LONG);
        assertThat(whole.getTooltip()).as("nothing cut, no tooltip").isNull();
    }

    @Test
    void theWindowFitsTheScreenItOpensOn() {
        assertThat(WindowPlacement.defaultSize(new Rectangle2D(0, 0, 1366, 728))).containsExactly(1340, 720);
        assertThat(WindowPlacement.defaultSize(new Rectangle2D(0, 0, 1280, 680))).containsExactly(1280, 680);
        assertThat(WindowPlacement.defaultSize(new Rectangle2D(0, 0, 2560, 1400))).containsExactly(1340, 720);
    }
}
