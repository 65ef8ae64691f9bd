package io.redcron.desktop.cron;

import io.redcron.desktop.ui.Messages;
import io.redcron.schedule.CronDialect;
import javafx.application.Platform;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.matcher.control.LabeledMatchers;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** The builder's window, headless: presets, typing, errors at the field, the Chinese labels. */
@ExtendWith(ApplicationExtension.class)
class CronBuilderViewTest {
    private static final ZoneId BERLIN = ZoneId.of("Europe/Berlin");
    private static final Clock JUNE = Clock.fixed(Instant.parse("2025-06-02T00:00:00Z"), ZoneId.of("Europe/London"));

    private final List<Optional<CronBuilderResult>> closed = new ArrayList<>();
    private Stage stage;
    private CronBuilderViewModel model;

    @Start
    void start(Stage primary) {
        stage = primary;
        stage.setScene(new Scene(new StackPane(), 1200, 760));
        stage.show();
        show(new Messages(Locale.ENGLISH), "0 9 * * 1-5");
    }

    private void show(Messages messages, String expression) {
        show(messages, expression, JUNE);
    }

    private void show(Messages messages, String expression, Clock clock) {
        model = new CronBuilderViewModel(expression, CronDialect.UNIX, BERLIN, messages, clock);
        stage.getScene().setRoot(CronBuilderDialog.load(messages, model, closed::add));
    }

    @Test
    void aPresetFillsInTheExpressionDescriptionAndNextFireTimes(FxRobot robot) {
        choose(robot, "#preset", "Every week on a day at");
        choose(robot, "#dayOfWeek", "Wednesday");
        robot.interact(() -> model.presetHourProperty().set(7));
        robot.clickOn("#minute .text-field").eraseText(2).write("45").type(KeyCode.ENTER);
        robot.clickOn("Use preset");

        assertThat(text(robot, "#expression")).isEqualTo("45 7 * * WED");
        assertThat(robot.lookup("#description").queryAs(Label.class).getText()).isEqualTo("At 07:45 on Wednesday, Europe/Berlin");
        TableView<FireTime> fires = robot.lookup("#fires").queryTableView();
        assertThat(fires.getItems()).hasSize(10);
        shows(robot, "2025-06-04 Wed 07:45:00 +02:00");
        shows(robot, "2025-06-04 Wed 06:45:00 +01:00");
        assertThat(robot.lookup("#hour-text").queryAs(Label.class).getText()).isEqualTo("7");
        assertThat(robot.lookup("#day-of-week-text").queryAs(Label.class).getText()).isEqualTo("WED");
    }

    @Test
    void aBadMinuteIsShownAtTheMinuteFieldAndOkIsDisabled(FxRobot robot) {
        TextField expression = robot.lookup("#expression").queryAs(TextField.class);
        robot.interact(expression::clear);
        robot.clickOn(expression).write("61 9 * * 1-5");

        Label error = robot.lookup("#minute-error").queryAs(Label.class);
        assertThat(error.isVisible()).isTrue();
        assertThat(error.getText()).isEqualTo("Minute: 61 is out of range 0-59");
        assertThat(robot.lookup("#field-minute").queryAs(Node.class).getStyleClass())
                .contains(CronFieldPicker.ERROR_STYLE);
        assertThat(robot.lookup("#field-hour").queryAs(Node.class).getStyleClass())
                .doesNotContain(CronFieldPicker.ERROR_STYLE);
        assertThat(robot.lookup("#ok").queryButton().isDisabled()).isTrue();
        assertThat(robot.lookup("#fires").queryTableView().getItems()).isEmpty();

        robot.clickOn(expression).type(KeyCode.HOME).type(KeyCode.DELETE);
        assertThat(expression.getText()).isEqualTo("1 9 * * 1-5");
        assertThat(error.isVisible()).isFalse();
        Button ok = robot.lookup("#ok").queryButton();
        assertThat(ok.isDisabled()).isFalse();
        robot.clickOn(ok);
        assertThat(closed).containsExactly(Optional.of(new CronBuilderResult("1 9 * * 1-5", CronDialect.UNIX, BERLIN)));
    }

    @Test
    void pickersAndDialectButtonsRewriteTheExpression(FxRobot robot) {
        choose(robot, "#hour-form", "Range (from-to)");
        assertThat(text(robot, "#expression")).as("a new range starts at business hours").isEqualTo("0 9-17 * * 1-5");

        robot.clickOn("#quartz");
        assertThat(text(robot, "#expression")).isEqualTo("0 0 9-17 ? * 2-6");
        assertThat(robot.lookup("#field-second").queryAs(Node.class).isVisible()).isTrue();
        assertThat(robot.lookup("#field-year").queryAs(Node.class).isVisible()).isTrue();
        shows(robot, "Days in quartz: 1 = SUN, 2 = MON … 7 = SAT (names allowed)");

        robot.clickOn("#cancel");
        assertThat(closed).containsExactly(Optional.empty());
    }

    @Test
    void chineseMessagesShowChineseLabels(FxRobot robot) {
        robot.interact(() -> show(new Messages(Locale.SIMPLIFIED_CHINESE), "0 9 * * 1-5"));

        shows(robot, "Cron 表达式生成器");
        shows(robot, "分钟");
        shows(robot, "接下来 10 次触发时间");
        assertThat(robot.lookup("#ok").queryButton().getText()).isEqualTo("确定");
        assertThat(robot.lookup("#description").queryAs(Label.class).getText()).isEqualTo("周一至周五 09:00（Europe/Berlin）");
        shows(robot, "2025-06-02 周一 09:00:00 +02:00");
    }

    @Test
    void firesNextToADaylightSavingChangeCarryAMarker(FxRobot robot) {
        Clock march = Clock.fixed(Instant.parse("2025-03-28T12:00:00Z"), ZoneId.of("Asia/Shanghai"));
        robot.interact(() -> show(new Messages(Locale.ENGLISH), "30 2 * * *", march));

        shows(robot, "⚠ 2025-03-30 Sun 03:00:00 +02:00");
        shows(robot, "2025-03-30 Sun 09:00:00 +08:00");
        shows(robot, "2025-04-01 Tue 02:30:00 +02:00");
        shows(robot, "Task time (Europe/Berlin)");
        shows(robot, "Local time (Asia/Shanghai)");
        shows(robot, "02:30 does not exist on 30 Mar 2025 in Europe/Berlin: runs at 03:00 CEST");
        shows(robot, "02:30 happens twice on 26 Oct 2025 in Europe/Berlin: runs once, at the first 02:30 CEST");
    }

    @Test
    void aPhraseInWordsBecomesTheExpressionOrSaysWhatIsUnderstood(FxRobot robot) {
        robot.clickOn("#phrase").write("every weekday at 9:30").type(KeyCode.ENTER);
        assertThat(text(robot, "#expression")).isEqualTo("30 9 * * MON-FRI");

        robot.interact(() -> robot.lookup("#phrase").queryAs(TextField.class).clear());
        robot.clickOn("#phrase").write("每月1号 0点");
        robot.clickOn("#applyPhrase");
        assertThat(text(robot, "#expression")).isEqualTo("0 0 1 * *");

        robot.interact(() -> robot.lookup("#phrase").queryAs(TextField.class).setText("whenever"));
        robot.clickOn("#applyPhrase");
        Label problem = robot.lookup("#phraseProblem").queryAs(Label.class);
        assertThat(problem.isVisible()).isTrue();
        assertThat(problem.getText()).startsWith("Not understood: \"whenever\". Try: every day at 9");
        assertThat(text(robot, "#expression")).isEqualTo("0 0 1 * *");
    }

    @Test
    void theNewControlsSpeakChinese(FxRobot robot) {
        robot.interact(() -> show(new Messages(Locale.SIMPLIFIED_CHINESE), "0 9 * * 1-5"));

        assertThat(robot.lookup("#moreFires").queryButton().getText()).isEqualTo("再显示 50 次");
        robot.interact(() -> model.phraseProperty().set("每周一 上午8点"));
        robot.clickOn("#applyPhrase");
        assertThat(text(robot, "#expression")).isEqualTo("0 8 * * MON");
        assertThat(robot.lookup("#description").queryAs(Label.class).getText()).isEqualTo("周一 08:00（Europe/Berlin）");

        robot.interact(() -> model.phraseProperty().set("每年春节"));
        robot.clickOn("#applyPhrase");
        assertThat(robot.lookup("#phraseProblem").queryAs(Label.class).getText()).startsWith("无法理解：“每年春节”。");

        robot.interact(() -> robot.lookup("#fireViews").queryAs(javafx.scene.control.TabPane.class)
                .getSelectionModel().select(1));
        shows(robot, "2025年6月");
        assertThat(robot.from(robot.lookup("#day-2025-06-02").queryAs(Node.class)).lookup("1 次").tryQuery()).isPresent();
    }

    @Test
    void presetsUnixCannotSayAreDisabledWithTheReason(FxRobot robot) {
        robot.clickOn("#preset");
        javafx.scene.control.Labeled nth = robot.lookup(".combo-box-popup .list-cell")
                .match(LabeledMatchers.hasText("Every month on the n-th weekday at — Unix cron has no # (n-th weekday);"
                        + " its two day fields match either day, not both.")).queryLabeled();
        assertThat(nth.isDisabled()).isTrue();
        robot.type(KeyCode.ESCAPE);

        robot.interact(() -> model.presetProperty().set(CronPreset.MONTHLY_ON_LAST_WEEKDAY));
        Label reason = robot.lookup("#presetProblem").queryAs(Label.class);
        assertThat(reason.isVisible()).isTrue();
        assertThat(reason.getText()).isEqualTo("Unix cron has no LW (last weekday of the month).");
        assertThat(robot.lookup("#applyPreset").queryButton().isDisabled()).isTrue();

        robot.clickOn("#quartz");
        assertThat(reason.isVisible()).isFalse();
        robot.clickOn("#applyPreset");
        assertThat(text(robot, "#expression")).isEqualTo("0 0 9 LW * ?");
    }

    @Test
    void showMoreAddsFiftyFiresAndTheCalendarShowsAMonthOfThem(FxRobot robot) {
        TableView<FireTime> fires = robot.lookup("#fires").queryTableView();
        robot.clickOn("#moreFires");
        assertThat(fires.getItems()).hasSize(60);
        assertThat(robot.lookup("#firesTitle").queryAs(Label.class).getText()).isEqualTo("Next 60 fire times");
        robot.clickOn("#moreFires");
        assertThat(fires.getItems()).hasSize(110);

        robot.interact(() -> robot.lookup("#fireViews").queryAs(javafx.scene.control.TabPane.class)
                .getSelectionModel().select(1));
        shows(robot, "June 2025");
        Node monday = robot.lookup("#day-2025-06-02").query();
        assertThat(monday.getStyleClass()).contains(FireCalendarGrid.HAS_FIRES);
        assertThat(robot.from(monday).lookup("1 fire").tryQuery()).isPresent();
        assertThat(robot.lookup("#day-2025-06-07").query().getStyleClass()).doesNotContain(FireCalendarGrid.HAS_FIRES);

        robot.clickOn("#nextMonth");
        shows(robot, "July 2025");
        assertThat(robot.lookup("#day-2025-07-31").query().getStyleClass()).contains(FireCalendarGrid.HAS_FIRES);
        robot.clickOn("#previousMonth").clickOn("#previousMonth");
        shows(robot, "May 2025");
    }

    @Test
    void secondPassFiresOfARepeatedHourAreMarkedWithALegend(FxRobot robot) {
        Clock firstPass = Clock.fixed(Instant.parse("2027-10-31T00:55:00Z"), ZoneId.of("Asia/Shanghai"));
        robot.interact(() -> show(new Messages(Locale.ENGLISH), "*/10 * * * *", firstPass));

        shows(robot, "↺ 2027-10-31 Sun 02:00:00 +01:00");
        shows(robot, "⚠ 2027-10-31 Sun 03:00:00 +01:00");
        assertThat(robot.lookup("#dstRule").queryAs(Label.class).getText()).startsWith("Daylight saving: an interval schedule");
        assertThat(robot.lookup(".field-hint").queryAllAs(Label.class)).extracting(Label::getText)
                .anyMatch(text -> text.startsWith("↺ marks a fire in the second pass"));

        robot.interact(() -> show(new Messages(Locale.SIMPLIFIED_CHINESE), "*/10 * * * *", firstPass));
        shows(robot, "↺ 2027-10-31 周日 02:00:00 +01:00");
        assertThat(robot.lookup(".field-hint").queryAllAs(Label.class)).extracting(Label::getText)
                .anyMatch(text -> text.startsWith("↺ 表示"));
    }

    @Test
    void theDialogReturnsWhatOkConfirms(FxRobot robot) {
        AtomicReference<Optional<CronBuilderResult>> result = new AtomicReference<>();
        CronBuilderDialog dialog = new CronBuilderDialog(new Messages(Locale.ENGLISH), JUNE);
        Platform.runLater(() -> result.set(dialog.show(stage, "0 9 * * 1-5", CronDialect.UNIX, BERLIN)));
        await().atMost(Duration.ofSeconds(10)).until(() -> dialogWindow().isPresent());
        Parent root = dialogWindow().orElseThrow().getScene().getRoot();

        robot.clickOn(robot.from(root).lookup("#quartz").queryAs(Node.class));
        robot.clickOn(robot.from(root).lookup("#ok").queryButton());

        await().atMost(Duration.ofSeconds(10)).until(() -> result.get() != null);
        assertThat(result.get()).contains(new CronBuilderResult("0 0 9 ? * 2-6", CronDialect.QUARTZ, BERLIN));
        assertThat(dialogWindow()).isEmpty();
    }

    private Optional<Window> dialogWindow() {
        return Window.getWindows().stream().filter(window -> window != stage && window instanceof Stage shown
                && "Cron builder".equals(shown.getTitle())).findFirst();
    }

    /** Table cells and labels appear with the next layout pulse, so wait for them. */
    private static void shows(FxRobot robot, String text) {
        await().atMost(Duration.ofSeconds(5)).until(() -> robot.lookup(text).tryQuery().isPresent());
    }

    /** Picks from a combo box's open list; the same words may also show on another combo box. */
    private static void choose(FxRobot robot, String comboBox, String item) {
        robot.clickOn(comboBox);
        robot.clickOn(robot.lookup(".combo-box-popup .list-cell").match(LabeledMatchers.hasText(item)).queryLabeled());
    }

    private static String text(FxRobot robot, String query) {
        return robot.lookup(query).queryAs(TextField.class).getText();
    }
}
