package io.redcron.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Which schedules follow real time through a daylight-saving change and which fire each wall-clock time once. */
class DstRuleTest {

    @ParameterizedTest(name = "{1} {0}: {2}")
    @CsvSource(delimiter = '|', textBlock = """
            */10 * * * * ?         | QUARTZ | INTERVAL
            0 * * * * ?            | QUARTZ | INTERVAL
            0 */15 * * * ?         | QUARTZ | INTERVAL
            0 0,30 * * * ?         | QUARTZ | INTERVAL
            */20 * 1-3 * * ?       | QUARTZ | INTERVAL
            0 */10 0-5 ? * SUN     | QUARTZ | INTERVAL
            0 0,30 2,3 * * ?       | QUARTZ | INTERVAL
            0 */5 23,0 * * ?       | QUARTZ | INTERVAL
            0 */5 22-2 * * ?       | QUARTZ | INTERVAL
            */30 0 * * * ?         | QUARTZ | INTERVAL
            0 30 2 * * ?           | QUARTZ | FIXED_TIME
            0 0 * * * ?            | QUARTZ | INTERVAL
            0 0 */2 * * ?          | QUARTZ | FIXED_TIME
            0 0,30 2 * * ?         | QUARTZ | FIXED_TIME
            0 */10 2 * * ?         | QUARTZ | FIXED_TIME
            0 */10 */2 * * ?       | QUARTZ | FIXED_TIME
            0 */10 2,14 * * ?      | QUARTZ | FIXED_TIME
            0 0 0 L * ?            | QUARTZ | FIXED_TIME
            * * * * *              | UNIX   | INTERVAL
            */5 * * * *            | UNIX   | INTERVAL
            0-59/10 * * * *        | UNIX   | INTERVAL
            */15 1-4 * * 0         | UNIX   | INTERVAL
            30 2 * * *             | UNIX   | FIXED_TIME
            0 * * * *              | UNIX   | INTERVAL
            @hourly                | UNIX   | INTERVAL
            0 */2 * * *            | UNIX   | FIXED_TIME
            0 1-3 * * *            | UNIX   | FIXED_TIME
            @daily                 | UNIX   | FIXED_TIME
            */10 2 * * *           | UNIX   | FIXED_TIME
            0,30 9-17/2 * * 1-5    | UNIX   | FIXED_TIME
            */10 * * * * *         | SPRING | INTERVAL
            0 * * * * *            | SPRING | INTERVAL
            0 */5 * * * MON-FRI    | SPRING | INTERVAL
            0 0 * * * *            | SPRING | INTERVAL
            0 30 2 * * *           | SPRING | FIXED_TIME
            @hourly                | SPRING | INTERVAL
            """)
    void classifiesByWhatTheFieldsSelect(String expression, CronDialect dialect, DstRule expected) {
        assertThat(CronSchedule.parse(expression, dialect).dstRule()).isEqualTo(expected);
    }

    @ParameterizedTest(name = "{0} and {1} pass a change alike")
    @CsvSource(delimiter = '|', textBlock = """
            0 0,30 2,3 * * ?                     | 0 */30 2-3 * * ?
            0 0,10,20,30,40,50 * * * ?           | 0 */10 * * * ?
            0 0 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23 * * ? | 0 0 * * * ?
            0 5 2 * * ?                          | 0 5-5 2-2 * * ?
            """)
    void equivalentExpressionsGetTheSameRule(String one, String other) {
        assertThat(CronSchedule.parse(one, CronDialect.QUARTZ).dstRule())
                .isEqualTo(CronSchedule.parse(other, CronDialect.QUARTZ).dstRule());
    }
}
