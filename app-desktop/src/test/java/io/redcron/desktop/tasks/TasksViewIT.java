package io.redcron.desktop.tasks;

import io.redcron.config.MysqlConfig;
import io.redcron.config.Secret;
import io.redcron.desktop.connect.ConnectionProfile;
import io.redcron.desktop.runs.RunsPreset;
import io.redcron.desktop.session.Screens;
import io.redcron.desktop.session.Session;
import io.redcron.desktop.session.SessionFactory;
import io.redcron.desktop.ui.FxUiExecutor;
import io.redcron.desktop.ui.Messages;
import io.redcron.desktop.ui.NoticeBar;
import io.redcron.desktop.ui.ScriptedDialogs;
import io.redcron.domain.ShellPayload;
import io.redcron.domain.Task;
import io.redcron.port.PageRequest;
import io.redcron.port.TaskFilter;
import io.redcron.schedule.CronDialect;
import io.redcron.testing.MysqlStores;
import io.redcron.testing.TestRedis;
import io.redcron.testkit.ManualClock;
import javafx.fxml.FXMLLoader;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.prefs.Preferences;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** The tasks screen, headless, against real stores: grouping with headers, completions, notices that go. */
@ExtendWith(ApplicationExtension.class)
class TasksViewIT {
    @RegisterExtension
    static final MysqlStores mysql = MysqlStores.freshDatabase();
    private static final MysqlConfig database = mysql.config();
    private static final Duration PATIENCE = Duration.ofSeconds(10);
    private static final io.redcron.desktop.ui.Views NO_EDITOR = new io.redcron.desktop.ui.Views() {
        @Override
        public <C> io.redcron.desktop.ui.ViewLoader.Loaded<C> open(io.redcron.desktop.ui.FxmlView view) {
            throw new UnsupportedOperationException("no editor in this test");
        }
    };

    private final ManualClock clock = new ManualClock(Instant.now());
    private final Preferences choices = Preferences.userRoot().node("io/redcron/desktop/test/" + UUID.randomUUID());
    private final List<RunsPreset> opened = new CopyOnWriteArrayList<>();
    private final ScriptedDialogs dialogs = new ScriptedDialogs();
    private FxUiExecutor executor;
    private Session session;
    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        executor = new FxUiExecutor();
        session = new SessionFactory("tester", clock).open(new ConnectionProfile("t", TestRedis.uri(),
                database.jdbcUrl(), database.user(), TestRedis.freshNamespace()), database.password(), Secret.NONE);
        task("load-orders", "etl", "ann", true);
        task("load-users", "etl", "zoe", false);
        task("serve-api", "web", "ann", true);
        Task declared = session.tasks().findByName(session.namespace(), "serve-api").orElseThrow();
        new io.redcron.store.mysql.MysqlManagedTaskStore(mysql.pool()).save(new io.redcron.domain.ManagedTask(
                declared.id(), session.namespace(), "web-app", "2.0", io.redcron.domain.EditPolicy.REFUSE,
                io.redcron.format.ManagedDrift.declaredForm(declared.toBuilder().cron("0 4 * * *").build()),
                Instant.now()));
        stage.setScene(new Scene(view(), 1200, 700));
        stage.show();
    }

    private void task(String name, String group, String owner, boolean enabled) {
        session.tasks().create(Task.builder().namespace(session.namespace()).name(name).group(group).owner(owner)
                .enabled(enabled).cron("0 3 * * *").dialect(CronDialect.UNIX).zone(ZoneOffset.UTC)
                .payload(new ShellPayload("echo hi", null, Map.of())).build(), "test");
    }

    /** What the app's ViewLoader does for this screen. */
    private Parent view() {
        Messages messages = new Messages(Locale.ENGLISH);
        FXMLLoader loader = new FXMLLoader(TasksController.class.getResource(
                "/io/redcron/desktop/tasks/TasksView.fxml"), messages.bundle());
        loader.setControllerFactory(type -> new TasksController(new Screens(session, executor, messages).tasks(),
                NO_EDITOR, messages, dialogs, opened::add, choices));
        try {
            return loader.load();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @AfterEach
    void close() throws Exception {
        WaitForAsyncUtils.asyncFx(() -> stage.getScene().setRoot(new StackPane())).get();
        executor.close();
        session.close();
        choices.removeNode();
    }

    @Test
    void aTaskDeclaredInCodeShowsItsApplicationAndDriftInItsRow(FxRobot robot) {
        TableView<TaskLine> table = robot.lookup("#table").queryTableView();
        await().atMost(PATIENCE).until(() -> table.getItems().size() == 3);
        javafx.scene.control.TableColumn<TaskLine, ?> managed = table.getColumns().stream()
                .filter(column -> column.getText().equals("Managed by")).findFirst().orElseThrow();

        java.util.Map<String, Object> byName = new java.util.HashMap<>();
        for (int i = 0; i < table.getItems().size(); i++) {
            if (table.getItems().get(i) instanceof TaskRow row) {
                byName.put(row.name(), managed.getCellData(i));
            }
        }
        assertThat(byName).containsEntry("serve-api", "web-app 2.0 \u00b7 drifted").containsEntry("load-orders", "\u2014");
    }

    @Test
    void groupedByGroupEachGroupHasAHeaderAndBulkActionsSkipTheHeaders(FxRobot robot) {
        TableView<TaskLine> table = robot.lookup("#table").queryTableView();
        await().atMost(PATIENCE).until(() -> table.getItems().size() == 3);
        ComboBox<GroupBy> groupBy = robot.lookup("#groupBy").queryComboBox();

        robot.interact(() -> groupBy.setValue(GroupBy.GROUP));

        await().atMost(PATIENCE).until(() -> table.getItems().size() == 5);
        assertThat(table.getItems()).extracting(line -> line instanceof TaskRow row ? row.name() : "header")
                .containsExactly("header", "load-orders", "load-users", "header", "serve-api");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(robot.lookup("etl \u2014 2 tasks, 1 disabled").tryQuery()).isPresent();
        assertThat(robot.lookup("web \u2014 1 task").tryQuery()).isPresent();
        assertThat(GroupBy.remembered(choices)).as("kept for the next start").isEqualTo(GroupBy.GROUP);

        robot.interact(() -> table.getSelectionModel().selectAll());
        robot.clickOn("#enable");

        await().atMost(PATIENCE).until(() -> noticeText(robot).equals("Enabled 3 tasks."));
        assertThat(session.tasks().list(TaskFilter.all(session.namespace()).withEnabled(false), PageRequest.first(10))
                .items()).isEmpty();
        await().atMost(PATIENCE).until(() -> robot.lookup("etl \u2014 2 tasks").tryQuery().isPresent());
    }

    @Test
    void theRememberedGroupingIsShownAtOnceAndOwnersWithoutOneAreNamed(FxRobot robot) throws Exception {
        task("no-owner", "web", "", true);
        GroupBy.OWNER.rememberIn(choices);
        WaitForAsyncUtils.asyncFx(() -> stage.getScene().setRoot(view())).get();

        TableView<TaskLine> table = robot.lookup("#table").queryTableView();
        await().atMost(PATIENCE).until(() -> table.getItems().size() == 7);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(robot.lookup("(no owner) \u2014 1 task").tryQuery()).isPresent();
        assertThat(robot.lookup("ann \u2014 2 tasks").tryQuery()).isPresent();
        assertThat(robot.lookup("zoe \u2014 1 task, 1 disabled").tryQuery()).isPresent();
    }

    @Test
    void typingInTheGroupFieldOffersTheGroupsInUseAndPickingOneFilters(FxRobot robot) {
        TableView<TaskLine> table = robot.lookup("#table").queryTableView();
        await().atMost(PATIENCE).until(() -> table.getItems().size() == 3);

        robot.clickOn("#group").write("W");

        await().atMost(PATIENCE).until(() -> robot.lookup(".completions .label").tryQuery().isPresent());
        List<String> offered = robot.lookup(".completions .label").queryAllAs(Label.class).stream()
                .map(Label::getText).toList();
        assertThat(offered).containsExactly("web");
        robot.eraseText(1).write("T");
        await().atMost(PATIENCE).until(() -> robot.lookup(".completions .label").queryAllAs(Label.class).stream()
                .map(Label::getText).toList().equals(List.of("etl")));
        robot.clickOn("etl");

        assertThat(robot.lookup("#group").queryAs(TextField.class).getText()).isEqualTo("etl");
        await().atMost(PATIENCE).until(() -> table.getItems().size() == 2);
        assertThat(table.getItems()).extracting(line -> ((TaskRow) line).name()).containsExactly("load-orders", "load-users");
    }

    @Test
    void theTextFilterAppliesWithoutEnter(FxRobot robot) {
        TableView<TaskLine> table = robot.lookup("#table").queryTableView();
        await().atMost(PATIENCE).until(() -> table.getItems().size() == 3);

        robot.clickOn("#search").write("LOAD");

        await().atMost(PATIENCE).until(() -> table.getItems().size() == 2);
    }

    @Test
    void aNoticeShowsItsAgeThenGoesAndRunNowLinksToTheRun(FxRobot robot) {
        TableView<TaskLine> table = robot.lookup("#table").queryTableView();
        await().atMost(PATIENCE).until(() -> table.getItems().size() == 3);
        NoticeBar bar = robot.lookup("#notice").queryAs(NoticeBar.class);
        assertThat(bar.isVisible()).isFalse();

        robot.interact(() -> table.getSelectionModel().select(2));
        dialogs.answer(true);
        robot.clickOn("#runNow");

        await().atMost(PATIENCE).until(() -> noticeText(robot).startsWith("Started run "));
        robot.clickOn("Open runs");
        assertThat(opened).hasSize(1);
        assertThat(opened.get(0).taskName()).isEqualTo("serve-api");
        assertThat(opened.get(0).runId()).isNotNull();

        clock.advance(Duration.ofSeconds(15));
        await().atMost(PATIENCE).until(() -> noticeText(robot).endsWith(" \u00b7 15 s ago"));
        clock.advance(Duration.ofSeconds(50));
        await().atMost(PATIENCE).until(() -> !bar.isVisible());

        robot.clickOn("#enable");
        await().atMost(PATIENCE).until(() -> noticeText(robot).equals("Enabled 1 task.") && bar.isVisible());
        robot.clickOn("#noticeClose");
        await().atMost(PATIENCE).until(() -> !bar.isVisible());
    }

    private static String noticeText(FxRobot robot) {
        return robot.lookup("#noticeText").queryAs(Label.class).getText();
    }
}
