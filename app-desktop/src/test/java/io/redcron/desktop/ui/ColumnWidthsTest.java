package io.redcron.desktop.ui;

import javafx.scene.Scene;
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

import java.util.UUID;
import java.util.prefs.BackingStoreException;
import java.util.prefs.Preferences;

import static org.assertj.core.api.Assertions.assertThat;

@ExtendWith(ApplicationExtension.class)
class ColumnWidthsTest {
    private final Preferences node = Preferences.userRoot().node("io/redcron/desktop/test/" + UUID.randomUUID());
    private TableView<String> table;

    @Start
    void start(Stage stage) {
        table = table();
        ColumnWidths.remember(node, table);
        stage.setScene(new Scene(table, 600, 300));
        stage.show();
    }

    @AfterEach
    void clean() throws BackingStoreException {
        node.removeNode();
    }

    @Test
    void aColumnTheUserResizedKeepsItsWidthNextTime(FxRobot robot) {
        robot.interact(() -> table.resizeColumn(table.getColumns().get(0), 233));
        WaitForAsyncUtils.waitForFxEvents();

        TableView<String> next = table();
        ColumnWidths.remember(node, next);

        assertThat(next.getColumns().get(0).getPrefWidth()).isEqualTo(333);
        assertThat(next.getColumns().get(1).getPrefWidth()).isEqualTo(table.getColumns().get(1).getWidth());
    }

    @Test
    void aColumnHiddenFromTheHeadersMenuStaysHidden(FxRobot robot) {
        robot.interact(() -> table.getColumns().get(1).setVisible(false));

        TableView<String> next = table();
        ColumnWidths.remember(node, next);

        assertThat(next.getColumns().get(1).isVisible()).isFalse();
        assertThat(next.getColumns().get(0).isVisible()).isTrue();
    }

    @Test
    void aWidthTheLayoutOrTheFittingGaveIsNotKept(FxRobot robot) {
        robot.interact(() -> table.getColumns().get(0).setPrefWidth(44));
        WaitForAsyncUtils.waitForFxEvents();

        TableView<String> next = table();
        ColumnWidths.remember(node, next);

        assertThat(next.getColumns().get(0).getPrefWidth()).isEqualTo(100);
    }

    private static TableView<String> table() {
        TableView<String> table = new TableView<>();
        for (String name : new String[] {"name", "group"}) {
            TableColumn<String, String> column = new TableColumn<>(name);
            column.setId(name + "Column");
            column.setPrefWidth(100);
            table.getColumns().add(column);
        }
        return table;
    }
}
