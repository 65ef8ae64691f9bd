package io.redcron.desktop.tasks;

import io.redcron.desktop.cron.CronBuilderDialog;
import io.redcron.desktop.session.Workspace;
import io.redcron.desktop.ui.FxmlView;
import io.redcron.desktop.ui.Messages;
import io.redcron.desktop.ui.UiExecutor;
import io.redcron.desktop.ui.ViewLoader;
import io.redcron.domain.ShellPayload;
import io.redcron.domain.Task;
import io.redcron.testkit.InMemoryStores;
import io.redcron.testkit.ManualClock;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import org.controlsfx.control.SearchableComboBox;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** The task editor, headless, on an in-memory store: errors at their fields and in the summary, choices, fires. */
@ExtendWith(ApplicationExtension.class)
class TaskEditorViewTest {
    private static final Instant NOW = Instant.parse("2026-03-27T08:00:00Z");
    private static final String NAMESPACE = "desk";

    private final ManualClock clock = new ManualClock(NOW);
    private final InMemoryStores stores = new InMemoryStores(clock);
    private Stage stage;
    private TaskEditorController editor;

    @Start
    void start(Stage primary) {
        stage = primary;
        stage.setScene(new Scene(new StackPane(), 900, 820));
        stage.show();
        show(new Messages(Locale.ENGLISH));
    }

    private void show(Messages messages) {
        TaskEditorViewModel model = new TaskEditorViewModel(stores.tasks(), new Workspace(NAMESPACE, "tester", clock),
                UiExecutor.direct(), messages);
        ViewLoader.Loaded<TaskEditorController> loaded = new ViewLoader(messages,
                type -> new TaskEditorController(model, new CronBuilderDialog(messages, clock))).load(FxmlView.TASK_EDITOR);
        editor = loaded.controller();
        stage.getScene().setRoot(loaded.root());
        // The form is inside a ScrollPane, whose content joins the scene graph with its skin: make
        // the skins now, so a look-up right after this finds every field, pulse or not.
        loaded.root().applyCss();
        loaded.root().layout();
    }

    @Test
    void badValuesShowAtTheirFieldsOnceTouchedAndAllInTheSummaryOnSave(FxRobot robot) {
        assertThat(visibleErrors(robot)).as("nothing typed yet").isEmpty();

        type(robot, "#retries", "-3");
        type(robot, "#timeout", "0s");
        type(robot, "#jitter", "2");
        click(robot, "#multiplier");

        assertThat(error(robot, "#retriesError")).isEqualTo("Retries must be between 0 and 99, got -3");
        assertThat(error(robot, "#timeoutError")).isEqualTo("Timeout must be longer than 0s, got 0s");
        assertThat(error(robot, "#jitterError")).isEqualTo("Jitter must be between 0 and 1, got 2");
        assertThat(visibleErrors(robot)).as("the name was not touched").containsOnlyKeys("retriesError",
                "timeoutError", "jitterError");
        assertThat(robot.lookup("#retries").queryAs(TextField.class).getStyleClass()).contains(FieldErrors.INVALID);
        assertThat(robot.lookup("#retries").queryAs(TextField.class).getPseudoClassStates()).contains(FieldErrors.DANGER);
        assertThat(summary(robot)).containsExactly("• Timeout must be longer than 0s, got 0s",
                "• Retries must be between 0 and 99, got -3", "• Jitter must be between 0 and 1, got 2");

        Button save = robot.lookup("#save").queryButton();
        assertThat(save.isDisabled()).as("Save is never a silent grey button").isFalse();
        assertThat(save.getTooltip().getText()).startsWith("Cannot save yet, 5 problems to correct:")
                .contains("Name is required").contains("Retries must be between 0 and 99, got -3");
        robot.clickOn("#save");

        assertThat(error(robot, "#nameError")).isEqualTo("Name is required");
        assertThat(error(robot, "#commandError")).isEqualTo("Command line is required");
        assertThat(visibleErrors(robot)).hasSize(5);
        assertThat(summary(robot)).containsExactly("• Name is required", "• Command line is required",
                "• Timeout must be longer than 0s, got 0s", "• Retries must be between 0 and 99, got -3",
                "• Jitter must be between 0 and 1, got 2");
        assertThat(robot.lookup("#error").queryAs(Label.class).getText()).isEqualTo("Correct the fields marked in red first.");
        assertThat(stores.tasks().findByName(NAMESPACE, "")).isEmpty();
    }

    @Test
    void aFieldLeftWithTabShowsItsErrorButOneOnlyFocusedByTheWindowDoesNot(FxRobot robot) {
        assertThat(robot.lookup("#name").queryAs(TextField.class).isFocused()).as("focused on opening").isTrue();
        click(robot, "#owner");
        assertThat(visibleErrors(robot)).isEmpty();

        click(robot, "#name");
        robot.type(KeyCode.TAB);

        assertThat(visibleErrors(robot)).containsOnlyKeys("nameError");
        assertThat(error(robot, "#nameError")).isEqualTo("Name is required");
    }

    @Test
    void clickingASummaryEntryTakesTheOperatorToItsField(FxRobot robot) {
        type(robot, "#jitter", "2");
        robot.clickOn("#save");

        robot.clickOn(robot.lookup("#summary-name").queryAs(Hyperlink.class));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(robot.lookup("#name").queryAs(TextField.class).isFocused()).isTrue();

        robot.clickOn(robot.lookup("#summary-jitter").queryAs(Hyperlink.class));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(robot.lookup("#jitter").queryAs(TextField.class).isFocused()).isTrue();
        robot.write("0.2");
        assertThat(robot.lookup("#summary-jitter").tryQuery()).as("fixed, so gone from the summary").isEmpty();
    }

    @Test
    void aLongErrorWrapsWithoutWideningItsRow(FxRobot robot) {
        TextField group = robot.lookup("#group").queryAs(TextField.class);
        TextField owner = robot.lookup("#owner").queryAs(TextField.class);
        double groupWidth = group.getWidth();
        double ownerWidth = owner.getWidth();
        double sceneWidth = stage.getScene().getRoot().getLayoutBounds().getWidth();

        type(robot, "#group", "a b c");
        click(robot, "#owner");
        WaitForAsyncUtils.waitForFxEvents();

        Label error = robot.lookup("#groupError").queryAs(Label.class);
        assertThat(error.isVisible()).isTrue();
        assertThat(error.getHeight()).as("wrapped on several lines").isGreaterThan(2 * error.getFont().getSize());
        assertThat(group.getWidth()).isEqualTo(groupWidth);
        assertThat(owner.getWidth()).isEqualTo(ownerWidth);
        assertThat(stage.getScene().getRoot().getLayoutBounds().getWidth()).isEqualTo(sceneWidth);
    }

    @Test
    void aNameAnotherTaskHasIsFlaggedWhileTyping(FxRobot robot) {
        stores.tasks().create(Task.builder().namespace(NAMESPACE).name("backup").cron("0 3 * * *")
                .payload(new ShellPayload("echo", null, Map.of())).build(), "tester");

        type(robot, "#name", "backup");

        await().atMost(Duration.ofSeconds(5)).until(() -> robot.lookup("#nameError").queryAs(Label.class).isVisible());
        assertThat(error(robot, "#nameError")).isEqualTo("A task named 'backup' already exists in this namespace");
        robot.write("-2");
        await().atMost(Duration.ofSeconds(5)).until(() -> !robot.lookup("#nameError").queryAs(Label.class).isVisible());
    }

    @Test
    void choicesReadAsWordsWithAnExplanation(FxRobot robot) {
        ComboBox<?> misfire = robot.lookup("#misfire").queryComboBox();
        assertThat(misfire.getButtonCell().getText()).isEqualTo("Run once");
        assertThat(robot.lookup("#misfireHelp").queryAs(Label.class).getText())
                .isEqualTo("Fires missed while the scheduler was down run once for all, then the schedule goes on.");
        assertThat(robot.lookup("#concurrency").queryComboBox().getButtonCell().getText()).isEqualTo("Skip while running");
        assertThat(robot.lookup("#type").queryComboBox().getButtonCell().getText()).isEqualTo("Shell command");

        click(robot, "#concurrency");
        robot.clickOn("Replace");
        assertThat(editor.model().concurrencyProperty().get()).isEqualTo(io.redcron.domain.ConcurrencyPolicy.REPLACE);
        assertThat(robot.lookup("#concurrencyHelp").queryAs(Label.class).getText())
                .isEqualTo("A fire cancels the run still going, then starts a new one.");
        robot.type(KeyCode.ESCAPE);
    }

    @Test
    void theZoneIsPickedAndTheNextFiresFollowTheSchedule(FxRobot robot) {
        Task berlin = stores.tasks().create(Task.builder().namespace(NAMESPACE).name("morning").cron("0 3 * * *")
                .zone(ZoneId.of("Europe/Berlin")).payload(new ShellPayload("echo", null, Map.of())).build(), "tester");
        robot.interact(() -> editor.model().edit(berlin));

        SearchableComboBox<?> zone = robot.lookup("#zone").queryAs(SearchableComboBox.class);
        assertThat(zone.getValue()).isEqualTo(ZoneId.of("Europe/Berlin"));
        assertThat(fires(robot)).hasSize(5).first().isEqualTo("2026-03-28 Sat 03:00:00 +01:00");

        robot.interact(() -> ((SearchableComboBox<ZoneId>) (SearchableComboBox) zone).setValue(ZoneId.of("Asia/Tokyo")));
        assertThat(editor.model().zoneProperty().get()).isEqualTo("Asia/Tokyo");
        assertThat(fires(robot)).first().isEqualTo("2026-03-28 Sat 03:00:00 +09:00");

        type(robot, "#cron", "61 * * * *");
        assertThat(fires(robot)).isEmpty();
        assertThat(robot.lookup("#firesProblem").queryAs(Label.class).getText())
                .isEqualTo("Cron expression: minute: 61 is out of range 0-59");
    }

    @Test
    void theEditorSpeaksChinese(FxRobot robot) {
        robot.interact(() -> show(new Messages(Locale.SIMPLIFIED_CHINESE)));

        type(robot, "#retries", "-3");
        click(robot, "#backoff");

        assertThat(error(robot, "#retriesError")).isEqualTo("重试次数必须在 0 到 99 之间，输入的是 -3");
        assertThat(robot.lookup("#misfire").queryComboBox().getButtonCell().getText()).isEqualTo("补跑一次");
    }

    private static void type(FxRobot robot, String query, String text) {
        TextField field = robot.lookup(query).queryAs(TextField.class);
        click(robot, query);
        robot.interact(field::selectAll);
        robot.write(text);
    }

    /** Scrolls the form to the node, then clicks it: the form is taller than the screen. */
    private static void click(FxRobot robot, String query) {
        robot.interact(() -> {
            Node node = robot.lookup(query).query();
            ScrollPane form = (ScrollPane) node.getScene().lookup("#form");
            Node content = form.getContent();
            Bounds bounds = content.sceneToLocal(node.localToScene(node.getBoundsInLocal()));
            double hidden = content.getLayoutBounds().getHeight() - form.getViewportBounds().getHeight();
            form.setVvalue(hidden <= 0 ? 0 : Math.min(1, Math.max(0, bounds.getMinY() - 40) / hidden));
            form.layout();
        });
        WaitForAsyncUtils.waitForFxEvents();
        robot.clickOn(robot.lookup(query).queryAs(Node.class));
    }

    private static String error(FxRobot robot, String query) {
        Label label = robot.lookup(query).queryAs(Label.class);
        assertThat(label.isVisible()).as(query + " shows").isTrue();
        return label.getText();
    }

    /** The error lines showing, by id. */
    private static Map<String, String> visibleErrors(FxRobot robot) {
        AtomicReference<Map<String, String>> shown = new AtomicReference<>();
        robot.interact(() -> shown.set(robot.lookup(".field-error").queryAllAs(Label.class).stream()
                .filter(Node::isVisible).collect(java.util.stream.Collectors.toMap(Label::getId, Label::getText))));
        return shown.get();
    }

    private static List<String> summary(FxRobot robot) {
        AtomicReference<List<String>> entries = new AtomicReference<>();
        robot.interact(() -> entries.set(robot.lookup("#summary").queryAs(VBox.class).getChildren().stream()
                .map(node -> ((Hyperlink) node).getText()).toList()));
        return entries.get();
    }

    private static List<String> fires(FxRobot robot) {
        AtomicReference<List<String>> texts = new AtomicReference<>();
        robot.interact(() -> texts.set(robot.lookup("#fires").queryAs(VBox.class).getChildren().stream()
                .map(node -> ((Label) node).getText()).toList()));
        return texts.get();
    }
}
