package io.redcron.desktop.cron;

import io.redcron.desktop.ui.Messages;
import io.redcron.schedule.CronDialect;
import io.redcron.schedule.CronSchedule;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

import java.time.Clock;
import java.time.DayOfWeek;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

import static io.redcron.schedule.CronDialect.QUARTZ;
import static io.redcron.schedule.CronDialect.SPRING;
import static io.redcron.schedule.CronDialect.UNIX;
import static org.assertj.core.api.Assertions.assertThat;

class CronBuilderViewModelTest {
    private static final ZoneId BERLIN = ZoneId.of("Europe/Berlin");
    private static final ZoneId SHANGHAI = ZoneId.of("Asia/Shanghai");
    private static final Messages ENGLISH = new Messages(Locale.ENGLISH);
    private static final Clock JUNE = Clock.fixed(Instant.parse("2025-06-02T00:00:00Z"), ZoneId.of("Europe/London"));

    private static CronBuilderViewModel model(String expression, CronDialect dialect) {
        return new CronBuilderViewModel(expression, dialect, BERLIN, ENGLISH, JUNE);
    }

    static Stream<Arguments> presets() {
        return Stream.of(
                Arguments.of(CronPreset.EVERY_N_SECONDS, null, "*/15 * * * * ?", "*/15 * * * * *"),
                Arguments.of(CronPreset.EVERY_N_MINUTES, "*/15 * * * *", "0 */15 * * * ?", "0 */15 * * * *"),
                Arguments.of(CronPreset.BUSINESS_HOURS, "*/15 9-17 * * MON-FRI", "0 */15 9-17 ? * MON-FRI",
                        "0 */15 9-17 * * MON-FRI"),
                Arguments.of(CronPreset.HOURLY, "30 * * * *", "0 30 * * * ?", "0 30 * * * *"),
                Arguments.of(CronPreset.DAILY, "30 9 * * *", "0 30 9 * * ?", "0 30 9 * * *"),
                Arguments.of(CronPreset.WEEKDAYS, "30 9 * * MON-FRI", "0 30 9 ? * MON-FRI", "0 30 9 * * MON-FRI"),
                Arguments.of(CronPreset.WEEKLY, "30 9 * * WED", "0 30 9 ? * WED", "0 30 9 * * WED"),
                Arguments.of(CronPreset.MONTHLY_ON_DAY, "30 9 15 * *", "0 30 9 15 * ?", "0 30 9 15 * *"),
                Arguments.of(CronPreset.MONTHLY_ON_LAST_DAY, null, "0 30 9 L * ?", "0 30 9 L * *"),
                Arguments.of(CronPreset.MONTHLY_ON_LAST_WEEKDAY, null, "0 30 9 LW * ?", "0 30 9 LW * *"),
                Arguments.of(CronPreset.MONTHLY_ON_NTH_WEEKDAY, null, "0 30 9 ? * WED#2", "0 30 9 * * WED#2"),
                Arguments.of(CronPreset.YEARLY, "30 9 15 6 *", "0 30 9 15 6 ?", "0 30 9 15 6 *"));
    }

    @ParameterizedTest
    @MethodSource("presets")
    void eachPresetWritesItsExpressionInEachDialect(CronPreset preset, String unix, String quartz, String spring) {
        Map<CronDialect, String> expected = new EnumMap<>(CronDialect.class);
        expected.put(UNIX, unix);
        expected.put(QUARTZ, quartz);
        expected.put(SPRING, spring);
        for (CronDialect dialect : CronDialect.values()) {
            CronBuilderViewModel model = model("0 0 1 1 *", UNIX);
            model.dialectProperty().set(dialect);
            String before = model.expressionProperty().get();
            model.presetProperty().set(preset);
            model.presetIntervalProperty().set(15);
            model.presetHourProperty().set(9);
            model.presetMinuteProperty().set(30);
            model.presetDayOfWeekProperty().set(DayOfWeek.WEDNESDAY);
            model.presetDayOfMonthProperty().set(15);
            model.presetOccurrenceProperty().set(2);
            model.presetMonthProperty().set(6);
            model.applyPreset();

            String wanted = expected.get(dialect);
            assertThat(preset.availableIn(dialect)).as("%s in %s", preset, dialect).isEqualTo(wanted != null);
            assertThat(model.expressionProperty().get()).as("%s in %s", preset, dialect)
                    .isEqualTo(wanted == null ? before : wanted);
            assertThat(model.validProperty().get()).isTrue();
        }
    }

    @Test
    void presetsMeanTheSameTimesInEveryDialect() {
        for (CronDialect dialect : List.of(QUARTZ, SPRING)) {
            CronBuilderViewModel model = model("", dialect);
            model.presetProperty().set(CronPreset.MONTHLY_ON_NTH_WEEKDAY);
            model.presetDayOfWeekProperty().set(DayOfWeek.FRIDAY);
            model.presetOccurrenceProperty().set(3);
            model.presetHourProperty().set(18);
            model.applyPreset();

            ZonedDateTime first = model.fires().get(0).taskTime();
            assertThat(first.toLocalDateTime()).as(dialect.id()).hasToString("2025-06-20T18:00");
        }
        CronBuilderViewModel weekly = model("", UNIX);
        weekly.presetProperty().set(CronPreset.WEEKLY);
        weekly.presetDayOfWeekProperty().set(DayOfWeek.SUNDAY);
        weekly.applyPreset();
        assertThat(weekly.expressionProperty().get()).isEqualTo("0 9 * * SUN");
        assertThat(weekly.fires().get(0).taskTime().toLocalDateTime()).hasToString("2025-06-08T09:00");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "QUARTZ | 0 */15 9-17 * * ?",
            "QUARTZ | 0 0 12 ? * MON-FRI",
            "QUARTZ | 0 0 0 L * ?",
            "QUARTZ | 0 0 0 L-3 * ?",
            "QUARTZ | 0 0 18 LW * ?",
            "QUARTZ | 0 0 9 15W * ?",
            "QUARTZ | 0 0 12 ? * 6#3",
            "QUARTZ | 0 0 12 ? * 6L",
            "QUARTZ | 0 15 10 ? * * 2030-2035",
            "QUARTZ | 0 0 8 1,15 JAN-MAR ?",
            "QUARTZ | */20 * * * * ?",
            "UNIX | 30 9 * * 1-5",
            "UNIX | */5 * * * *",
            "UNIX | 5-59/10 * * * *",
            "UNIX | 0 0 1,15 * *",
            "UNIX | 0 22 * * SAT,SUN",
            "UNIX | 0 0 1 JAN *",
            "SPRING | 0 0 9 * * MON-FRI",
            "SPRING | 0 0 0 L * *",
            "SPRING | */10 * * * * *",
            "SPRING | 0 0 12 * JAN,JUL *",
            "SPRING | 0 30 7 ? * 1#1",
    })
    void everyFieldOfCommonExpressionsHasAPickerThatWritesItBack(CronDialect dialect, String expression) {
        CronBuilderViewModel model = model(expression, dialect);
        assertThat(model.validProperty().get()).as(expression).isTrue();

        for (CronPart part : CronPart.values()) {
            CronFieldModel field = model.field(part);
            assertThat(field.presentProperty().get()).isEqualTo(part.existsIn(dialect));
            if (!part.existsIn(dialect)) {
                continue;
            }
            FieldForm form = field.formProperty().get();
            assertThat(form).as("%s of %s", part, expression).isNotEqualTo(FieldForm.CUSTOM);
            assertThat(field.write()).isEqualTo(field.textProperty().get());
            if (dialect == QUARTZ && (part == CronPart.DAY_OF_MONTH || part == CronPart.DAY_OF_WEEK)) {
                continue; // leaving its form would move quartz's '?' to the other day field
            }
            // Away and back through the picker: the field is written from the picker's own values.
            field.formProperty().set(form == FieldForm.EVERY ? FieldForm.LIST : FieldForm.EVERY);
            field.formProperty().set(form);
            assertThat(model.expressionProperty().get()).as("%s of %s", part, expression).isEqualTo(expression);
        }
    }

    @Test
    void picksShowTheFieldsValues() {
        CronBuilderViewModel model = model("0 */15 9-17 * * ?", QUARTZ);

        assertThat(model.field(CronPart.SECOND).formProperty().get()).isEqualTo(FieldForm.LIST);
        assertThat(model.field(CronPart.SECOND).listProperty().get()).isEqualTo("0");
        assertThat(model.field(CronPart.MINUTE).formProperty().get()).isEqualTo(FieldForm.STEP);
        assertThat(model.field(CronPart.MINUTE).fromProperty().get()).isZero();
        assertThat(model.field(CronPart.MINUTE).stepProperty().get()).isEqualTo(15);
        assertThat(model.field(CronPart.HOUR).formProperty().get()).isEqualTo(FieldForm.RANGE);
        assertThat(model.field(CronPart.HOUR).fromProperty().get()).isEqualTo(9);
        assertThat(model.field(CronPart.HOUR).toProperty().get()).isEqualTo(17);
        assertThat(model.field(CronPart.DAY_OF_MONTH).formProperty().get()).isEqualTo(FieldForm.EVERY);
        assertThat(model.field(CronPart.DAY_OF_WEEK).formProperty().get()).isEqualTo(FieldForm.ANY);

        model.expressionProperty().set("0 0 12 ? * 6#3");
        CronFieldModel days = model.field(CronPart.DAY_OF_WEEK);
        assertThat(days.formProperty().get()).isEqualTo(FieldForm.NTH);
        assertThat(days.fromProperty().get()).isEqualTo(6);
        assertThat(days.nProperty().get()).isEqualTo(3);
        assertThat(model.descriptionProperty().get()).isEqualTo(
                CronSchedule.parse("0 0 12 ? * 6#3", QUARTZ).describe(Locale.ENGLISH) + ", Europe/Berlin");
    }

    @Test
    void changingAPickerRewritesOnlyItsField() {
        CronBuilderViewModel model = model("30 9 * * 1-5", UNIX);

        model.field(CronPart.HOUR).toProperty().set(17);
        model.field(CronPart.HOUR).formProperty().set(FieldForm.RANGE);
        assertThat(model.expressionProperty().get()).isEqualTo("30 9-17 * * 1-5");

        model.field(CronPart.MINUTE).formProperty().set(FieldForm.STEP);
        model.field(CronPart.MINUTE).fromProperty().set(0);
        model.field(CronPart.MINUTE).stepProperty().set(20);
        assertThat(model.expressionProperty().get()).isEqualTo("*/20 9-17 * * 1-5");

        model.field(CronPart.DAY_OF_WEEK).toProperty().set(3);
        assertThat(model.expressionProperty().get()).isEqualTo("*/20 9-17 * * 1-3");
        assertThat(model.fires().get(0).taskTime().toLocalDateTime()).hasToString("2025-06-02T09:00");
    }

    @Test
    void textNoPickerCanShowIsKeptAndMarkedCustom() {
        CronBuilderViewModel model = model("0 9-17/2 * * MON,WED-FRI", UNIX);

        CronFieldModel hours = model.field(CronPart.HOUR);
        assertThat(hours.isCustom()).isTrue();
        assertThat(hours.textProperty().get()).isEqualTo("9-17/2");
        assertThat(hours.choices()).contains(FieldForm.CUSTOM);
        assertThat(model.field(CronPart.DAY_OF_WEEK).isCustom()).isTrue();
        assertThat(model.field(CronPart.MINUTE).isCustom()).isFalse();

        model.field(CronPart.MINUTE).listProperty().set("15");
        assertThat(model.expressionProperty().get()).isEqualTo("15 9-17/2 * * MON,WED-FRI");
        assertThat(model.validProperty().get()).isTrue();

        model.field(CronPart.HOUR).formProperty().set(FieldForm.EVERY);
        model.field(CronPart.HOUR).formProperty().set(FieldForm.CUSTOM);
        assertThat(model.expressionProperty().get()).isEqualTo("15 9-17/2 * * MON,WED-FRI");

        model.expressionProperty().set("*/90 * * * *");
        assertThat(model.field(CronPart.MINUTE).isCustom()).as("a step no picker offers").isTrue();
        model.expressionProperty().set("05-10 * * * *");
        assertThat(model.field(CronPart.MINUTE).isCustom()).as("a picker would write 5-10").isTrue();
    }

    @Test
    void anInvalidFieldIsReportedAtThatField() {
        CronBuilderViewModel model = model("30 9 * * 1-5", UNIX);

        model.expressionProperty().set("61 9 * * 1-5");

        assertThat(model.validProperty().get()).isFalse();
        assertThat(model.errorPartProperty().get()).isEqualTo(CronPart.MINUTE);
        assertThat(model.field(CronPart.MINUTE).errorProperty().get()).startsWith("Minute: ").contains("61");
        assertThat(model.field(CronPart.HOUR).errorProperty().get()).isEmpty();
        assertThat(model.expressionErrorProperty().get()).isEmpty();
        assertThat(model.fires()).isEmpty();
        assertThat(model.descriptionProperty().get()).isEmpty();
        assertThat(model.result()).isEmpty();
        assertThat(model.field(CronPart.MINUTE).isCustom()).isTrue();

        model.expressionProperty().set("0 0 L * *");
        assertThat(model.errorPartProperty().get()).isEqualTo(CronPart.DAY_OF_MONTH);
        assertThat(model.field(CronPart.MINUTE).errorProperty().get()).isEmpty();
        assertThat(model.field(CronPart.DAY_OF_MONTH).errorProperty().get()).contains("unix");

        model.expressionProperty().set("0 0 * *");
        assertThat(model.errorPartProperty().get()).isNull();
        assertThat(model.expressionErrorProperty().get()).contains("5 fields");

        model.expressionProperty().set("0 0 * * *");
        assertThat(model.validProperty().get()).isTrue();
        assertThat(model.result()).contains(new CronBuilderResult("0 0 * * *", UNIX, BERLIN));
    }

    @Test
    void quartzWantsAQuestionMarkInExactlyOneDayField() {
        CronBuilderViewModel model = model("0 0 12 * * ?", QUARTZ);

        model.field(CronPart.DAY_OF_WEEK).listProperty().set("MON");
        model.field(CronPart.DAY_OF_WEEK).formProperty().set(FieldForm.LIST);
        assertThat(model.expressionProperty().get()).isEqualTo("0 0 12 ? * MON");
        assertThat(model.field(CronPart.DAY_OF_MONTH).formProperty().get()).isEqualTo(FieldForm.ANY);

        model.field(CronPart.DAY_OF_MONTH).formProperty().set(FieldForm.LAST_DAY);
        assertThat(model.expressionProperty().get()).isEqualTo("0 0 12 L * ?");

        model.field(CronPart.DAY_OF_MONTH).formProperty().set(FieldForm.ANY);
        assertThat(model.expressionProperty().get()).isEqualTo("0 0 12 ? * *");
        assertThat(model.validProperty().get()).isTrue();

        model.expressionProperty().set("0 0 12 * * MON");
        assertThat(model.validProperty().get()).isFalse();
        assertThat(model.errorPartProperty().get()).isEqualTo(CronPart.DAY_OF_WEEK);
        assertThat(model.field(CronPart.DAY_OF_WEEK).errorProperty().get()).contains("'?'");
    }

    @Test
    void switchingDialectRewritesTheFieldsAndKeepsTheTimes() {
        CronBuilderViewModel model = model("30 9 * * 1-5", UNIX);
        List<Instant> unixTimes = fireInstants(model);
        assertThat(model.field(CronPart.SECOND).presentProperty().get()).isFalse();

        model.dialectProperty().set(QUARTZ);
        assertThat(model.expressionProperty().get()).isEqualTo("0 30 9 ? * 2-6");
        assertThat(model.field(CronPart.SECOND).presentProperty().get()).isTrue();
        assertThat(model.field(CronPart.YEAR).presentProperty().get()).isTrue();
        assertThat(model.field(CronPart.DAY_OF_WEEK).lowProperty().get()).isEqualTo(1);
        assertThat(fireInstants(model)).isEqualTo(unixTimes);

        model.dialectProperty().set(SPRING);
        assertThat(model.expressionProperty().get()).isEqualTo("0 30 9 ? * 1-5");
        assertThat(model.field(CronPart.YEAR).presentProperty().get()).isFalse();
        assertThat(fireInstants(model)).isEqualTo(unixTimes);

        model.dialectProperty().set(UNIX);
        assertThat(model.expressionProperty().get()).isEqualTo("30 9 * * 1-5");
        assertThat(fireInstants(model)).isEqualTo(unixTimes);
    }

    @Test
    void switchingDialectDropsWhatTheTargetCannotHaveAndPointsAtWhatItCannotSay() {
        CronBuilderViewModel model = model("15 */10 * * * ? 2030", QUARTZ);
        model.dialectProperty().set(UNIX);
        assertThat(model.expressionProperty().get()).isEqualTo("*/10 * * * *");

        model.dialectProperty().set(QUARTZ);
        assertThat(model.expressionProperty().get()).isEqualTo("0 */10 * * * ?");

        model.expressionProperty().set("0 0 12 L * ?");
        model.dialectProperty().set(UNIX);
        assertThat(model.expressionProperty().get()).isEqualTo("0 12 L * *");
        assertThat(model.errorPartProperty().get()).isEqualTo(CronPart.DAY_OF_MONTH);

        model.expressionProperty().set("0 12 1 * 1");
        model.dialectProperty().set(QUARTZ);
        assertThat(model.expressionProperty().get()).isEqualTo("0 0 12 1 * 2");
        assertThat(model.errorPartProperty().get()).isEqualTo(CronPart.DAY_OF_WEEK);
    }

    @Test
    void firesNextToADaylightSavingChangeInTheTasksZoneAreMarked() {
        // Berlin moves from +01:00 to +02:00 at 02:00 on Sunday 30 March 2025; 02:30 does not exist that night.
        Clock beforeChange = Clock.fixed(Instant.parse("2025-03-28T12:00:00Z"), SHANGHAI);
        CronBuilderViewModel model = new CronBuilderViewModel("30 2 * * *", UNIX, BERLIN, ENGLISH, beforeChange);

        List<FireTime> fires = model.fires();
        assertThat(fires).hasSize(10);
        assertThat(fires.get(0).taskTime()).hasToString("2025-03-29T02:30+01:00[Europe/Berlin]");
        assertThat(fires.get(1).taskTime()).hasToString("2025-03-30T03:00+02:00[Europe/Berlin]");
        assertThat(fires.get(2).taskTime()).hasToString("2025-03-31T02:30+02:00[Europe/Berlin]");
        assertThat(fires.get(3).taskTime()).hasToString("2025-04-01T02:30+02:00[Europe/Berlin]");
        assertThat(fires.stream().map(FireTime::nearDstChange).toList())
                .containsExactly(true, true, true, false, false, false, false, false, false, false);
        assertThat(fires.get(1).localTime()).hasToString("2025-03-30T09:00+08:00[Asia/Shanghai]");
        assertThat(fires.get(1).localText()).isEqualTo("2025-03-30 Sun 09:00:00 +08:00");

        model.zoneProperty().set(SHANGHAI);
        assertThat(model.fires()).noneMatch(FireTime::nearDstChange);
    }

    @Test
    void firesInTheSecondPassOfARepeatedHourAreExplained() {
        // Berlin goes back from +02:00 to +01:00 at 03:00 on Sunday 31 October 2027: 02:00-03:00 happens twice.
        Clock firstPass = Clock.fixed(Instant.parse("2027-10-31T00:55:00Z"), SHANGHAI);
        CronBuilderViewModel model = new CronBuilderViewModel("*/10 * * * *", UNIX, BERLIN, ENGLISH, firstPass);

        assertThat(model.dstRuleProperty().get()).startsWith("Daylight saving: an interval schedule");
        List<FireTime> fires = model.fires();
        assertThat(fires.get(0).taskText()).isEqualTo("2027-10-31 Sun 02:00:00 +01:00");
        assertThat(fires.stream().map(FireTime::inSecondPass).toList())
                .containsExactly(true, true, true, true, true, true, false, false, false, false);
        assertThat(fires.get(0).secondPass())
                .isEqualTo("Clocks go back from +02:00 to +01:00: 02:00\u201303:00 happens twice, and this fire is in its second pass");
        assertThat(fires.get(6).taskText()).isEqualTo("2027-10-31 Sun 03:00:00 +01:00");

        model.expressionProperty().set("30 2 * * *");
        assertThat(model.dstRuleProperty().get()).startsWith("Daylight saving: a fixed-time schedule");
        assertThat(model.fires()).noneMatch(FireTime::inSecondPass);
        assertThat(model.fires().get(0).taskText()).isEqualTo("2027-11-01 Mon 02:30:00 +01:00");

        model.zoneProperty().set(SHANGHAI);
        assertThat(model.dstRuleProperty().get()).isEmpty();
    }

    @Test
    void nextTenFiresAreShownInTheTasksZoneAndInLocalTime() {
        CronBuilderViewModel model = new CronBuilderViewModel("0 9 * * 1-5", UNIX, ZoneId.of("America/New_York"),
                ENGLISH, JUNE);

        List<FireTime> fires = model.fires();
        assertThat(fires).hasSize(CronBuilderViewModel.FIRE_COUNT);
        assertThat(fires.get(0).taskText()).isEqualTo("2025-06-02 Mon 09:00:00 -04:00");
        assertThat(fires.get(0).localText()).isEqualTo("2025-06-02 Mon 14:00:00 +01:00");
        assertThat(fires.get(5).taskText()).isEqualTo("2025-06-09 Mon 09:00:00 -04:00");
        assertThat(fires.get(9).taskTime().toLocalDateTime()).hasToString("2025-06-13T09:00");
        assertThat(fires).allSatisfy(fire -> {
            assertThat(fire.taskTime().getHour()).isEqualTo(9);
            assertThat(fire.localTime().getZone()).isEqualTo(ZoneId.of("Europe/London"));
            assertThat(fire.localTime().toInstant()).isEqualTo(fire.taskTime().toInstant());
            assertThat(fire.nearDstChange()).isFalse();
        });
        assertThat(model.localZone()).isEqualTo(ZoneId.of("Europe/London"));
    }

    @Test
    void warnsOfTheUnixDayOrTrapAndOfSchedulesThatNeverFire() {
        CronBuilderViewModel model = model("0 0 1 * 1", UNIX);
        assertThat(model.warnings()).singleElement().asString().contains("OR day-of-week 1");
        assertThat(model.validProperty().get()).isTrue();

        model.expressionProperty().set("0 0 30 2 *");
        assertThat(model.warnings()).singleElement().asString().contains("never fires");
        assertThat(model.fires()).isEmpty();

        model.dialectProperty().set(QUARTZ);
        model.expressionProperty().set("0 0 0 1 1 ? 2020");
        assertThat(model.warnings()).singleElement().asString().contains("never fires again");

        model.expressionProperty().set("0 0 0 1 1 ?");
        assertThat(model.warnings()).isEmpty();
    }

    @Test
    void describesInTheUiLanguage() {
        CronBuilderViewModel english = model("0 9 * * 1-5", UNIX);
        CronBuilderViewModel chinese = new CronBuilderViewModel("0 9 * * 1-5", UNIX, BERLIN,
                new Messages(Locale.SIMPLIFIED_CHINESE), JUNE);

        assertThat(english.descriptionProperty().get()).isEqualTo("At 09:00 on Monday through Friday, Europe/Berlin");
        assertThat(chinese.descriptionProperty().get()).isEqualTo("周一至周五 09:00（Europe/Berlin）");
        assertThat(chinese.fires().get(0).taskText()).isEqualTo("2025-06-02 周一 09:00:00 +02:00");
        chinese.expressionProperty().set("61 9 * * 1-5");
        assertThat(chinese.field(CronPart.MINUTE).errorProperty().get()).startsWith("分钟：");
    }

    @Test
    void blankStartsFromDailyAtNineAndAMacroFillsThePickers() {
        CronBuilderViewModel blank = new CronBuilderViewModel("", QUARTZ, null, ENGLISH, JUNE);
        assertThat(blank.expressionProperty().get()).isEqualTo("0 0 9 * * ?");
        assertThat(blank.zoneProperty().get()).isEqualTo(ZoneId.of("Europe/London"));

        CronBuilderViewModel macro = model("@daily", UNIX);
        assertThat(macro.validProperty().get()).isTrue();
        assertThat(macro.field(CronPart.HOUR).listProperty().get()).isEqualTo("0");
        assertThat(macro.expressionProperty().get()).isEqualTo("@daily");
        macro.field(CronPart.HOUR).listProperty().set("6");
        assertThat(macro.expressionProperty().get()).isEqualTo("0 6 * * *");
    }

    @Test
    void everyPresetIsListedAboveAndTheOnesUnixCannotSayTellWhy() {
        assertThat(presets().map(arguments -> arguments.get()[0])).containsExactlyInAnyOrder((Object[]) CronPreset.values());
        CronBuilderViewModel model = model("0 9 * * *", UNIX);

        model.presetProperty().set(CronPreset.MONTHLY_ON_NTH_WEEKDAY);
        assertThat(model.presetProblemProperty().get())
                .isEqualTo("Unix cron has no # (n-th weekday); its two day fields match either day, not both.");
        model.applyPreset();
        assertThat(model.expressionProperty().get()).isEqualTo("0 9 * * *");
        model.presetProperty().set(CronPreset.MONTHLY_ON_LAST_WEEKDAY);
        assertThat(model.presetProblemProperty().get()).isEqualTo("Unix cron has no LW (last weekday of the month).");

        model.dialectProperty().set(SPRING);
        assertThat(model.presetProblemProperty().get()).isEmpty();
        model.applyPreset();
        assertThat(model.expressionProperty().get()).isEqualTo("0 0 9 LW * *");
        assertThat(model.fires().get(0).taskTime().toLocalDateTime()).hasToString("2025-06-30T09:00");
        model.dialectProperty().set(UNIX);
        assertThat(model.presetProblemProperty().get()).isEqualTo("Unix cron has no LW (last weekday of the month).");
    }

    @ParameterizedTest
    @CsvSource({"UNIX", "QUARTZ", "SPRING"})
    void theBusinessHoursPresetFiresFromNineToSixOnWeekdays(CronDialect dialect) {
        CronBuilderViewModel model = model("", dialect);
        model.presetProperty().set(CronPreset.BUSINESS_HOURS);
        model.presetIntervalProperty().set(15);
        model.applyPreset();
        model.showMoreFires();

        List<ZonedDateTime> fires = model.fires().stream().map(FireTime::taskTime).toList();
        assertThat(fires.get(0).toLocalDateTime()).hasToString("2025-06-02T09:00");
        assertThat(fires.get(35).toLocalDateTime()).as("the last of Monday").hasToString("2025-06-02T17:45");
        assertThat(fires.get(36).toLocalDateTime()).hasToString("2025-06-03T09:00");
        assertThat(fires).allSatisfy(fire -> {
            assertThat(fire.getHour()).isBetween(9, 17);
            assertThat(fire.getDayOfWeek()).isNotIn(DayOfWeek.SATURDAY, DayOfWeek.SUNDAY);
        });
    }

    @Test
    void aNewRangeStartsFromTheFieldsDefaultNotFromLeftovers() {
        CronBuilderViewModel model = model("30 9 * * *", UNIX);

        model.field(CronPart.HOUR).formProperty().set(FieldForm.RANGE);
        assertThat(model.expressionProperty().get()).isEqualTo("30 9-17 * * *");
        model.field(CronPart.DAY_OF_WEEK).formProperty().set(FieldForm.RANGE);
        assertThat(model.expressionProperty().get()).isEqualTo("30 9-17 * * MON-FRI");
        model.field(CronPart.MINUTE).formProperty().set(FieldForm.RANGE);
        assertThat(model.expressionProperty().get()).isEqualTo("0-29 9-17 * * MON-FRI");
        model.field(CronPart.DAY_OF_MONTH).formProperty().set(FieldForm.RANGE);
        model.field(CronPart.MONTH).formProperty().set(FieldForm.RANGE);
        assertThat(model.expressionProperty().get()).isEqualTo("0-29 9-17 1-7 JAN-MAR MON-FRI");

        // The user's own range comes back when they leave the range form and return.
        model.field(CronPart.HOUR).toProperty().set(12);
        model.field(CronPart.HOUR).formProperty().set(FieldForm.EVERY);
        assertThat(model.expressionProperty().get()).isEqualTo("0-29 * 1-7 JAN-MAR MON-FRI");
        model.field(CronPart.HOUR).formProperty().set(FieldForm.RANGE);
        assertThat(model.expressionProperty().get()).isEqualTo("0-29 9-12 1-7 JAN-MAR MON-FRI");

        CronBuilderViewModel quartz = model("0 0 12 * * ?", QUARTZ);
        quartz.field(CronPart.DAY_OF_WEEK).formProperty().set(FieldForm.RANGE);
        assertThat(quartz.expressionProperty().get()).isEqualTo("0 0 12 ? * MON-FRI");
        quartz.field(CronPart.SECOND).formProperty().set(FieldForm.RANGE);
        quartz.field(CronPart.YEAR).formProperty().set(FieldForm.RANGE);
        assertThat(quartz.expressionProperty().get()).isEqualTo("0-29 0 12 ? * MON-FRI 2025-2029");
        assertThat(quartz.fires().get(0).taskTime().getDayOfWeek()).isEqualTo(DayOfWeek.MONDAY);
    }

    @Test
    void theDescriptionNamesTheTasksZone() {
        CronBuilderViewModel model = new CronBuilderViewModel("30 9 * * 1-5", UNIX, SHANGHAI, ENGLISH, JUNE);
        assertThat(model.descriptionProperty().get()).isEqualTo("At 09:30 on Monday through Friday, Asia/Shanghai");

        model.zoneProperty().set(BERLIN);
        assertThat(model.descriptionProperty().get()).isEqualTo("At 09:30 on Monday through Friday, Europe/Berlin");
    }

    @Test
    void theComingClockChangesSayWhatTheScheduleDoes() {
        Clock beforeSpring = Clock.fixed(Instant.parse("2027-03-26T12:00:00Z"), SHANGHAI);
        CronBuilderViewModel model = new CronBuilderViewModel("30 2 * * *", UNIX, BERLIN, ENGLISH, beforeSpring);

        String gap = "02:30 does not exist on 28 Mar 2027 in Europe/Berlin: runs at 03:00 CEST";
        assertThat(model.dstChanges()).containsExactly(gap,
                "02:30 happens twice on 31 Oct 2027 in Europe/Berlin: runs once, at the first 02:30 CEST");
        FireTime moved = model.fires().get(1);
        assertThat(moved.taskTime()).hasToString("2027-03-28T03:00+02:00[Europe/Berlin]");
        assertThat(moved.nearDstChange()).isTrue();
        assertThat(moved.dstChange()).isEqualTo(gap);
        assertThat(model.fires().get(5).dstChange()).as("a fire far from the change").isEmpty();

        model.dialectProperty().set(QUARTZ);
        assertThat(model.dstChanges()).first().isEqualTo(gap);
        model.expressionProperty().set("0 */30 * * * ?");
        assertThat(model.dstChanges()).first().asString().endsWith("those runs are skipped; the next run is at 03:00 CEST");

        model.zoneProperty().set(SHANGHAI);
        assertThat(model.dstChanges()).isEmpty();
    }

    @Test
    void showMoreAddsFiftyFiresUntilTheScheduleChanges() {
        CronBuilderViewModel model = model("0 9 * * 1-5", UNIX);
        assertThat(model.firesTitleProperty().get()).isEqualTo("Next 10 fire times");
        List<Instant> first = fireInstants(model);

        model.showMoreFires();
        assertThat(model.fires()).hasSize(60);
        assertThat(fireInstants(model).subList(0, 10)).isEqualTo(first);
        assertThat(model.fires().get(10).taskTime().toLocalDateTime()).hasToString("2025-06-16T09:00");
        assertThat(model.fires().get(59).taskTime().toLocalDateTime()).hasToString("2025-08-22T09:00");
        assertThat(model.firesTitleProperty().get()).isEqualTo("Next 60 fire times");
        model.showMoreFires();
        assertThat(model.fires()).hasSize(110);

        model.expressionProperty().set("0 10 * * 1-5");
        assertThat(model.fires()).hasSize(CronBuilderViewModel.FIRE_COUNT);
        assertThat(model.firesTitleProperty().get()).isEqualTo("Next 10 fire times");
    }

    @Test
    void theCalendarCountsFiresPerDayAndStepsByMonth() {
        CronBuilderViewModel model = model("*/15 9-17 * * MON-FRI", UNIX);
        FireCalendarModel calendar = model.calendar();
        assertThat(calendar.days()).as("nothing is counted while the calendar is hidden").isEmpty();
        calendar.shownProperty().set(true);

        assertThat(calendar.titleProperty().get()).isEqualTo("June 2025");
        assertThat(calendar.days()).hasSize(30);
        assertThat(calendar.days().get(1).date()).hasToString("2025-06-02");
        assertThat(calendar.days().get(1).fires()).isEqualTo(36);
        assertThat(calendar.days().get(6).fires()).as("a Saturday").isZero();
        calendar.nextMonth();
        assertThat(calendar.titleProperty().get()).isEqualTo("July 2025");
        assertThat(calendar.days()).hasSize(31).filteredOn(day -> day.fires() > 0).hasSize(23);

        // Berlin skips 02:00-02:59 on 30 March 2025: an interval schedule has two fires fewer that day.
        model.expressionProperty().set("*/30 * * * *");
        for (int i = 0; i < 4; i++) {
            calendar.previousMonth();
        }
        assertThat(calendar.monthProperty().get()).hasToString("2025-03");
        assertThat(calendar.days().get(28).fires()).isEqualTo(48);
        assertThat(calendar.days().get(29).fires()).isEqualTo(46);

        model.expressionProperty().set("* * * * *");
        assertThat(calendar.days().get(0).fires()).isEqualTo(FireCalendar.DAY_CAP);
        assertThat(calendar.days().get(0).capped()).isTrue();

        model.expressionProperty().set("61 * * * *");
        assertThat(calendar.days()).hasSize(31).allMatch(day -> day.fires() == 0);
    }

    @Test
    void aTypedPhraseBecomesTheExpressionOfTheDialectOrSaysWhyNot() {
        CronBuilderViewModel model = model("0 0 9 * * ?", QUARTZ);

        model.phraseProperty().set("每个工作日 9:30");
        model.applyPhrase();
        assertThat(model.expressionProperty().get()).isEqualTo("0 30 9 ? * MON-FRI");
        assertThat(model.presetProperty().get()).isEqualTo(CronPreset.WEEKDAYS);
        assertThat(model.presetMinuteProperty().get()).isEqualTo(30);
        assertThat(model.phraseProblemProperty().get()).isEmpty();

        model.phraseProperty().set("every blue moon");
        model.applyPhrase();
        assertThat(model.phraseProblemProperty().get()).startsWith("Not understood: \"every blue moon\". Try: every day at 9,")
                .doesNotContain("\n");
        assertThat(model.expressionProperty().get()).isEqualTo("0 30 9 ? * MON-FRI");
        model.phraseProperty().set("every blue moon!");
        assertThat(model.phraseProblemProperty().get()).as("typing clears the old line").isEmpty();

        model.dialectProperty().set(UNIX);
        model.phraseProperty().set("last day of every month at 18:00");
        model.applyPhrase();
        assertThat(model.phraseProblemProperty().get()).isEqualTo("Unix cron has no L (last day of the month).");
        assertThat(model.expressionProperty().get()).isEqualTo("30 9 * * MON-FRI");

        model.phraseProperty().set("every monday at 8am");
        model.applyPhrase();
        assertThat(model.expressionProperty().get()).isEqualTo("0 8 * * MON");
        assertThat(model.fires().get(0).taskTime().toLocalDateTime()).hasToString("2025-06-02T08:00");
    }

    private static List<Instant> fireInstants(CronBuilderViewModel model) {
        return model.fires().stream().map(fire -> fire.taskTime().toInstant()).toList();
    }
}
