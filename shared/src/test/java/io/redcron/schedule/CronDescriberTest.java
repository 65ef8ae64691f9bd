package io.redcron.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Locale;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CronDescriberTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            quartz | */10 * * * * ?        | Every 10 seconds                                | 每 10 秒
            quartz | * * * * * ?           | Every second                                    | 每秒
            quartz | 0 * * * * ?           | Every minute                                    | 每分钟
            quartz | 0 0 * * * ?           | Every hour                                      | 每小时
            quartz | 0 0 */2 * * ?         | Every 2 hours                                   | 每 2 小时
            quartz | 0 30 * * * ?          | At minute 30 of every hour                      | 每小时第 30 分
            quartz | 0 30 9 ? * MON-FRI    | At 09:30 on Monday through Friday               | 周一至周五 09:30
            quartz | 0 0 0 L * ?           | At 00:00 on the last day of the month           | 每月最后一天 00:00
            quartz | 0 0 12 ? * 6#3        | At 12:00 on the third Friday of the month       | 每月第三个星期五 12:00
            quartz | 0 0/15 9-17 * * ?     | Every 15 minutes between 09:00 and 17:59        | 每天 09:00 至 17:59 每 15 分钟
            quartz | 0 0 12 * * ?          | At 12:00                                        | 每天 12:00
            quartz | 0 0 6,19 * * ?        | At 06:00 and 19:00                              | 每天 06:00、19:00
            quartz | 0 0 0 1 1 ?           | At 00:00 on day 1 of the month in January       | 每年 1 月 1 日 00:00
            quartz | 0 0 0 ? * 6L          | At 00:00 on the last Friday of the month        | 每月最后一个星期五 00:00
            quartz | 0 0 0 LW * ?          | At 00:00 on the last weekday of the month       | 每月最后一个工作日 00:00
            quartz | 0 0 0 15W * ?         | At 00:00 on the weekday nearest day 15 of the month | 每月离 15 日最近的工作日 00:00
            quartz | 0 0 0 1,15 * ?        | At 00:00 on days 1 and 15 of the month          | 每月 1、15 日 00:00
            quartz | 0 0 0 ? * SAT,SUN     | At 00:00 on Saturday and Sunday                 | 周六、周日 00:00
            quartz | 0 0 0 1 * ? 2030      | At 00:00 on day 1 of the month in 2030          | 2030 年 每月 1 日 00:00
            unix   | 0 0 13 * 5            | At 00:00 on day 13 of the month, or on Friday   | 每月 13 日或周五 00:00
            spring | 0 0 0 13 * FRI        | At 00:00 on day 13 of the month if that day is also Friday | 每月 13 日且为周五 00:00
            unix   | @hourly               | Every hour                                      | 每小时
            unix   | */5 * * * *           | Every 5 minutes                                 | 每 5 分钟
            quartz | 0 0 0 * NOV-FEB ?     | At 00:00 in November through February           | 每年 11 月至 2 月 00:00
            quartz | 5 0-5,30 9-17 * * ?   | At second 5, minutes 0-5 and 30, hours 9-17     | 每天 9-17 时，第 0-5、30 分，第 5 秒
            quartz | 0 5/20 * * * ?        | At minutes 5, 25 and 45 of every hour           | 每小时，第 5、25、45 分
            unix   | 0 9-17 * * 1-5        | Every hour between 09:00 and 17:59 on Monday through Friday | 周一至周五 09:00 至 17:59 每小时
            quartz | 0 0 0 L-3 * ?         | At 00:00 on the last day of the month minus 3 days | 每月倒数第 4 天 00:00
            quartz | 0 0 12 ? * 2#5 2025-2030 | At 12:00 on the fifth Monday of the month in 2025 through 2030 | 2025 至 2030 年 每月第五个星期一 12:00
            """)
    void describesCommonShapes(String dialect, String expression, String english, String chinese) {
        CronSchedule schedule = CronSchedule.parse(expression, CronDialect.parse(dialect));
        assertThat(schedule.describe(Locale.ENGLISH)).isEqualTo(english);
        assertThat(schedule.describe(Locale.SIMPLIFIED_CHINESE)).isEqualTo(chinese);
    }

    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.MethodSource("io.redcron.schedule.QuartzOracleTest#expressions")
    void describesAnyQuartzExpressionWithoutThrowing(String expression) {
        CronSchedule schedule = CronSchedule.parse(expression, CronDialect.QUARTZ);
        assertThat(schedule.describe(Locale.ENGLISH)).isNotBlank().doesNotContain("null");
        assertThat(schedule.describe(Locale.forLanguageTag("zh"))).isNotBlank().doesNotContain("null");
        assertThat(schedule.describe(Locale.GERMAN)).isEqualTo(schedule.describe(Locale.ENGLISH));
    }
}
