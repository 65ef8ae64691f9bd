package io.redcron.desktop.tasks;

import io.redcron.calendar.CalendarBinding;
import io.redcron.calendar.CalendarChange;
import io.redcron.calendar.CalendarMode;
import io.redcron.calendar.ChinaCalendar2026;
import io.redcron.config.MysqlConfig;
import io.redcron.config.Secret;
import io.redcron.desktop.connect.ConnectionProfile;
import io.redcron.desktop.cron.CronBuilderDialog;
import io.redcron.desktop.session.Screens;
import io.redcron.desktop.session.Session;
import io.redcron.desktop.session.SessionFactory;
import io.redcron.desktop.ui.FxUiExecutor;
import io.redcron.desktop.ui.FxmlView;
import io.redcron.desktop.ui.Messages;
import io.redcron.desktop.ui.ViewLoader;
import io.redcron.domain.ShellPayload;
import io.redcron.domain.Task;
import io.redcron.format.CsvCalendarReader;
import io.redcron.schedule.CronDialect;
import io.redcron.testing.MysqlStores;
import io.redcron.testing.TestRedis;
import javafx.scene.Scene;
import javafx.scene.control.ComboBox;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.matcher.control.LabeledMatchers;
import org.testfx.util.WaitForAsyncUtils;

import java.time.Clock;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** The task editor's calendar field, headless, against the real database: choosing one and saving binds the task. */
@ExtendWith(ApplicationExtension.class)
class TaskEditorCalendarViewIT {
    private static final Duration PATIENCE = Duration.ofSeconds(15);
    @RegisterExtension
    static final MysqlStores mysql = MysqlStores.freshDatabase();

    private final AtomicReference<Task> saved = new AtomicReference<>();
    private FxUiExecutor executor;
    private Session session;
    private Stage stage;
    private Task task;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        executor = new FxUiExecutor();
        MysqlConfig database = mysql.config();
        session = new SessionFactory("tester", Clock.systemUTC()).open(new ConnectionProfile("t", TestRedis.uri(),
                database.jdbcUrl(), database.user(), TestRedis.freshNamespace()), database.password(), Secret.NONE);
        session.calendars().importDays(session.namespace(), new CalendarChange("cn", "China", ChinaCalendar2026.SHANGHAI,
                null), new CsvCalendarReader().read(ChinaCalendar2026.resource("cn-2026.csv")), false, "test");
        task = session.tasks().create(Task.builder().namespace(session.namespace()).name("daily-report")
                .cron("0 9 * * *").dialect(CronDialect.UNIX).zone(ChinaCalendar2026.SHANGHAI)
                .payload(new ShellPayload("echo report", null, Map.of())).build(), "test");
        Messages messages = new Messages(Locale.ENGLISH);
        Screens screens = new Screens(session, executor, messages);
        ViewLoader.Loaded<TaskEditorController> editor = new ViewLoader(messages, type -> new TaskEditorController(
                screens.taskEditor(), new CronBuilderDialog(messages, Clock.systemUTC(), screens.builderCalendars())))
                .load(FxmlView.TASK_EDITOR);
        editor.controller().onSaved(saved::set, () -> { });
        editor.controller().model().edit(task);
        stage.setScene(new Scene(editor.root(), 900, 820));
        stage.show();
    }

    @AfterEach
    void close() throws Exception {
        WaitForAsyncUtils.asyncFx(() -> stage.getScene().setRoot(new StackPane())).get();
        executor.close();
        session.close();
    }

    @Test
    void choosingACalendarAndSavingBindsTheTaskThroughTheStore(FxRobot robot) {
        ComboBox<String> calendar = robot.lookup("#calendar").queryComboBox();
        await().atMost(PATIENCE).until(() -> calendar.getItems().contains("cn"));
        assertThat(calendar.getValue()).as("the task follows none yet").isEmpty();
        assertThat(robot.lookup("#calendarMode").queryComboBox().isDisabled()).isTrue();

        robot.clickOn("#calendar");
        robot.clickOn(robot.lookup(".combo-box-popup .list-cell").match(LabeledMatchers.hasText("cn")).queryLabeled());
        robot.clickOn("#calendarMode");
        robot.clickOn(robot.lookup(".combo-box-popup .list-cell").match(LabeledMatchers.hasText("Every day but holidays"))
                .queryLabeled());
        robot.clickOn("#save");

        await().atMost(PATIENCE).until(() -> saved.get() != null);
        assertThat(session.calendars().binding(session.namespace(), task.id()))
                .contains(new CalendarBinding(task.id(), "cn", CalendarMode.SKIP_HOLIDAYS));
    }
}
