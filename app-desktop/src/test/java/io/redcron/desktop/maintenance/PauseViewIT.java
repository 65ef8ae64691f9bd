package io.redcron.desktop.maintenance;

import io.redcron.config.MysqlConfig;
import io.redcron.desktop.session.Session;
import io.redcron.desktop.ui.DialogStage;
import io.redcron.desktop.ui.ScriptedDialogs;
import io.redcron.domain.MaintenanceWindow;
import io.redcron.domain.MisfirePolicy;
import io.redcron.testing.MysqlStores;
import javafx.scene.control.ComboBox;
import javafx.scene.control.DatePicker;
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
import org.testfx.util.WaitForAsyncUtils;

import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** The Pause dialog, headless, against real stores, opened as the app bar's button opens it. */
@ExtendWith(ApplicationExtension.class)
class PauseViewIT {
    private static final Duration PATIENCE = Duration.ofSeconds(15);
    @RegisterExtension
    static final MysqlStores mysql = MysqlStores.freshDatabase();
    private static final MysqlConfig database = mysql.config();

    private final ScriptedDialogs dialogs = new ScriptedDialogs();
    private final List<MaintenanceWindow> opened = new ArrayList<>();
    private final DialogStage shown = new DialogStage(database);
    private Session session;
    private Stage stage;
    private PauseDialog window;

    @Start
    void start(Stage stage) {
        shown.start(stage, 800, 700);
        this.stage = stage;
        session = shown.session();
        shown.task("render", "gpu");
        window = new PauseDialog(shown.views(screens -> new PauseController(screens.pause())), dialogs,
                shown.messages());
    }

    @AfterEach
    void close() throws Exception {
        shown.close();
    }

    private void open(FxRobot robot) {
        robot.interact(() -> {
            window.open(opened::add);
            stage.getScene().setRoot(dialogs.opened().get(dialogs.opened().size() - 1).content());
        });
    }

    @Test
    void aGroupChosenFromTheNamespacesGroupsIsPausedTomorrowForTwoHoursWithThePolicyChosen(FxRobot robot) {
        open(robot);
        assertThat(dialogs.opened().get(0).title()).isEqualTo("Pause fires");
        @SuppressWarnings("unchecked")
        ComboBox<String> group = robot.lookup("#group").queryAs(ComboBox.class);
        await().atMost(PATIENCE).until(() -> group.getItems().contains("gpu"));
        ZoneId zone = ZoneId.systemDefault();
        LocalDate tomorrow = LocalDate.now(zone).plusDays(1);

        robot.interact(() -> group.getSelectionModel().select("gpu"));
        assertThat(robot.lookup("#oneGroup").queryAs(javafx.scene.control.RadioButton.class).isSelected())
                .as("choosing a group pauses that group").isTrue();
        robot.clickOn("#startAt");
        robot.interact(() -> {
            robot.lookup("#fromDate").queryAs(DatePicker.class).setValue(tomorrow);
            robot.lookup("#fromTime").queryAs(TextField.class).setText("22:00");
        });
        robot.clickOn("#untilAfter");
        robot.interact(() -> robot.lookup("#length").queryAs(TextField.class).setText("2h"));
        robot.clickOn("#policyFireOnce");
        robot.interact(() -> robot.lookup("#reason").queryAs(TextField.class).setText("GPU driver upgrade"));
        robot.clickOn("#pause");

        await().atMost(PATIENCE).until(() -> opened.size() == 1);
        MaintenanceWindow window = session.maintenanceWindows().current(session.namespace()).get(0);
        assertThat(window.group()).isEqualTo("gpu");
        assertThat(window.from()).isEqualTo(tomorrow.atTime(LocalTime.of(22, 0)).atZone(zone).toInstant());
        assertThat(window.until()).isEqualTo(window.from().plus(Duration.ofHours(2)));
        assertThat(window.onResume()).isEqualTo(MisfirePolicy.FIRE_ONCE);
        assertThat(window.reason()).isEqualTo("GPU driver upgrade");
        assertThat(window.createdBy()).isEqualTo("tester");
        assertThat(dialogs.opened().get(0).isShowing()).as("the dialog closed").isFalse();
    }

    @Test
    void noReasonAndAnEndBeforeTheStartAreShownAtTheirFieldsAndNothingIsOpened(FxRobot robot) {
        open(robot);
        LocalDate tomorrow = LocalDate.now(ZoneId.systemDefault()).plusDays(1);

        robot.clickOn("#startAt");
        robot.clickOn("#untilAt");
        robot.interact(() -> {
            robot.lookup("#fromDate").queryAs(DatePicker.class).setValue(tomorrow);
            robot.lookup("#fromTime").queryAs(TextField.class).setText("22:00");
            robot.lookup("#untilDate").queryAs(DatePicker.class).setValue(tomorrow);
            robot.lookup("#untilTime").queryAs(TextField.class).setText("21:00");
        });
        robot.clickOn("#pause");

        Label reasonError = robot.lookup("#reasonError").queryAs(Label.class);
        Label untilError = robot.lookup("#untilError").queryAs(Label.class);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(reasonError.getText()).isEqualTo("Reason: say why the fires are paused.");
        assertThat(reasonError.isVisible()).isTrue();
        assertThat(untilError.getText()).isEqualTo("End: must be after the start.");
        assertThat(robot.lookup("#fromError").queryAs(Label.class).isVisible()).isFalse();
        assertThat(dialogs.opened().get(0).isShowing()).isTrue();
        assertThat(opened).isEmpty();
        assertThat(session.maintenanceWindows().recent(session.namespace(), 10)).isEmpty();

        robot.interact(() -> robot.lookup("#reason").queryAs(TextField.class).setText("late fix"));
        robot.interact(() -> robot.lookup("#untilTime").queryAs(TextField.class).setText("23:00"));
        robot.clickOn("#pause");
        await().atMost(PATIENCE).until(() -> opened.size() == 1);
        assertThat(session.maintenanceWindows().recent(session.namespace(), 10)).hasSize(1);
        assertThat(reasonError.isVisible()).isFalse();
    }
}
