package io.redcron.desktop.dashboard;

import static io.redcron.desktop.dashboard.DashboardViewModelIT.NOW;
import static io.redcron.desktop.dashboard.DashboardViewModelIT.at;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.awaitility.Awaitility.await;

import com.zaxxer.hikari.HikariDataSource;
import io.redcron.desktop.ui.FxUiExecutor;
import io.redcron.desktop.runs.RunsPreset;
import io.redcron.desktop.ui.Messages;
import io.redcron.domain.RunStatus;
import io.redcron.store.mysql.MysqlRunStatistics;
import io.redcron.testing.TestDatabase;
import javafx.fxml.FXMLLoader;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.StackedAreaChart;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.skin.TableColumnHeader;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.time.Duration;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;

/** The dashboard, headless, against a real database. */
@ExtendWith(ApplicationExtension.class)
class DashboardViewIT {
    private static final Duration PATIENCE = Duration.ofSeconds(15);
    private static HikariDataSource pool;

    private FxUiExecutor executor;
    private RunHistory history;
    private Stage stage;
    private DashboardController controller;
    private final List<RunsPreset> opened = new CopyOnWriteArrayList<>();

    @BeforeAll
    static void openDatabase() {
        pool = TestDatabase.freshDataSource();
    }

    @AfterAll
    static void closeDatabase() {
        pool.close();
    }

    @Start
    void start(Stage stage) {
        this.stage = stage;
        executor = new FxUiExecutor();
        history = new RunHistory(pool);
        DashboardViewModelIT.record(history);
        stage.setScene(new Scene(view(Locale.ENGLISH), 1200, 780));
        stage.show();
    }

    /** What the app's ViewLoader does for this screen once it is listed in FxmlView. */
    private Parent view(Locale locale) {
        Messages messages = DashboardViewModelIT.messages(locale);
        DashboardViewModel model = new DashboardViewModel(new MysqlRunStatistics(pool), history.namespace(),
                Clock.fixed(NOW, ZoneOffset.UTC), executor, messages, ZoneOffset.UTC);
        FXMLLoader loader = new FXMLLoader(DashboardController.class.getResource(
                "/io/redcron/desktop/dashboard/DashboardView.fxml"), messages.bundle());
        loader.setControllerFactory(type -> new DashboardController(model, opened::add));
        try {
            Parent root = loader.load();
            controller = loader.getController();
            return root;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @AfterEach
    void close() throws Exception {
        // Taking the view off the stage stops its refresh before the executor goes away.
        WaitForAsyncUtils.asyncFx(() -> stage.getScene().setRoot(new StackPane())).get();
        executor.close();
    }

    @Test
    void chartsTilesAndFailingTasksOfTheLastHour(FxRobot robot) {
        StackedAreaChart<Number, Number> runs = robot.lookup("#runsChart").queryAs(StackedAreaChart.class);
        Label rate = robot.lookup("#successRate").queryAs(Label.class);
        await().atMost(PATIENCE).until(() -> rate.getText().equals("60.0%"));

        assertThat(runs.getData()).hasSize(5);
        XYChart.Series<Number, Number> succeeded = runs.getData().get(0);
        assertThat(succeeded.getName()).isEqualTo("Succeeded");
        // A step per minute, two points each.
        assertThat(succeeded.getData()).hasSize(120);
        assertThat(succeeded.getData()).filteredOn(d -> d.getYValue().doubleValue() > 0).hasSize(6);
        assertThat(robot.lookup(".chart-legend-item").queryAllAs(Label.class)).extracting(Label::getText)
                .contains("Succeeded", "Failed", "Timed out", "Cancelled", "Skipped", "p50", "p95");
        assertThat(runs.getTitle()).isEqualTo("Ended runs by status, per 1 min of scheduled time");
        LineChart<Number, Number> durations = robot.lookup("#durationsChart").queryAs(LineChart.class);
        assertThat(durations.getData().get(1).getData()).hasSize(4);
        LineChart<Number, Number> lateness = robot.lookup("#latenessChart").queryAs(LineChart.class);
        assertThat(lateness.getData().get(0).getData()).hasSize(4);
        assertThat(text(robot, "#durationMedian")).isEqualTo("3.0 s");
        assertThat(text(robot, "#latenessMedian")).isEqualTo("600 ms");
        assertThat(text(robot, "#ended")).isEqualTo("6");
        assertThat(robot.lookup("09:40").tryQuery()).isPresent();

        TableView<FailingRow> failing = robot.lookup("#failingTable").queryTableView();
        assertThat(failing.getItems()).extracting(FailingRow::task, FailingRow::failures)
                .containsExactly(tuple("backup", 2L));
        assertThat(robot.lookup("disk full").tryQuery()).isPresent();
        assertThat(robot.lookup("2030-03-01 10:10:04").tryQuery()).isPresent();
    }

    @Test
    void anotherWindowAndARefreshShowWhatChanged(FxRobot robot) {
        StackedAreaChart<Number, Number> runs = robot.lookup("#runsChart").queryAs(StackedAreaChart.class);
        Label rate = robot.lookup("#successRate").queryAs(Label.class);
        await().atMost(PATIENCE).until(() -> rate.getText().equals("60.0%"));

        robot.clickOn("Last 6 hours");

        await().atMost(PATIENCE).until(() -> runs.getData().get(0).getData().size() == 2 * 72);
        await().atMost(PATIENCE).until(() -> rate.getText().equals("66.7%"));
        assertThat(runs.getTitle()).contains("per 5 min");

        history.ran(history.task("import"), at("10:15:00"), Duration.ZERO, Duration.ofSeconds(1),
                RunStatus.TIMED_OUT, "timed out after 1s");
        robot.clickOn("#refresh");

        TableView<FailingRow> failing = robot.lookup("#failingTable").queryTableView();
        await().atMost(PATIENCE).until(() -> failing.getItems().size() == 2);
        assertThat(failing.getItems()).extracting(FailingRow::task).containsExactly("backup", "import");
        assertThat(text(robot, "#endedDetail")).isEqualTo("2 failed · 1 timed out · 0 cancelled · 1 skipped");
    }

    @Test
    void refreshesOnlyWhileShown(FxRobot robot) {
        DashboardController shown = controller;
        assertThat(shown.refreshing()).isTrue();

        robot.interact(() -> stage.getScene().setRoot(new StackPane()));

        assertThat(shown.refreshing()).isFalse();
    }

    @Test
    void chineseScreenIsInChinese(FxRobot robot) {
        robot.interact(() -> stage.getScene().setRoot(view(Locale.SIMPLIFIED_CHINESE)));
        Label rate = robot.lookup("#successRate").queryAs(Label.class);
        await().atMost(PATIENCE).until(() -> rate.getText().equals("60.0%"));

        assertThat(robot.lookup("仪表盘").tryQuery()).isPresent();
        assertThat(robot.lookup("成功率").tryQuery()).isPresent();
        assertThat(robot.lookup("触发延迟").tryQuery()).isPresent();
        assertThat(robot.lookup("失败的任务").tryQuery()).isPresent();
        assertThat(robot.lookup("最近 6 小时").tryQuery()).isPresent();
        assertThat(text(robot, "#latenessMedian")).isEqualTo("600 毫秒");
        assertThat(robot.lookup(".chart-legend-item").queryAllAs(Label.class)).extracting(Label::getText)
                .contains("成功", "失败", "超时", "已取消", "已跳过");
        TableView<FailingRow> failing = robot.lookup("#failingTable").queryTableView();
        assertThat(failing.getColumns()).extracting(TableColumn::getText)
                .containsExactly("任务", "失败次数", "最近失败", "最近错误");
    }

    @Test
    void thePerTaskTableListsEachTaskWithItsOwnP95SortsAndOpensATasksRuns(FxRobot robot) {
        TableView<TaskFiguresRow> perTask = robot.lookup("#perTaskTable").queryTableView();
        await().atMost(PATIENCE).until(() -> perTask.getItems().size() == 2);
        assertThat(perTask.getItems()).extracting(TaskFiguresRow::task, row -> row.durationP95().text())
                .containsExactly(tuple("report", "6.0 s"), tuple("backup", "3.0 s"));
        showTables(robot);
        robot.clickOn("Per task");

        robot.clickOn(header(robot, perTask, "#perTaskRunsColumn"));
        assertThat(perTask.getItems()).extracting(TaskFiguresRow::task).containsExactly("backup", "report");
        robot.clickOn(header(robot, perTask, "#perTaskRunsColumn"));
        assertThat(perTask.getItems()).extracting(TaskFiguresRow::task).containsExactly("report", "backup");
        robot.clickOn(header(robot, perTask, "#durationP95Column"));
        assertThat(perTask.getItems()).extracting(TaskFiguresRow::task).containsExactly("backup", "report");

        robot.clickOn(robot.from(perTask).lookup("backup").<Node>query());
        robot.type(KeyCode.ENTER);

        assertThat(opened).containsExactly(RunsPreset.ofTask("backup"));
    }

    @Test
    void aSlowRunDoubleClickedOpensTheRunsScreenOnThatRun(FxRobot robot) {
        TableView<SlowRunRow> slow = robot.lookup("#slowRunsTable").queryTableView();
        TableView<TaskFiguresRow> perTask = robot.lookup("#perTaskTable").queryTableView();
        await().atMost(PATIENCE).until(() -> perTask.getItems().size() == 2);
        assertThat(slow.getItems()).isEmpty();
        DashboardViewModelIT.recordSlowRun(history);

        robot.clickOn("#refresh");

        await().atMost(PATIENCE).until(() -> slow.getItems().size() == 1);
        showTables(robot);
        robot.clickOn("Slow runs (1)");
        assertThat(robot.from(slow).lookup("\u00d712.0 its median").tryQuery()).isPresent();
        assertThat(robot.from(slow).lookup("2030-03-01 10:15:30 +00:00").tryQuery()).isPresent();
        assertThat(slow.getColumns()).extracting(TableColumn::getText).contains("Scheduled (UTC)");

        robot.doubleClickOn(robot.from(slow).lookup("ticker").<Node>query());

        assertThat(opened).containsExactly(RunsPreset.ofRun("ticker", slow.getItems().get(0).runId()));
    }

    /** Scrolls the screen to its end, where the tables are. */
    private static void showTables(FxRobot robot) {
        ScrollPane screen = robot.lookup(node -> node instanceof ScrollPane).query();
        robot.interact(() -> screen.setVvalue(screen.getVmax()));
    }

    private static Node header(FxRobot robot, TableView<?> table, String columnId) {
        return robot.from(table).lookup(".column-header").queryAll().stream()
                .filter(node -> node instanceof TableColumnHeader header && header.getTableColumn() != null
                        && ("#" + header.getTableColumn().getId()).equals(columnId))
                .findFirst().orElseThrow();
    }

    private static String text(FxRobot robot, String query) {
        Node node = robot.lookup(query).query();
        return ((Label) node).getText();
    }
}
