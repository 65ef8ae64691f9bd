package io.redcron.desktop.cron;

import io.redcron.schedule.CronDialect;
import io.redcron.schedule.CronSchedule;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Instant;
import java.time.ZoneOffset;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;

import static io.redcron.schedule.CronDialect.QUARTZ;
import static io.redcron.schedule.CronDialect.SPRING;
import static io.redcron.schedule.CronDialect.UNIX;
import static org.assertj.core.api.Assertions.assertThat;

class CronPhraseParserTest {
    /** A Monday, at midnight UTC. */
    private static final Instant NOW = Instant.parse("2025-06-02T00:00:00Z");
    private final CronPhraseParser parser = new CronPhraseParser();

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', nullValues = "-", value = {
            // phrase                                   | unix                  | quartz                   | spring                   | first fire (UTC)    | second fire
            "every day at 9                             | 0 9 * * *             | 0 0 9 * * ?              | 0 0 9 * * *              | 2025-06-02T09:00    | 2025-06-03T09:00",
            "每天 9 点                                   | 0 9 * * *             | 0 0 9 * * ?              | 0 0 9 * * *              | 2025-06-02T09:00    | 2025-06-03T09:00",
            "每天九点                                     | 0 9 * * *             | 0 0 9 * * ?              | 0 0 9 * * *              | 2025-06-02T09:00    | 2025-06-03T09:00",
            "Daily at noon.                             | 0 12 * * *            | 0 0 12 * * ?             | 0 0 12 * * *             | 2025-06-02T12:00    | 2025-06-03T12:00",
            "每天晚上10点半                                | 30 22 * * *           | 0 30 22 * * ?            | 0 30 22 * * *            | 2025-06-02T22:30    | 2025-06-03T22:30",
            "每日凌晨2点                                  | 0 2 * * *             | 0 0 2 * * ?              | 0 0 2 * * *              | 2025-06-02T02:00    | 2025-06-03T02:00",
            "every weekday at 9:30                      | 30 9 * * MON-FRI      | 0 30 9 ? * MON-FRI       | 0 30 9 * * MON-FRI       | 2025-06-02T09:30    | 2025-06-03T09:30",
            "每个工作日 9:30                              | 30 9 * * MON-FRI      | 0 30 9 ? * MON-FRI       | 0 30 9 * * MON-FRI       | 2025-06-02T09:30    | 2025-06-03T09:30",
            "周一至周五 下午6点                            | 0 18 * * MON-FRI      | 0 0 18 ? * MON-FRI       | 0 0 18 * * MON-FRI       | 2025-06-02T18:00    | 2025-06-03T18:00",
            "每周一至周五 9点                              | 0 9 * * MON-FRI       | 0 0 9 ? * MON-FRI        | 0 0 9 * * MON-FRI        | 2025-06-02T09:00    | 2025-06-03T09:00",
            "星期一到星期五 早上7点半                         | 30 7 * * MON-FRI      | 0 30 7 ? * MON-FRI       | 0 30 7 * * MON-FRI       | 2025-06-02T07:30    | 2025-06-03T07:30",
            "weekdays at 6:45 a.m.                      | 45 6 * * MON-FRI      | 0 45 6 ? * MON-FRI       | 0 45 6 * * MON-FRI       | 2025-06-02T06:45    | 2025-06-03T06:45",
            "every sunday at 12am                       | 0 0 * * SUN           | 0 0 0 ? * SUN            | 0 0 0 * * SUN            | 2025-06-08T00:00    | 2025-06-15T00:00",
            "monthly                                    | 0 0 1 * *             | 0 0 0 1 * ?              | 0 0 0 1 * *              | 2025-07-01T00:00    | 2025-08-01T00:00",
            "every 15 minutes                           | */15 * * * *          | 0 */15 * * * ?           | 0 */15 * * * *           | 2025-06-02T00:15    | 2025-06-02T00:30",
            "每 15 分钟                                   | */15 * * * *          | 0 */15 * * * ?           | 0 */15 * * * *           | 2025-06-02T00:15    | 2025-06-02T00:30",
            "every 15 minutes during business hours     | */15 9-17 * * MON-FRI | 0 */15 9-17 ? * MON-FRI  | 0 */15 9-17 * * MON-FRI  | 2025-06-02T09:00    | 2025-06-02T09:15",
            "工作时间每 15 分钟                             | */15 9-17 * * MON-FRI | 0 */15 9-17 ? * MON-FRI  | 0 */15 9-17 * * MON-FRI  | 2025-06-02T09:00    | 2025-06-02T09:15",
            "every hour                                 | 0 * * * *             | 0 0 * * * ?              | 0 0 * * * *              | 2025-06-02T01:00    | 2025-06-02T02:00",
            "every hour at minute 5                     | 5 * * * *             | 0 5 * * * ?              | 0 5 * * * *              | 2025-06-02T00:05    | 2025-06-02T01:05",
            "每小时                                      | 0 * * * *             | 0 0 * * * ?              | 0 0 * * * *              | 2025-06-02T01:00    | 2025-06-02T02:00",
            "every monday at 8am                        | 0 8 * * MON           | 0 0 8 ? * MON            | 0 0 8 * * MON            | 2025-06-02T08:00    | 2025-06-09T08:00",
            "每周一 上午8点                                | 0 8 * * MON           | 0 0 8 ? * MON            | 0 0 8 * * MON            | 2025-06-02T08:00    | 2025-06-09T08:00",
            "Every Friday at 5:15 PM                    | 15 17 * * FRI         | 0 15 17 ? * FRI          | 0 15 17 * * FRI          | 2025-06-06T17:15    | 2025-06-13T17:15",
            "每周日 下午3点                                | 0 15 * * SUN          | 0 0 15 ? * SUN           | 0 0 15 * * SUN           | 2025-06-08T15:00    | 2025-06-15T15:00",
            "每星期三 上午九点                              | 0 9 * * WED           | 0 0 9 ? * WED            | 0 0 9 * * WED            | 2025-06-04T09:00    | 2025-06-11T09:00",
            "first day of every month at midnight       | 0 0 1 * *             | 0 0 0 1 * ?              | 0 0 0 1 * *              | 2025-07-01T00:00    | 2025-08-01T00:00",
            "每月1号 0点                                  | 0 0 1 * *             | 0 0 0 1 * ?              | 0 0 0 1 * *              | 2025-07-01T00:00    | 2025-08-01T00:00",
            "the 15th of every month at 12:00           | 0 12 15 * *           | 0 0 12 15 * ?            | 0 0 12 15 * *            | 2025-06-15T12:00    | 2025-07-15T12:00",
            "每月十五号 中午12点                            | 0 12 15 * *           | 0 0 12 15 * ?            | 0 0 12 15 * *            | 2025-06-15T12:00    | 2025-07-15T12:00",
            "every 30 seconds                           | -                     | */30 * * * * ?           | */30 * * * * *           | 2025-06-02T00:00:30 | 2025-06-02T00:01",
            "每10秒                                      | -                     | */10 * * * * ?           | */10 * * * * *           | 2025-06-02T00:00:10 | 2025-06-02T00:00:20",
            "last day of every month at 18:00           | -                     | 0 0 18 L * ?             | 0 0 18 L * *             | 2025-06-30T18:00    | 2025-07-31T18:00",
            "每月最后一天 18点                              | -                     | 0 0 18 L * ?             | 0 0 18 L * *             | 2025-06-30T18:00    | 2025-07-31T18:00",
            "last weekday of every month at 5pm         | -                     | 0 0 17 LW * ?            | 0 0 17 LW * *            | 2025-06-30T17:00    | 2025-07-31T17:00",
            "每月最后一个工作日 下午5点                       | -                     | 0 0 17 LW * ?            | 0 0 17 LW * *            | 2025-06-30T17:00    | 2025-07-31T17:00",
            "the second tuesday of every month at 10:00 | -                     | 0 0 10 ? * TUE#2         | 0 0 10 * * TUE#2         | 2025-06-10T10:00    | 2025-07-08T10:00",
            "每月第二个周二 10点                            | -                     | 0 0 10 ? * TUE#2         | 0 0 10 * * TUE#2         | 2025-06-10T10:00    | 2025-07-08T10:00",
    })
    void aPhraseBecomesTheSameScheduleInEveryDialect(String phrase, String unix, String quartz, String spring,
                                                     String firstFire, String secondFire) {
        Map<CronDialect, String> expected = new EnumMap<>(CronDialect.class);
        expected.put(UNIX, unix);
        expected.put(QUARTZ, quartz);
        expected.put(SPRING, spring);
        CronPhraseParser.Meaning meaning = parser.parse(phrase).orElseThrow(() -> new AssertionError("not read: " + phrase));

        for (CronDialect dialect : CronDialect.values()) {
            String wanted = expected.get(dialect);
            if (wanted == null) {
                assertThat(meaning.preset().unavailableReason(dialect)).as("%s in %s", phrase, dialect).isPresent();
                continue;
            }
            String expression = meaning.preset().expression(dialect, meaning.parameters());
            assertThat(expression).as("%s in %s", phrase, dialect).isEqualTo(wanted);
            assertThat(CronSchedule.parse(expression, dialect).next(NOW, ZoneOffset.UTC, 2))
                    .as("%s in %s", phrase, dialect)
                    .extracting(fire -> fire.toLocalDateTime().toString())
                    .containsExactly(firstFire, secondFire);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "   ", "every blue moon", "every day at 25", "every day at 9:75", "every 90 minutes",
            "every 13pm", "every monday at 13pm", "the 32nd of every month", "每年春节", "每天 25 点", "每 0 分钟",
            "每月32号", "sometimes", "every day at 9 or 10"})
    void otherPhrasesAreNotUnderstood(String phrase) {
        assertThat(parser.parse(phrase)).as(phrase).isEqualTo(Optional.empty());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {"九 | 9", "十 | 10", "十五 | 15", "二十 | 20", "二十三 | 23", "两 | 2", "〇 | 0"})
    void chineseNumeralsAreReadAsNumbers(String numeral, String digits) {
        assertThat(CronPhraseParser.chineseNumbers("每天" + numeral + "点")).isEqualTo("每天" + digits + "点");
    }
}
