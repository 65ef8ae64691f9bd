package io.redcron.desktop.retention;

import io.redcron.config.MysqlConfig;
import io.redcron.desktop.session.Session;
import io.redcron.desktop.ui.DialogStage;
import io.redcron.desktop.ui.ScriptedDialogs;
import io.redcron.domain.RetentionPolicy;
import io.redcron.domain.Task;
import io.redcron.testing.MysqlStores;
import javafx.scene.control.Label;
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

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** The retention dialog, headless, against real stores, opened as the tasks screen opens it. */
@ExtendWith(ApplicationExtension.class)
class RetentionViewIT {
    private static final Duration PATIENCE = Duration.ofSeconds(15);
    @RegisterExtension
    static final MysqlStores mysql = MysqlStores.freshDatabase();
    private static final MysqlConfig database = mysql.config();

    private final ScriptedDialogs dialogs = new ScriptedDialogs();
    private final DialogStage shown = new DialogStage(database);
    private Session session;
    private Stage stage;
    private Task task;
    private RetentionWindow window;

    @Start
    void start(Stage stage) {
        shown.start(stage, 800, 600);
        this.stage = stage;
        session = shown.session();
        task = shown.task("backup", "default");
        window = new RetentionWindow(shown.views(screens -> new RetentionController(screens.retention())), dialogs,
                shown.messages());
    }

    @AfterEach
    void close() throws Exception {
        shown.close();
    }

    /** Opens the dialog the way a click on the tasks screen does, into the test's window. */
    private void open(FxRobot robot, Runnable how) {
        robot.interact(() -> {
            how.run();
            stage.getScene().setRoot(dialogs.opened().get(dialogs.opened().size() - 1).content());
        });
    }

    @Test
    void aWrongValueIsShownAtItsFieldNothingIsSavedAndARightOneIs(FxRobot robot) {
        open(robot, window::openNamespace);
        assertThat(dialogs.opened().get(0).title()).isEqualTo("Retention");
        Label audit = robot.lookup("#auditCurrent").queryAs(Label.class);
        await().atMost(PATIENCE).until(() -> audit.getText().equals("400 days (default)"));
        assertThat(robot.lookup("#succeededCurrent").queryAs(Label.class).getText()).isEqualTo("30 days (default)");
        assertThat(robot.lookup("#pinned").queryAs(Label.class).getText()).isEqualTo("No pinned runs.");
        TextField auditDays = robot.lookup("#auditValue").queryAs(TextField.class);
        TextField succeeded = robot.lookup("#succeededValue").queryAs(TextField.class);
        robot.interact(() -> {
            auditDays.setText("7");
            succeeded.setText("14");
        });

        robot.clickOn("#save");

        Label error = robot.lookup("#auditError").queryAs(Label.class);
        await().atMost(PATIENCE).until(() -> error.getText().equals("Audit entries: from 30 to 36,500 days, or forever."));
        assertThat(error.isVisible()).isTrue();
        assertThat(robot.lookup("#succeededError").queryAs(Label.class).isVisible()).isFalse();
        assertThat(session.retention().settings(session.namespace()).namespace()).isEqualTo(RetentionPolicy.INHERIT);

        robot.interact(() -> auditDays.setText("60"));
        robot.clickOn("#save");

        await().atMost(PATIENCE).until(() -> audit.getText().equals("60 days"));
        assertThat(session.retention().settings(session.namespace()).namespace())
                .isEqualTo(new RetentionPolicy(14, null, null, null, 60));
        assertThat(error.isVisible()).isFalse();
        assertThat(robot.lookup("#retentionStatus").queryAs(Label.class).getText())
                .isEqualTo("Retention of namespace '" + session.namespace() + "' changed.");
    }

    @Test
    void aTaskSetsAFieldOfItsOwnAndFollowsTheNamespaceAgain(FxRobot robot) {
        session.retention().changeNamespace(session.namespace(), new RetentionPolicy(14, null, null, null, null), "ops");
        open(robot, () -> window.openTask(task.id(), task.name()));
        Label failed = robot.lookup("#failedCurrent").queryAs(Label.class);
        await().atMost(PATIENCE).until(() -> failed.getText().equals("as the namespace (90 days)"));
        assertThat(robot.lookup("#auditValue").tryQuery()).as("audit is per namespace").isEmpty();
        assertThat(robot.lookup("#namespaceOnly").query().isVisible()).as("pins and differing tasks: namespace only").isFalse();
        TextField failedDays = robot.lookup("#failedValue").queryAs(TextField.class);
        assertThat(failedDays.isDisabled()).as("follows the namespace").isTrue();

        robot.clickOn("#failedFollow");
        robot.interact(() -> failedDays.setText("365"));
        robot.clickOn("#save");

        await().atMost(PATIENCE).until(() -> failed.getText().equals("365 days"));
        assertThat(session.retention().settings(session.namespace()).forTask(task.id()))
                .isEqualTo(new RetentionPolicy(14, 365, 10, 30, 400));

        robot.clickOn("#follow");

        await().atMost(PATIENCE).until(() -> failed.getText().equals("as the namespace (90 days)"));
        assertThat(session.retention().settings(session.namespace()).tasks()).isEmpty();
        assertThat(robot.lookup("#retentionStatus").queryAs(Label.class).getText())
                .isEqualTo("Task 'backup' follows its namespace's retention again.");
    }
}
