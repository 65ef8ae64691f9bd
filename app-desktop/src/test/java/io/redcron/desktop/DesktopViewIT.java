package io.redcron.desktop;

import io.redcron.config.MysqlConfig;
import io.redcron.desktop.connect.ProfileRepository;
import io.redcron.desktop.session.SessionFactory;
import io.redcron.desktop.tasks.TaskRow;
import io.redcron.desktop.ui.FxUiExecutor;
import io.redcron.desktop.ui.Messages;
import io.redcron.domain.ShellPayload;
import io.redcron.domain.Task;
import io.redcron.schedule.CronDialect;
import io.redcron.store.mysql.MysqlDataSources;
import io.redcron.store.mysql.MysqlTaskStore;
import io.redcron.testing.TestDatabase;
import io.redcron.testing.TestRedis;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.ZoneId;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** The real app, headless, against real stores: connect, see the tasks, switch the language. */
@ExtendWith(ApplicationExtension.class)
class DesktopViewIT {
    private static MysqlConfig database;
    private static final String NAMESPACE = TestRedis.freshNamespace();
    private static final String OTHER_NAMESPACE = TestRedis.freshNamespace();

    @TempDir
    static Path home;

    private FxUiExecutor executor;
    private AppContext context;

    @BeforeAll
    static void stores() {
        database = TestDatabase.freshSchema();
        try (var dataSource = MysqlDataSources.open(database)) {
            MysqlTaskStore tasks = new MysqlTaskStore(dataSource, Clock.systemUTC());
            for (int i = 0; i < 60; i++) {
                tasks.create(Task.builder().namespace(NAMESPACE).name(String.format("report-%02d", i))
                        .cron("0 9 * * 1-5").dialect(CronDialect.UNIX).zone(ZoneId.of("Europe/Berlin"))
                        .payload(new ShellPayload("echo report", null, Map.of())).build(), "test");
            }
            tasks.create(Task.builder().namespace(OTHER_NAMESPACE).name("billing-close").cron("0 18 * * *")
                    .dialect(CronDialect.UNIX).payload(new ShellPayload("echo close", null, Map.of())).build(), "test");
        }
    }

    @Start
    void start(Stage stage) {
        RedcronApp.applyTheme();
        executor = new FxUiExecutor();
        Scene scene = new Scene(new javafx.scene.layout.StackPane(), 1100, 700);
        context = new AppContext(executor, new io.redcron.desktop.ui.FxDialogService(), new SessionFactory("tester@desktop", Clock.systemUTC()),
                new ProfileRepository(home.resolve("profiles.json")), Optional::empty, new Messages(Locale.ENGLISH),
                changed -> scene.setRoot(changed.currentView()));
        scene.setRoot(context.currentView());
        stage.setScene(scene);
        stage.show();
    }

    @AfterEach
    void close() {
        context.close();
        executor.close();
    }

    @Test
    void connectsAndShowsTheFirstPageOfTasksWithTheirNextFire(FxRobot robot) {
        connect(robot);

        TableView<TaskRow> table = robot.lookup(".table-view").queryTableView();
        await().atMost(Duration.ofSeconds(15)).until(() -> table.getItems().size() == 50);
        TaskRow first = table.getItems().get(0);
        assertThat(first.name()).isEqualTo("report-00");
        assertThat(first.schedule()).isEqualTo("At 09:00 on Monday through Friday");
        // In the desktop's zone, with the offset, and how soon.
        assertThat(first.nextFire()).matches("\\d{4}-\\d\\d-\\d\\d \\d\\d:00:00 [+-]\\d\\d:\\d\\d \u00b7 in .+");
        await().atMost(Duration.ofSeconds(5)).until(() -> robot.lookup("1-50 of 60").tryQuery().isPresent());

        press(robot, "Next");
        await().atMost(Duration.ofSeconds(10)).until(() -> table.getItems().size() == 10);
        assertThat(table.getItems().get(0).name()).isEqualTo("report-50");

        press(robot, "Previous");
        robot.clickOn("Name");
        robot.clickOn("Name");
        await("sorted by name, descending, over all pages").atMost(Duration.ofSeconds(10))
                .until(() -> !table.getItems().isEmpty() && table.getItems().get(0).name().equals("report-59"));
        assertThat(table.getItems().get(0).lastResult()).isNull();

        // Ctrl+6: the audit log, sixth in the sidebar.
        robot.press(javafx.scene.input.KeyCode.CONTROL, javafx.scene.input.KeyCode.DIGIT6)
                .release(javafx.scene.input.KeyCode.DIGIT6, javafx.scene.input.KeyCode.CONTROL);
        await().atMost(Duration.ofSeconds(10)).until(() -> robot.lookup("Audit log").tryQuery().isPresent());
    }

    @Test
    void createsATaskInTheEditorAfterABadCronIsShownAtItsField(FxRobot robot) {
        connect(robot);
        press(robot, "New task");
        await().atMost(Duration.ofSeconds(10)).until(() -> robot.lookup("#cron").tryQuery().isPresent());

        fill(robot, "#name", "aaa-created-in-editor");
        robot.interact(() -> robot.lookup("#command").queryAs(javafx.scene.control.TextArea.class).setText("echo hi"));
        fill(robot, "#cron", "61 * * * *");
        Label cronError = robot.lookup("#cronError").queryAs(Label.class);
        assertThat(cronError.isVisible()).isTrue();
        assertThat(cronError.getText()).isEqualTo("Cron expression: minute: 61 is out of range 0-59");
        assertThat(robot.lookup("#save").queryButton().isDisabled()).as("Save says why, not greyed").isFalse();
        assertThat(robot.lookup("#save").queryButton().getTooltip().getText())
                .contains("Cron expression: minute: 61 is out of range 0-59");

        press(robot, "#buildCron");
        await().atMost(Duration.ofSeconds(10)).until(() -> robot.lookup("#expression").tryQuery().isPresent());
        robot.interact(() -> robot.lookup("#expression").queryAs(TextField.class).setText("*/5 * * * *"));
        await().atMost(Duration.ofSeconds(5)).until(() -> !robot.lookup("#ok").queryButton().isDisabled());
        robot.interact(() -> robot.lookup("#ok").queryButton().fire());
        await().atMost(Duration.ofSeconds(10)).until(() -> robot.lookup("#cron").queryAs(TextField.class).getText()
                .equals("*/5 * * * *"));
        assertThat(cronError.isVisible()).isFalse();
        press(robot, "#save");

        TableView<TaskRow> table = robot.lookup("#table").queryTableView();
        await().atMost(Duration.ofSeconds(15)).until(() -> !table.getItems().isEmpty()
                && table.getItems().get(0).name().equals("aaa-created-in-editor"));
        assertThat(table.getItems().get(0).schedule()).isEqualTo("Every 5 minutes");

        press(robot, "Audit");
        await().atMost(Duration.ofSeconds(10)).until(() -> robot.lookup("Audit log").tryQuery().isPresent());
        TableView<io.redcron.port.AuditEntry> audit = robot.lookup("#table").queryTableView();
        await().atMost(Duration.ofSeconds(10)).until(() -> audit.getItems().stream()
                .anyMatch(entry -> entry.action().equals("task.create") && entry.actor().equals("tester@desktop")
                        && entry.databaseAccount() != null && entry.after().contains("aaa-created-in-editor")));
        assertThat(robot.lookup("Database account").tryQuery()).as("the column beside Who").isPresent();
    }

    @Test
    void theNamespaceChooserListsTheNamespacesAndSwitchesTheScreenShown(FxRobot robot) {
        connect(robot);
        javafx.scene.control.ComboBox<String> chooser = robot.lookup("#namespaces").queryComboBox();
        await().atMost(Duration.ofSeconds(10)).until(() -> chooser.getItems().containsAll(
                java.util.List.of(NAMESPACE, OTHER_NAMESPACE)));

        robot.interact(() -> chooser.setValue(OTHER_NAMESPACE));

        TableView<TaskRow> table = robot.lookup(".table-view").queryTableView();
        await().atMost(Duration.ofSeconds(15)).until(() -> table.getItems().size() == 1
                && table.getItems().get(0).name().equals("billing-close"));
        robot.interact(() -> chooser.setValue("not a namespace"));
        assertThat(chooser.getValue()).as("an invalid name is not taken").isEqualTo(OTHER_NAMESPACE);
    }

    @Test
    void chineseUiShowsChineseLabelsAndDescriptions(FxRobot robot) {
        connect(robot);
        press(robot, "中文");
        WaitForAsyncUtils.waitForFxEvents();

        await().atMost(Duration.ofSeconds(15)).until(() -> robot.lookup("任务").tryQuery().isPresent());
        TableView<TaskRow> table = robot.lookup(".table-view").queryTableView();
        await().atMost(Duration.ofSeconds(15)).until(() -> !table.getItems().isEmpty());
        assertThat(table.getItems().get(0).schedule()).isEqualTo("周一至周五 09:00");
        assertThat(robot.lookup("断开连接").tryQuery()).isPresent();
    }

    @Test
    void aWrongDatabasePortGivesAVerdictNamingTheStore(FxRobot robot) {
        fill(robot, "#jdbcUrl", "jdbc:mysql://127.0.0.1:1/none");
        fill(robot, "#redisUri", TestRedis.uri());
        fill(robot, "#name", "broken");
        press(robot, "#test");

        Label mysql = robot.lookup("#mysqlVerdict").queryAs(Label.class);
        Label redis = robot.lookup("#redisVerdict").queryAs(Label.class);
        await().atMost(Duration.ofSeconds(30)).until(() -> !mysql.getText().isEmpty());
        assertThat(mysql.getText()).startsWith("✘").contains("127.0.0.1:1");
        assertThat(redis.getText()).startsWith("✔");
    }

    private void connect(FxRobot robot) {
        fill(robot, "#name", "test");
        fill(robot, "#redisUri", TestRedis.uri());
        fill(robot, "#jdbcUrl", database.jdbcUrl());
        fill(robot, "#user", database.user());
        fill(robot, "#namespace", NAMESPACE);
        if (!database.password().isEmpty()) {
            fill(robot, "#dbPassword", database.password().reveal());
        }
        press(robot, "#connect");
        await().atMost(Duration.ofSeconds(30)).until(() -> robot.lookup(".table-view").tryQuery().isPresent());
    }

    /**
     * Fires a button looked up and fired on the FX thread: a robot click looks the node up on the
     * test thread and points at it afterwards, when a view replaced meanwhile has taken it away.
     */
    private static void press(FxRobot robot, String query) {
        java.util.concurrent.atomic.AtomicReference<javafx.scene.control.ButtonBase> button =
                new java.util.concurrent.atomic.AtomicReference<>();
        robot.interact(() -> button.set(robot.lookup(query).queryAs(javafx.scene.control.ButtonBase.class)));
        // Fired later on the FX thread, not waited for: a button may open a dialog that waits for its answer.
        javafx.application.Platform.runLater(button.get()::fire);
        org.testfx.util.WaitForAsyncUtils.waitForFxEvents();
    }

    private static void fill(FxRobot robot, String query, String text) {
        TextField field = robot.lookup(query).queryAs(TextField.class);
        robot.interact(() -> field.setText(text));
    }
}
