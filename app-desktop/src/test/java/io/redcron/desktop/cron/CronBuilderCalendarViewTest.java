package io.redcron.desktop.cron;

import io.redcron.calendar.CalendarChange;
import io.redcron.calendar.ChinaCalendar2026;
import io.redcron.desktop.ui.FxUiExecutor;
import io.redcron.desktop.ui.Messages;
import io.redcron.format.CsvCalendarReader;
import io.redcron.port.CalendarStore;
import io.redcron.schedule.CronDialect;
import io.redcron.testkit.InMemoryStores;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Labeled;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableRow;
import javafx.scene.layout.StackPane;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.matcher.control.LabeledMatchers;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The builder's preview with a business calendar chosen, headless: calendars read off the JavaFX
 * thread from a calendar store, holiday fires struck through with the reason beside them.
 */
@ExtendWith(ApplicationExtension.class)
class CronBuilderCalendarViewTest {
    private static final Duration PATIENCE = Duration.ofSeconds(10);
    private static final String NAMESPACE = "calendars";
    /** Monday 2026-09-28, 00:00 in Shanghai: the week before the National Day holiday. */
    private static final Clock BEFORE_NATIONAL_DAY = Clock.fixed(Instant.parse("2026-09-27T16:00:00Z"),
            ChinaCalendar2026.SHANGHAI);

    private final List<Optional<CronBuilderResult>> closed = new ArrayList<>();
    private final FxUiExecutor executor = new FxUiExecutor();
    private CalendarStore store;
    private Stage stage;
    private CronBuilderViewModel model;

    @Start
    void start(Stage primary) {
        stage = primary;
        store = new InMemoryStores(BEFORE_NATIONAL_DAY).calendars();
        store.importDays(NAMESPACE, new CalendarChange("cn", "China", ChinaCalendar2026.SHANGHAI, null),
                new CsvCalendarReader().read(ChinaCalendar2026.resource("cn-2026.csv")), false, "test");
        stage.setScene(new Scene(new StackPane(), 1200, 760));
        stage.show();
    }

    @AfterEach
    void close() {
        executor.close();
    }

    private void show(FxRobot robot, BuilderCalendars calendars) {
        show(robot, calendars, new Messages(Locale.ENGLISH));
    }

    private void show(FxRobot robot, BuilderCalendars calendars, Messages messages) {
        robot.interact(() -> {
            model = new CronBuilderViewModel("0 9 * * *", CronDialect.UNIX, ChinaCalendar2026.SHANGHAI,
                    messages, BEFORE_NATIONAL_DAY);
            stage.getScene().setRoot(CronBuilderDialog.load(messages, model, closed::add));
            calendars.into(model);
        });
    }

    @Test
    void aHolidayFireIsStruckThroughWithItsReasonAndOkHandsBackTheCalendar(FxRobot robot) {
        show(robot, BuilderCalendars.of(() -> store.calendars(NAMESPACE), executor));
        ComboBox<String> chooser = robot.lookup("#businessCalendar").queryComboBox();
        await().atMost(PATIENCE).until(() -> chooser.getItems().contains("cn"));
        assertThat(chooser.isVisible()).isTrue();

        robot.clickOn("#businessCalendar");
        robot.clickOn(robot.lookup(".combo-box-popup .list-cell").match(LabeledMatchers.hasText("cn")).queryLabeled());

        await().atMost(PATIENCE).until(() -> !rows(robot, true).isEmpty());
        TableRow<FireTime> holiday = rows(robot, true).get(0);
        assertThat(holiday.getItem().taskText()).startsWith("2026-10-01");
        assertThat(cellTexts(robot, holiday, ".fire-time")).isNotEmpty().allMatch(Text::isStrikethrough);
        assertThat(robot.from(holiday).lookup(".calendar-reason").queryAs(Labeled.class).getText())
                .isEqualTo("calendar cn: 2026-10-01 国庆节 (holiday)");
        assertThat(cellTexts(robot, holiday, ".calendar-reason")).noneMatch(Text::isStrikethrough);
        assertThat(holiday.getTooltip().getText()).isEqualTo("calendar cn: 2026-10-01 国庆节 (holiday)");
        TableRow<FireTime> workday = rows(robot, false).get(0);
        assertThat(workday.getItem().taskText()).startsWith("2026-09-28");
        assertThat(cellTexts(robot, workday, ".fire-time")).isNotEmpty().noneMatch(Text::isStrikethrough);

        robot.clickOn("#ok");
        assertThat(closed).hasSize(1);
        assertThat(closed.get(0).orElseThrow().calendar()).isEqualTo(
                new CalendarChoice("cn", io.redcron.calendar.CalendarMode.BUSINESS_DAYS));
    }

    @Test
    void withNothingToReadCalendarsFromTheChooserIsHiddenAndNothingIsStruck(FxRobot robot) {
        show(robot, BuilderCalendars.NONE);
        robot.interact(() -> { });

        assertThat(robot.lookup("#businessCalendarBox").query().isVisible()).isFalse();
        assertThat(rows(robot, false)).isNotEmpty();
        assertThat(rows(robot, true)).isEmpty();
    }

    @Test
    void inChineseTheChooserAndTheColumnSpeakChineseAndTheStartingCalendarIsChosen(FxRobot robot) {
        show(robot, BuilderCalendars.of(() -> store.calendars(NAMESPACE), executor),
                new Messages(Locale.SIMPLIFIED_CHINESE));
        robot.interact(() -> model.chooseCalendar(new CalendarChoice("cn",
                io.redcron.calendar.CalendarMode.SKIP_HOLIDAYS)));
        ComboBox<String> chooser = robot.lookup("#businessCalendar").queryComboBox();
        await().atMost(PATIENCE).until(() -> chooser.getItems().contains("cn") && !rows(robot, true).isEmpty());

        // the combo box's cells: the one showing its value, and its (hidden) list's
        await().atMost(PATIENCE).until(() -> robot.lookup("#calendarMode .list-cell").queryAllAs(Labeled.class).stream()
                .anyMatch(cell -> "除节假日外每天".equals(cell.getText())));
        assertThat(robot.lookup(".column-header .label").queryAllAs(Labeled.class)).extracting(Labeled::getText)
                .contains("日历跳过的原因");
        robot.clickOn("#businessCalendar");
        assertThat(robot.lookup(".combo-box-popup .list-cell").queryAllAs(Labeled.class)).extracting(Labeled::getText)
                .contains("（无）", "cn");
        robot.type(javafx.scene.input.KeyCode.ESCAPE);
        assertThat(rows(robot, true).get(0).getItem().skippedBecause()).isEqualTo("calendar cn: 2026-10-01 国庆节 (holiday)");
    }

    /** The table's filled rows that are (or are not) marked as left out by the calendar. */
    @SuppressWarnings("unchecked")
    private static List<TableRow<FireTime>> rows(FxRobot robot, boolean skipped) {
        Set<Node> found = robot.lookup("#fires .table-row-cell").queryAll();
        return found.stream().map(node -> (TableRow<FireTime>) node)
                .filter(row -> row.getItem() != null && row.getStyleClass().contains("calendar-skipped") == skipped)
                .sorted(java.util.Comparator.comparing(row -> row.getItem().taskTime()))
                .toList();
    }

    private static List<Text> cellTexts(FxRobot robot, TableRow<FireTime> row, String cells) {
        Set<Node> found = robot.from(row).lookup(cells).queryAll();
        return found.stream().filter(node -> node instanceof TableCell<?, ?>)
                .flatMap(cell -> robot.from(cell).lookup(".text").queryAll().stream())
                .filter(node -> node instanceof Text).map(Text.class::cast).toList();
    }
}
