package io.redcron.desktop.silences;

import io.redcron.config.MysqlConfig;
import io.redcron.desktop.session.Session;
import io.redcron.desktop.ui.DialogStage;
import io.redcron.desktop.ui.ScriptedDialogs;
import io.redcron.domain.AlertSilence;
import io.redcron.testing.MysqlStores;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

import java.time.Duration;
import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** The silences window, headless, against the real database, opened as the main window opens it. */
@ExtendWith(ApplicationExtension.class)
class SilencesViewIT {
    private static final Duration PATIENCE = Duration.ofSeconds(15);
    @RegisterExtension
    static final MysqlStores mysql = MysqlStores.freshDatabase();
    private static final MysqlConfig database = mysql.config();

    private final ScriptedDialogs dialogs = new ScriptedDialogs();
    private final DialogStage shown = new DialogStage(database);
    private Session session;
    private Stage stage;
    private SilencesWindow window;

    @Start
    void start(Stage stage) {
        shown.start(stage, 900, 700);
        this.stage = stage;
        session = shown.session();
        shown.task("backup", "nightly");
        window = new SilencesWindow(shown.views(screens -> new SilencesController(screens.silences())), dialogs,
                shown.messages());
    }

    @AfterEach
    void close() throws Exception {
        shown.close();
    }

    @Test
    void aSilenceIsAddedAfterItsWrongFieldIsFixedAndEndedFromTheList(FxRobot robot) {
        robot.interact(() -> {
            window.open();
            stage.getScene().setRoot(dialogs.opened().get(0).content());
        });
        assertThat(dialogs.opened().get(0).title()).isEqualTo("Alert silences");
        @SuppressWarnings("unchecked")
        ComboBox<String> taskChoice = robot.lookup("#silenceTask").queryAs(ComboBox.class);
        await().atMost(PATIENCE).until(() -> taskChoice.getItems().contains("backup"));
        TextField until = robot.lookup("#silenceUntilValue").queryAs(TextField.class);
        robot.interact(() -> {
            taskChoice.getEditor().setText("backup");
            until.setText("yesterday");
        });

        robot.clickOn("#add");

        Label untilError = robot.lookup("#untilError").queryAs(Label.class);
        Label reasonError = robot.lookup("#reasonError").queryAs(Label.class);
        assertThat(untilError.getText()).startsWith("Until:");
        assertThat(reasonError.getText()).isEqualTo("Reason: say why alerts are silenced.");
        assertThat(session.silences().all(session.namespace(), 10)).isEmpty();

        robot.interact(() -> {
            until.setText("2h");
            robot.lookup("#silenceReasonValue").queryAs(TextField.class).setText("disk swap");
        });
        robot.clickOn("#add");

        TableView<?> table = robot.lookup("#silences").queryAs(TableView.class);
        await().atMost(PATIENCE).until(() -> table.getItems().size() == 1);
        AlertSilence added = session.silences().active(session.namespace(), Instant.now()).get(0);
        assertThat(added.taskName()).isEqualTo("backup");
        assertThat(added.reason()).isEqualTo("disk swap");
        assertThat(added.createdBy()).isEqualTo("tester");
        assertThat(Duration.between(Instant.now(), added.until())).isBetween(Duration.ofMinutes(119), Duration.ofHours(2));
        assertThat(untilError.isVisible()).isFalse();

        robot.interact(() -> table.getSelectionModel().select(0));
        robot.clickOn("#end");

        await().atMost(PATIENCE).until(() -> table.getItems().isEmpty());
        assertThat(session.silences().active(session.namespace(), Instant.now())).isEmpty();
        assertThat(robot.lookup("#silencesStatus").queryAs(Label.class).getText())
                .isEqualTo("Silence " + added.id() + " ended.");
    }
}
