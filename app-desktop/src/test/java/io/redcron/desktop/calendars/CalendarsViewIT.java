package io.redcron.desktop.calendars;

import io.redcron.calendar.CalendarMode;
import io.redcron.calendar.ChinaCalendar2026;
import io.redcron.desktop.session.Session;
import io.redcron.desktop.ui.DialogStage;
import io.redcron.desktop.ui.ScriptedDialogs;
import io.redcron.domain.ShellPayload;
import io.redcron.domain.Task;
import io.redcron.port.AuditEntry;
import io.redcron.port.PageRequest;
import io.redcron.schedule.CronDialect;
import io.redcron.testing.MysqlStores;
import javafx.scene.control.Label;
import javafx.scene.control.Spinner;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.ZoneOffset;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** The calendars window, headless, against the real database, opened as the main window's button opens it. */
@ExtendWith(ApplicationExtension.class)
class CalendarsViewIT {
    private static final Duration PATIENCE = Duration.ofSeconds(15);
    @RegisterExtension
    static final MysqlStores mysql = MysqlStores.freshDatabase();

    @TempDir
    Path files;
    private final ScriptedDialogs dialogs = new ScriptedDialogs();
    private DialogStage shown;
    private Session session;
    private Stage stage;

    @Start
    void start(Stage stage) {
        shown = new DialogStage(mysql.config());
        shown.start(stage, 1100, 760);
        this.stage = stage;
        session = shown.session();
        new CalendarsWindow(shown.views(screens -> new CalendarsController(screens.calendars(), dialogs)), dialogs,
                shown.messages()).open();
        shown.showNewest(dialogs);
    }

    @AfterEach
    void close() throws Exception {
        shown.close();
    }

    @Test
    void importsTheCsvFixtureShowsItsYearAddsAndRemovesABlackoutAndDeletesOnceNoTaskFollows(FxRobot robot)
            throws Exception {
        assertThat(dialogs.opened().get(0).title()).isEqualTo("Business calendars");
        Path csv = files.resolve("cn-2026.csv");
        Files.writeString(csv, ChinaCalendar2026.resource("cn-2026.csv"), StandardCharsets.UTF_8);
        robot.clickOn("#importInto").write("cn");
        dialogs.chooseFiles(csv);

        robot.clickOn("#importFile");

        Label status = robot.lookup("#calendarsStatus").queryAs(Label.class);
        await().atMost(PATIENCE).until(() -> status.getText().equals("Imported 33 holidays and 6 make-up workdays into"
                + " calendar 'cn' (years 2026; 0 earlier entries replaced)."));
        TableView<?> list = robot.lookup("#calendarList").queryTableView();
        await().atMost(PATIENCE).until(() -> list.getSelectionModel().getSelectedIndex() == 0);
        Spinner<Integer> year = robot.lookup("#year").queryAs(Spinner.class);
        robot.interact(() -> year.getValueFactory().setValue(2026));
        TableView<CalendarYear.Day> days = robot.lookup("#days").queryTableView();
        assertThat(days.getItems()).hasSize(39);
        assertThat(days.getItems().get(0)).isEqualTo(new CalendarYear.Day("2026-01-01", "Thu", "Holiday", "元旦", true));
        assertThat(robot.lookup("#summary").queryAs(Label.class).getText())
                .isEqualTo("Zone Z; weekend: Saturday, Sunday; 33 holidays and 6 make-up workdays in 2026");
        assertThat(session.audit().list(session.namespace(), "calendar:cn", PageRequest.first(10)).items())
                .extracting(AuditEntry::action).contains("calendar.import");

        robot.clickOn("#newBlackoutName").write("release freeze");
        robot.clickOn("#newBlackoutFrom").write("2026-12-20T00:00");
        robot.clickOn("#newBlackoutTo").write("2027-01-03 00:00");
        robot.clickOn("#addBlackout");
        TableView<?> blackouts = robot.lookup("#blackouts").queryTableView();
        await().atMost(PATIENCE).until(() -> blackouts.getItems().size() == 1);
        assertThat(status.getText()).isEqualTo("Added blackout \"release freeze\": 2026-12-20 00:00 – 2027-01-03 00:00 Z.");
        robot.interact(() -> blackouts.getSelectionModel().select(0));
        robot.clickOn("#removeBlackout");
        await().atMost(PATIENCE).until(() -> blackouts.getItems().isEmpty());
        assertThat(session.calendars().calendar(session.namespace(), "cn").orElseThrow().blackouts()).isEmpty();

        Task task = session.tasks().create(Task.builder().namespace(session.namespace()).name("daily-report")
                .cron("0 9 * * *").dialect(CronDialect.UNIX).zone(ZoneOffset.UTC)
                .payload(new ShellPayload("echo hi", null, Map.of())).build(), "test");
        session.calendars().bind(session.namespace(), task.id(), "cn", CalendarMode.BUSINESS_DAYS, "test");
        dialogs.answer(true);
        robot.clickOn("#deleteCalendar");
        Label error = robot.lookup("#calendarsError").queryAs(Label.class);
        await().atMost(PATIENCE).until(() -> error.getText().equals(
                "Calendar 'cn' is followed by daily-report: unbind them first."));
        assertThat(session.calendars().calendar(session.namespace(), "cn")).isPresent();

        session.calendars().unbind(session.namespace(), task.id(), "test");
        dialogs.answer(true);
        robot.clickOn("#deleteCalendar");
        await().atMost(PATIENCE).until(() -> status.getText().equals("Deleted calendar 'cn'."));
        await().atMost(PATIENCE).until(() -> list.getItems().isEmpty());
        assertThat(error.isVisible()).isFalse();
        assertThat(session.calendars().calendars(session.namespace())).isEmpty();
    }

    @Test
    void aBadFileIsRefusedNamingItsLineAndNothingIsStored(FxRobot robot) throws Exception {
        Path csv = files.resolve("bad.csv");
        Files.writeString(csv, "date,kind,name\n2026-10-01,holiday,National Day\n2026-02-30,holiday,no such day\n",
                StandardCharsets.UTF_8);
        robot.clickOn("#importInto").write("cn");
        dialogs.chooseFiles(csv);

        robot.clickOn("#importFile");

        Label error = robot.lookup("#calendarsError").queryAs(Label.class);
        await().atMost(PATIENCE).until(() -> error.getText().contains("line 3: date: '2026-02-30' is not a date"));
        assertThat(session.calendars().calendars(session.namespace())).isEmpty();
        assertThat(robot.lookup("#importInto").queryAs(TextField.class).getText()).isEqualTo("cn");
    }
}
