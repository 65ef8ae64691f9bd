package io.redcron.desktop.runs;

import io.redcron.desktop.session.SessionAdapters;
import io.redcron.config.MysqlConfig;
import io.redcron.desktop.session.Screens;
import io.redcron.desktop.session.Session;
import io.redcron.desktop.ui.DialogService;
import io.redcron.desktop.ui.FxDialogService;
import io.redcron.desktop.ui.FxUiExecutor;
import io.redcron.desktop.ui.FxmlView;
import io.redcron.desktop.ui.ViewLoader;
import io.redcron.desktop.ui.Views;
import io.redcron.desktop.ui.Messages;
import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.Task;
import io.redcron.domain.TriggerType;
import io.redcron.port.PageRequest;
import io.redcron.port.RunFilter;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import javafx.util.Callback;
import io.redcron.testing.MysqlStores;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import redis.clients.jedis.params.XAddParams;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** The runs screen, headless, against real stores. */
@ExtendWith(ApplicationExtension.class)
class RunsViewIT {
    private static final Duration PATIENCE = Duration.ofSeconds(15);
    @RegisterExtension
    static final MysqlStores mysql = MysqlStores.freshDatabase();
    private static final MysqlConfig database = mysql.config();

    private FxUiExecutor executor;
    private Session session;
    private Scene scene;
    private RunFixtures fixtures;
    private Task task;
    private Instant day;
    private Run succeeded;
    private Run waiting;
    /** The screen's view-model, so that a test refreshes when it chooses rather than every five seconds. */
    private RunsViewModel model;

    @Start
    void start(Stage stage) {
        executor = new FxUiExecutor();
        session = RunFixtures.openSession(database);
        fixtures = RunFixtures.in(session);
        task = fixtures.task("nightly-report");
        day = Instant.now().truncatedTo(ChronoUnit.DAYS).minus(Duration.ofDays(3));
        succeeded = fixtures.ended(fixtures.queued(task, day), RunStatus.SUCCEEDED, 0, "hello from run\nall done\n");
        waiting = fixtures.queued(task, day.plus(Duration.ofHours(1)));
        scene = new Scene(view(Locale.ENGLISH), 1200, 800);
        stage.setScene(scene);
        stage.show();
    }

    @AfterEach
    void close() {
        // Takes the screen off the stage first, which stops its periodic refresh.
        new FxRobot().interact(() -> scene.setRoot(new StackPane()));
        executor.close();
        session.close();
    }

    /** Loads the screen the way the app's view loader does: the bundle, and the controller from a factory. */
    private Parent view(Locale locale) {
        Messages messages = new Messages(locale);
        Screens screens = new Screens(session, executor, messages);
        DialogService dialogs = new FxDialogService();
        AtomicReference<Views> views = new AtomicReference<>();
        Callback<Class<?>, Object> controllers = type -> type == TriggerController.class
                ? new TriggerController(screens.trigger())
                : new RunsController(model = screens.runs(), views.get(), dialogs);
        views.set(new Views() {
            @Override
            public <C> ViewLoader.Loaded<C> open(FxmlView view) {
                return new ViewLoader(messages, controllers).load(view);
            }
        });
        return views.get().open(FxmlView.RUNS).root();
    }

    @Test
    void showsTheStoredRunsAndTheOutputOfTheOneChosen(FxRobot robot) {
        TableView<RunRow> table = table(robot);
        await().atMost(PATIENCE).until(() -> table.getItems().size() == 2);
        assertThat(table.getItems()).extracting(RunRow::id).containsExactly(waiting.id(), succeeded.id());
        assertThat(robot.lookup("1-2 of 2").tryQuery()).isPresent();
        Label status = robot.lookup(".run-status-succeeded").queryAs(Label.class);
        assertThat(status.getText()).isEqualTo("Succeeded");

        clickRowOf(robot, table, succeeded.id());

        TextArea output = robot.lookup("#output").queryAs(TextArea.class);
        await().atMost(PATIENCE).until(() -> output.getText().equals("hello from run\nall done\n"));
        assertThat(robot.lookup("#detailExit").queryAs(Label.class).getText()).isEqualTo("0");
        assertThat(robot.lookup("#detailTitle").queryAs(Label.class).getText())
                .isEqualTo("Run " + succeeded.id() + " · nightly-report");
    }

    @Test
    void cancelAsksFirstThenTheRunIsCancelled(FxRobot robot) {
        TableView<RunRow> table = table(robot);
        await().atMost(PATIENCE).until(() -> table.getItems().size() == 2);
        clickRowOf(robot, table, waiting.id());
        await().atMost(PATIENCE).until(() -> !robot.lookup("#cancel").queryButton().isDisabled());

        robot.clickOn("#cancel");
        assertThat(robot.lookup(".dialog-pane .content").queryLabeled().getText())
                .startsWith("Cancel run " + waiting.id() + " of task nightly-report (Queued)?");
        robot.clickOn("Keep it");
        assertThat(session.runs().get(waiting.id()).orElseThrow().status()).isEqualTo(RunStatus.QUEUED);

        robot.clickOn("#cancel");
        robot.clickOn("Yes, cancel");

        await().atMost(PATIENCE).until(() -> robot.lookup(".run-status-cancelled").tryQuery().isPresent());
        assertThat(session.runs().get(waiting.id()).orElseThrow().status()).isEqualTo(RunStatus.CANCELLED);
        assertThat(robot.lookup("#noticeText").queryAs(Label.class).getText())
                .isEqualTo("Run " + waiting.id() + " is cancelled.");
        assertThat(robot.lookup("#cancel").queryButton().isDisabled()).isTrue();
    }

    @Test
    void aRunningRunsOutputIsFollowedLiveUntilItEnds(FxRobot robot) {
        Run running = fixtures.running(fixtures.queued(task, day.plus(Duration.ofHours(2))));
        String log = SessionAdapters.keys(session).log(running.id());
        TableView<RunRow> table = table(robot);
        robot.clickOn("#refresh");
        await().atMost(PATIENCE).until(() -> table.getItems().size() == 3);
        clickRowOf(robot, table, running.id());
        Label live = robot.lookup("#live").queryAs(Label.class);
        await().atMost(PATIENCE).until(live::isVisible);

        TextArea output = robot.lookup("#output").queryAs(TextArea.class);
        xadd(log, Map.of("out", "line one\n"));
        await().atMost(PATIENCE).until(() -> output.getText().equals("line one\n"));
        xadd(log, Map.of("out", "line two\n"));
        xadd(log, Map.of("end", "1"));

        await().atMost(PATIENCE).until(() -> !live.isVisible());
        assertThat(output.getText()).isEqualTo("line one\nline two\n");
    }

    @Test
    void triggerDialogShowsABadParameterAtItsRowThenQueuesTheRun(FxRobot robot) {
        TableView<RunRow> table = table(robot);
        await().atMost(PATIENCE).until(() -> table.getItems().size() == 2);
        robot.clickOn("#trigger");
        TextField taskField = robot.lookup("#triggerTask").queryAs(TextField.class);
        List<TextField> param = List.copyOf(robot.lookup("#paramRows .text-field").queryAllAs(TextField.class));
        robot.interact(() -> {
            taskField.setText("nightly-report");
            param.get(0).setText("1DAY");
            param.get(1).setText("2026-11-30");
        });

        robot.clickOn("Run now");
        assertThat(robot.lookup("#paramRows .danger").queryLabeled().getText())
                .startsWith("'1DAY' is not a parameter name");
        assertThat(session.runs().list(RunFilter.all(session.namespace()), PageRequest.first(10)).total()).isEqualTo(2);

        robot.interact(() -> param.get(0).setText("DAY"));
        robot.clickOn("Run now");

        Label notice = robot.lookup("#noticeText").queryAs(Label.class);
        await().atMost(PATIENCE).until(() -> notice.getText().endsWith("of task nightly-report is queued."));
        await().atMost(PATIENCE).until(() -> table.getItems().size() == 3);
        assertThat(robot.listWindows()).noneMatch(window -> window instanceof Stage dialog
                && "Trigger a task now".equals(dialog.getTitle()));
        Run manual = session.runs().list(RunFilter.all(session.namespace()).withTrigger(TriggerType.MANUAL),
                PageRequest.first(10)).items().get(0);
        assertThat(manual.params()).isEqualTo(Map.of("DAY", "2026-11-30"));
        assertThat(notice.getText()).isEqualTo("Run " + manual.id() + " of task nightly-report is queued.");

        // A worker takes it and records its output, as a node would.
        Instant now = Instant.now();
        session.runs().claim(manual.id(), "node-1", now, now.plusSeconds(30));
        session.runs().complete(manual.id(), 1, RunStatus.RUNNING, new io.redcron.port.RunOutcome(RunStatus.SUCCEEDED,
                now, 0, "report for 2026-11-30\n", null));
        robot.clickOn("#refresh");
        await().atMost(PATIENCE).until(() -> table.getItems().stream()
                .anyMatch(row -> row.run().id() == manual.id() && row.run().status() == RunStatus.SUCCEEDED));
        robot.interact(() -> table.getItems().stream().filter(row -> row.run().id() == manual.id()).findFirst()
                .ifPresent(row -> table.getSelectionModel().select(row)));
        TextArea output = robot.lookup("#output").queryAs(TextArea.class);
        await().atMost(PATIENCE).until(() -> output.getText().contains("report for 2026-11-30"));
    }

    @Test
    void aRefreshAnnouncesNewRunsWithoutMovingTheSelectedRowAndShowInsertsThem(FxRobot robot) {
        TableView<RunRow> table = table(robot);
        await().atMost(PATIENCE).until(() -> table.getItems().size() == 2);
        robot.interact(() -> table.getSelectionModel().select(1));
        assertThat(table.getSelectionModel().getSelectedItem().id()).isEqualTo(succeeded.id());

        for (int hour = 2; hour < 5; hour++) {
            fixtures.queued(task, day.plus(Duration.ofHours(hour)));
        }
        robot.interact(model::refresh);

        Label announced = robot.lookup("#newRunsText").queryAs(Label.class);
        await().atMost(PATIENCE).until(() -> announced.isVisible() && announced.getText().equals("3 new runs \u2014"));
        assertThat(table.getItems()).extracting(RunRow::id).containsExactly(waiting.id(), succeeded.id());
        assertThat(table.getSelectionModel().getSelectedIndex()).isEqualTo(1);
        assertThat(table.getSelectionModel().getSelectedItem().id()).isEqualTo(succeeded.id());

        robot.clickOn("#showNewRuns");

        await().atMost(PATIENCE).until(() -> table.getItems().size() == 5);
        assertThat(table.getSelectionModel().getSelectedItem().id()).isEqualTo(succeeded.id());
        assertThat(table.getSelectionModel().getSelectedIndex()).isEqualTo(4);
        await().atMost(PATIENCE).until(() -> !robot.lookup("#newRunsBar").queryAs(javafx.scene.Node.class).isVisible());
    }

    @Test
    void hidingATaskRemovesItsRowsUntilItsChipIsRemoved(FxRobot robot) {
        Task noisy = fixtures.task("every-10s");
        fixtures.queued(noisy, day.plus(Duration.ofHours(5)));
        TableView<RunRow> table = table(robot);
        robot.interact(model::load);
        await().atMost(PATIENCE).until(() -> table.getItems().size() == 3);

        // The row's context menu, its item fired as a click on it would (a headless robot opens no menu).
        javafx.scene.control.TableRow<?> noisyRow = robot.lookup((javafx.scene.Node node)
                -> node instanceof javafx.scene.control.TableRow<?> row && row.getItem() instanceof RunRow run
                && run.task().equals("every-10s")).queryAs(javafx.scene.control.TableRow.class);
        javafx.scene.control.MenuItem hide = noisyRow.getContextMenu().getItems().stream()
                .filter(item -> item.getStyleClass().contains("hide-task")).findFirst().orElseThrow();
        assertThat(hide.getText()).isEqualTo("Hide runs of this task");
        robot.interact(hide::fire);

        await().atMost(PATIENCE).until(() -> table.getItems().size() == 2);
        assertThat(table.getItems()).extracting(RunRow::task).containsOnly("nightly-report");
        javafx.scene.control.Button chip = robot.lookup(".hidden-task").queryAs(javafx.scene.control.Button.class);
        assertThat(chip.getText()).isEqualTo("every-10s \u00d7");

        robot.clickOn(chip);

        await().atMost(PATIENCE).until(() -> table.getItems().size() == 3);
        assertThat(robot.lookup(".hidden-task").tryQuery()).isEmpty();
    }

    @Test
    void typingPartOfATaskNameOffersTheTasksThatContainIt(FxRobot robot) {
        Task weekly = fixtures.task("weekly-report");
        fixtures.task("backup");
        Run weeklyRun = fixtures.queued(weekly, day.plus(Duration.ofHours(7)));
        TableView<RunRow> table = table(robot);
        await().atMost(PATIENCE).until(() -> table.getItems().size() == 2);

        robot.clickOn("#taskFilter").write("REPO");

        await().atMost(PATIENCE).until(() -> offered(robot).equals(List.of("nightly-report", "weekly-report")));
        robot.clickOn(robot.lookup((javafx.scene.Node node) -> node instanceof Label label
                && "weekly-report".equals(label.getText()) && label.getScene() != scene).queryAs(Label.class));

        await().atMost(PATIENCE).until(() -> table.getItems().size() == 1 && table.getItems().get(0).id() == weeklyRun.id());
        assertThat(robot.lookup("#taskFilter").queryAs(TextField.class).getText()).isEqualTo("weekly-report");
    }

    /** The task names the completion menu shows, in order. */
    private List<String> offered(FxRobot robot) {
        return robot.lookup((javafx.scene.Node node) -> node instanceof Label label && label.getScene() != scene
                && label.getScene() != null && label.getScene().getWindow() instanceof javafx.scene.control.ContextMenu
                && label.isVisible()).queryAllAs(Label.class).stream().map(Label::getText).sorted().toList();
    }

    @Test
    void chineseScreenIsInChinese(FxRobot robot) {
        robot.interact(() -> scene.setRoot(view(Locale.SIMPLIFIED_CHINESE)));
        TableView<RunRow> table = table(robot);
        await().atMost(PATIENCE).until(() -> table.getItems().size() == 2);

        assertThat(robot.lookup("运行记录").tryQuery()).isPresent();
        assertThat(robot.lookup("取消运行").tryQuery()).isPresent();
        assertThat(robot.lookup("立即触发…").tryQuery()).isPresent();
        assertThat(robot.lookup(".run-status-succeeded").queryAs(Label.class).getText()).isEqualTo("成功");
        assertThat(robot.lookup(".run-status-queued").queryAs(Label.class).getText()).isEqualTo("排队中");
        assertThat(robot.lookup("第 1-2 条，共 2 条").tryQuery()).isPresent();
        // The time column names the zone it shows, so its header only starts with the words.
        assertThat(table.getColumns()).extracting(c -> c.getText())
                .contains("任务", "状态", "退出码")
                .anyMatch(header -> header.startsWith("计划时间（"));
    }

    private void xadd(String key, Map<String, String> fields) {
        SessionAdapters.redis(session).xadd(key, XAddParams.xAddParams(), fields);
    }

    /**
     * Clicks the row of a run. The cell is looked up and clicked on the FX thread's terms: a cell
     * found first and clicked afterwards may by then have been reused for another row, or left
     * the scene, when a refresh came in between.
     */
    @Test
    void pinAsksForANoteAndTheDetailsThenSayWhoPinnedTheRunAndWhy(FxRobot robot) {
        TableView<RunRow> table = table(robot);
        await().atMost(PATIENCE).until(() -> table.getItems().size() == 2);
        clickRowOf(robot, table, succeeded.id());
        javafx.scene.control.Button pin = robot.lookup("#pin").queryButton();
        await().atMost(PATIENCE).until(() -> !pin.isDisabled());
        assertThat(pin.getText()).isEqualTo("Pin run\u2026");

        // The note is asked in a dialog that waits for its answer: pressed later, not inside the robot's call.
        javafx.application.Platform.runLater(pin::fire);
        await().atMost(PATIENCE).until(() -> robot.lookup(".dialog-pane .text-field").tryQuery().isPresent());
        assertThat(robot.lookup(".dialog-pane .header-panel .label").queryLabeled().getText())
                .isEqualTo("Keep run " + succeeded.id() + " of task nightly-report whatever the retention policy says?");
        TextField note = robot.lookup(".dialog-pane .text-field").queryAs(TextField.class);
        robot.interact(() -> note.setText("incident 4711"));
        robot.clickOn("Pin");

        Label pinned = robot.lookup("#detailPin").queryAs(Label.class);
        await().atMost(PATIENCE).until(() -> pinned.getText().startsWith("Pinned by tester on ")
                && pinned.getText().endsWith(" \u2014 incident 4711"));
        assertThat(pinned.isVisible()).isTrue();
        assertThat(session.retention().pin(succeeded.id())).hasValueSatisfying(kept ->
                assertThat(kept.note()).isEqualTo("incident 4711"));
        await().atMost(PATIENCE).until(() -> pin.getText().equals("Unpin run"));
        assertThat(robot.lookup("#noticeText").queryAs(Label.class).getText())
                .isEqualTo("Run " + succeeded.id() + " is pinned: retention keeps it.");

        robot.interact(pin::fire);

        await().atMost(PATIENCE).until(() -> pinned.getText().isEmpty());
        assertThat(pinned.isVisible()).isFalse();
        assertThat(session.retention().pin(succeeded.id())).isEmpty();
    }

    private static void clickRowOf(FxRobot robot, TableView<RunRow> table, long runId) {
        await().atMost(PATIENCE).ignoreExceptions().until(() -> {
            java.util.concurrent.atomic.AtomicReference<javafx.scene.Node> cell = new java.util.concurrent.atomic.AtomicReference<>();
            robot.interact(() -> table.lookupAll(".table-row-cell").stream()
                    .filter(node -> node instanceof javafx.scene.control.TableRow<?> row && row.getItem() instanceof RunRow item
                            && item.id() == runId)
                    .findFirst().ifPresent(cell::set));
            if (cell.get() == null || cell.get().getScene() == null) {
                return false;
            }
            robot.clickOn(cell.get());
            java.util.concurrent.atomic.AtomicBoolean chosen = new java.util.concurrent.atomic.AtomicBoolean();
            robot.interact(() -> chosen.set(table.getSelectionModel().getSelectedItem() != null
                    && table.getSelectionModel().getSelectedItem().id() == runId));
            return chosen.get();
        });
    }

    @SuppressWarnings("unchecked")
    private static TableView<RunRow> table(FxRobot robot) {
        return robot.lookup("#table").queryAs(TableView.class);
    }
}
