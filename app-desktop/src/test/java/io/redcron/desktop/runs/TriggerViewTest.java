package io.redcron.desktop.runs;

import io.redcron.desktop.ui.FxmlView;
import io.redcron.desktop.ui.Messages;
import io.redcron.desktop.ui.ScriptedDialogs;
import io.redcron.desktop.ui.UiExecutor;
import io.redcron.desktop.ui.ViewLoader;
import io.redcron.desktop.ui.Views;
import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.TriggerType;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The trigger view, headless, in the window the runs screen opens it in; the trigger is scripted. */
@ExtendWith(ApplicationExtension.class)
class TriggerViewTest {
    private static final Instant NOW = Instant.parse("2026-11-30T08:00:00Z");

    /** What the view asked to trigger, by task; a task named "missing" does not exist. */
    private final Map<String, Map<String, String>> requested = new LinkedHashMap<>();
    private final List<Run> triggered = new ArrayList<>();
    private final ScriptedDialogs dialogs = new ScriptedDialogs();
    private Stage stage;
    private TriggerWindow window;

    @Start
    void start(Stage primary) {
        stage = primary;
        stage.setScene(new Scene(new StackPane(), 640, 480));
        stage.show();
        window = window(new Messages(Locale.ENGLISH));
    }

    private TriggerWindow window(Messages messages) {
        TriggerViewModel.Trigger trigger = (task, request) -> {
            if (task.equals("missing")) {
                throw new RunActionException("runs.error.noTask", task);
            }
            requested.put(task, request.params());
            return run(41 + requested.size(), task, request.params());
        };
        Views views = new Views() {
            @Override
            public <C> ViewLoader.Loaded<C> open(FxmlView view) {
                return new ViewLoader(messages, type -> new TriggerController(
                        new TriggerViewModel(trigger, UiExecutor.direct(), messages))).load(view);
            }
        };
        return new TriggerWindow(views, dialogs, messages.get("runs.trigger.title"), triggered::add);
    }

    /** Opens the view for a task, and puts what was opened on the stage. */
    private void show(FxRobot robot, String task) {
        robot.interact(() -> {
            window.show(task);
            stage.getScene().setRoot(dialogs.opened().get(dialogs.opened().size() - 1).content());
        });
    }

    private static Run run(long id, String task, Map<String, String> params) {
        return new Run(id, 7, "default", task, "default", TriggerType.MANUAL, NOW, RunStatus.QUEUED, 0, 1, 0, null,
                null, NOW, null, null, null, null, null, params);
    }

    @Test
    void opensForTheChosenTaskWithOneEmptyParameterRow(FxRobot robot) {
        show(robot, "nightly-report");

        assertThat(dialogs.opened()).singleElement().satisfies(opened -> {
            assertThat(opened.title()).isEqualTo("Trigger a task now");
            assertThat(opened.isShowing()).isTrue();
        });
        assertThat(robot.lookup("#triggerTask").queryAs(TextField.class).getText()).isEqualTo("nightly-report");
        assertThat(robot.lookup("#paramRows .text-field").queryAllAs(TextField.class)).hasSize(2);
        assertThat(robot.lookup("#triggerError").queryAs(Label.class).isVisible()).isFalse();
    }

    @Test
    void aBadParameterIsShownAtItsRowAndNothingIsTriggeredUntilItIsFixed(FxRobot robot) {
        show(robot, "nightly-report");
        List<TextField> first = fields(robot);
        robot.interact(() -> {
            first.get(0).setText("1DAY");
            first.get(1).setText("2026-11-30");
        });
        robot.clickOn("#addParam");
        List<TextField> both = fields(robot);
        robot.interact(() -> both.get(2).setText("1DAY"));

        robot.clickOn("Run now");

        assertThat(robot.lookup("#paramRows .danger").queryAllAs(Label.class)).extracting(Label::getText)
                .containsExactly("'1DAY' is not a parameter name: use letters, digits and _, not starting with a digit"
                        + " (at most 64).", "'1DAY' is not a parameter name: use letters, digits and _, not starting"
                        + " with a digit (at most 64).");
        assertThat(requested).isEmpty();
        assertThat(dialogs.opened().get(0).isShowing()).isTrue();

        robot.interact(() -> {
            both.get(0).setText("DAY");
            both.get(2).setText("MODE");
            both.get(3).setText("full run");
        });
        robot.clickOn("Run now");

        assertThat(requested).containsExactly(Map.entry("nightly-report", Map.of("DAY", "2026-11-30", "MODE", "full run")));
        assertThat(triggered).extracting(Run::id).containsExactly(42L);
        assertThat(dialogs.opened().get(0).isShowing()).isFalse();
    }

    @Test
    void aMissingTaskIsSaidAtTheFieldOrUnderTheFormAndTheWindowStaysOpen(FxRobot robot) {
        show(robot, "");
        robot.clickOn("Run now");
        assertThat(robot.lookup("#triggerTaskError").queryAs(Label.class).getText()).isEqualTo("Name the task to run.");

        robot.interact(() -> robot.lookup("#triggerTask").queryAs(TextField.class).setText("missing"));
        robot.clickOn("Run now");

        assertThat(robot.lookup("#triggerTaskError").queryAs(Label.class).isVisible()).isFalse();
        assertThat(robot.lookup("#triggerError").queryAs(Label.class).getText())
                .isEqualTo("There is no task 'missing' in this namespace.");
        assertThat(triggered).isEmpty();
        assertThat(dialogs.opened().get(0).isShowing()).isTrue();
    }

    @Test
    void aRowCanBeRemovedAndCloseTriggersNothing(FxRobot robot) {
        show(robot, "nightly-report");
        robot.clickOn("#addParam");
        assertThat(fields(robot)).hasSize(4);
        robot.clickOn(robot.lookup("#paramRows .button").queryAllAs(Button.class).iterator().next());
        assertThat(fields(robot)).hasSize(2);

        robot.clickOn("Close");

        assertThat(dialogs.opened().get(0).isShowing()).isFalse();
        assertThat(requested).isEmpty();
    }

    @Test
    void askingAgainWhileItIsOpenEmptiesTheFormInTheSameWindow(FxRobot robot) {
        show(robot, "nightly-report");
        robot.interact(() -> fields(robot).get(0).setText("DAY"));

        robot.interact(() -> window.show("backup"));

        assertThat(dialogs.opened()).hasSize(1);
        assertThat(robot.lookup("#triggerTask").queryAs(TextField.class).getText()).isEqualTo("backup");
        assertThat(fields(robot)).extracting(TextField::getText).containsExactly("", "");
    }

    @Test
    void chineseViewIsInChinese(FxRobot robot) {
        window = window(new Messages(Locale.SIMPLIFIED_CHINESE));
        show(robot, "");
        robot.clickOn("立即运行");

        assertThat(dialogs.opened()).singleElement().extracting(ScriptedDialogs.Opened::title).isEqualTo("立即触发任务");
        assertThat(robot.lookup("#triggerTaskError").queryAs(Label.class).getText()).isEqualTo("请填写要运行的任务。");
        assertThat(robot.lookup("添加参数").tryQuery()).isPresent();
        assertThat(robot.lookup("关闭").tryQuery()).isPresent();
    }

    private static List<TextField> fields(FxRobot robot) {
        return List.copyOf(robot.lookup("#paramRows .text-field").queryAllAs(TextField.class));
    }
}
