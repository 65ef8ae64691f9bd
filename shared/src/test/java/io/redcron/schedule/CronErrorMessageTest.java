package io.redcron.schedule;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every kind of invalid field, with the exact one-line message. The last column says whether the
 * reference implementation rejects it too; where it does not, the comment at the end says why we do.
 */
class CronErrorMessageTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            quartz | 0 61 * * * ?            | true  | minute: 61 is out of range 0-59
            quartz | 60 * * * * ?            | true  | second: 60 is out of range 0-59
            quartz | 0 0 24 * * ?            | true  | hour: 24 is out of range 0-23
            quartz | 0 0 0 32 * ?            | true  | day-of-month: 32 is out of range 1-31
            quartz | 0 0 0 0 * ?             | true  | day-of-month: 0 is out of range 1-31
            quartz | 0 0 0 1 13 ?            | true  | month: 13 is out of range 1-12
            quartz | 0 0 0 ? * 8             | true  | day-of-week: 8 is out of range 1-7
            quartz | 0 0 0 ? * 0             | true  | day-of-week: 0 is out of range 1-7
            quartz | 0 0 0 ? * FOO           | true  | day-of-week: 'FOO' is not a day name (SUN-SAT) or number 1-7
            quartz | 0 0 0 1 FOO ?           | true  | month: 'FOO' is not a month name (JAN-DEC) or number 1-12
            quartz | 0 0 0 L-31 * ?          | true  | day-of-month: offset 31 in 'L-31' is out of range 0-30
            quartz | 0 0 0 L-3X * ?          | true  | day-of-month: 'L-3X' is not a last-day form; write 'L', 'L-n' or 'LW'
            quartz | 0 0 0 ? * 2#6           | true  | day-of-week: occurrence 6 in '2#6' is out of range 1-5
            quartz | 0 0 0 ? * 2#0           | true  | day-of-week: occurrence 0 in '2#0' is out of range 1-5
            quartz | 0 0 0 ? * #2            | true  | day-of-week: '#2' needs a day before '#', e.g. 'FRI#3'
            quartz | 0 */60 * * * ?          | true  | minute: step 60 in '*/60' must be in range 1-59
            quartz | 0 0 */24 * * ?          | true  | hour: step 24 in '*/24' must be in range 1-23
            quartz | 0 1,,2 * * * ?          | false | minute: '1,,2' has an empty list item
            quartz | 0 0 0 * * *             | true  | day-of-week: '?' must be used in exactly one of day-of-month and day-of-week in quartz
            quartz | 0 0 0 ? * ?             | true  | day-of-week: '?' must be used in exactly one of day-of-month and day-of-week in quartz
            quartz | ? 0 0 ? * *             | true  | second: '?' is only allowed in day-of-month or day-of-week
            quartz | 0 0 L ? * *             | true  | hour: 'L' is only allowed in day-of-month or day-of-week
            quartz | 0 0 0 ? * 5W            | true  | day-of-week: '5W' uses 'W', which is only allowed in day-of-month
            quartz | 0 0 0 5#2 * ?           | true  | day-of-month: '5#2' uses '#', which is only allowed in day-of-week
            quartz | 0 0 0 32W * ?           | true  | day-of-month: day 32 in '32W' is out of range 1-31
            quartz | 0 0 0 W * ?             | true  | day-of-month: 'W' needs a day before it, e.g. '15W'
            quartz | 0 0 0 ? * 5L,MON        | true  | day-of-week: '5L,MON' mixes 'L' with other days, which quartz does not support
            quartz | 0 0 0 ? * 2#1,3         | false | day-of-week: '2#1,3' mixes '#' with other days, which quartz does not support
            quartz | 0 0 0 ?,1 * *           | false | day-of-month: '?,1' mixes '?' with other values; '?' must stand alone
            quartz | 0 0 0 1 1 ? 2030-2020   | true  | year: range '2030-2020' runs backwards; quartz cron needs the lower value first
            quartz | 0 0 0 * *               | true  | expression: quartz cron has 6 or 7 fields (second minute hour day-of-month month day-of-week [year]), got 5
            quartz | 0 0 0 * * ? 2025 1      | true  | expression: quartz cron has 6 or 7 fields (second minute hour day-of-month month day-of-week [year]), got 8
            quartz | @daily                  | true  | expression: '@daily' is a macro; quartz cron has no macros, write the fields out
            quartz | 0 */ * * * ?            | true  | minute: '*/' has no step after '/'
            quartz | 0 */x * * * ?           | true  | minute: step 'x' in '*/x' is not a whole number
            quartz | 0 */0 * * * ?           | false | minute: step 0 in '*/0' must be in range 1-59
            quartz | 0 5x * * * ?            | false | minute: '5x' is not a number 0-59
            quartz | 0 0 0 ? * MON-FRI/2     | false | day-of-week: 'MON-FRI/2' has a step after a name, which quartz ignores; write the range with numbers
            quartz | 0 0 0 1 1 ? 1969        | false | year: 1969 is out of range 1970-2099
            spring | 0 0 0 * * 5-1           | true  | day-of-week: range '5-1' runs backwards; spring cron needs the lower value first
            spring | 0 0 22-2 * * *          | true  | hour: range '22-2' runs backwards; spring cron needs the lower value first
            spring | 0 0 0 1 NOV-FEB *       | true  | month: range 'NOV-FEB' runs backwards; spring cron needs the lower value first
            spring | 0 0 0 L-0 * *           | true  | day-of-month: offset 0 in 'L-0' is out of range 1-30
            spring | 0 0 0 L-3W * *          | true  | day-of-month: 'L-3W' is not supported in spring; use 'LW' or 'L-n' alone
            spring | 0 0 0 * * L             | true  | day-of-week: 'L' needs a day before it in spring, e.g. '5L' for the last Friday
            spring | 0 0 0 * * 8             | true  | day-of-week: 8 is out of range 0-7
            spring | 0 0 0 * * 2#0           | true  | day-of-week: occurrence 0 in '2#0' is out of range 1-5
            spring | */0 * * * * *           | true  | second: step 0 in '*/0' must be at least 1
            spring | 0 0 0 * *               | true  | expression: spring cron has 6 fields (second minute hour day-of-month month day-of-week), got 5
            spring | 0 0 0 * * * 2025        | true  | expression: spring cron has 6 fields (second minute hour day-of-month month day-of-week), got 7
            spring | @reboot                 | true  | expression: '@reboot' is not one of @yearly, @annually, @monthly, @weekly, @daily, @midnight, @hourly
            spring | 0 0 0 L-31 * *          | false | day-of-month: offset 31 in 'L-31' is out of range 1-30
            spring | 0 0 0 * * 2#6           | false | day-of-week: occurrence 6 in '2#6' is out of range 1-5
            unix   | * * * * * *             | -     | expression: unix cron has 5 fields (minute hour day-of-month month day-of-week), got 6
            unix   | 5/10 * * * *            | -     | minute: '5/10' needs a range before '/' in unix cron, e.g. '5-59/10'
            unix   | * * L * *               | -     | day-of-month: 'L' is not supported in unix cron (it has no L, W, # or ?)
            unix   | * * 15W * *             | -     | day-of-month: '15W' uses 'W', which is not supported in unix cron (it has no L, W, # or ?)
            unix   | * * ? * *               | -     | day-of-month: '?' is not supported in unix cron (it has no L, W, # or ?)
            unix   | * * * * 5L              | -     | day-of-week: '5L' uses 'L', which is not supported in unix cron (it has no L, W, # or ?)
            unix   | * * * * 1#2             | -     | day-of-week: '1#2' uses '#', which is not supported in unix cron (it has no L, W, # or ?)
            unix   | * * * * MON-SUN         | -     | day-of-week: range 'MON-SUN' runs backwards; unix cron needs the lower value first
            unix   | * * * * FOO             | -     | day-of-week: 'FOO' is not a day name (SUN-SAT) or number 0-7
            unix   | * * * * 8               | -     | day-of-week: 8 is out of range 0-7
            unix   | 5-1 * * * *             | -     | minute: range '5-1' runs backwards; unix cron needs the lower value first
            unix   | */0 * * * *             | -     | minute: step 0 in '*/0' must be at least 1
            unix   | @reboot                 | -     | expression: '@reboot' is not one of @yearly, @annually, @monthly, @weekly, @daily, @midnight, @hourly
            """)
    void rejectsWithOneLineNamingFieldAndValue(String dialect, String expression, String oracleRejects, String message) {
        CronDialect parsed = CronDialect.parse(dialect);
        assertThatThrownBy(() -> CronSchedule.parse(expression, parsed))
                .isInstanceOf(InvalidCronException.class)
                .hasMessage(message)
                .satisfies(e -> org.assertj.core.api.Assertions.assertThat(((InvalidCronException) e).problem().toString())
                        .isEqualTo(message));
        if (oracleRejects.equals("true")) {
            assertThatThrownBy(oracle(parsed, expression)).as("reference rejects %s", expression).isNotNull();
        }
        // Accepted by the reference but rejected here, on purpose: Quartz reads '*/0' as '*', drops junk after
        // a number ('5x') and a step after a name ('MON-FRI/2'), keeps only one day of '2#1,3', skips empty
        // list items and takes any year; Spring takes 'L-31' (a day of the previous month) and '2#6' (never
        // fires). Each would otherwise give times the author did not ask for.
    }

    @Test
    void emptyExpressionNamesTheFieldCount() {
        assertThatThrownBy(() -> CronSchedule.parse("  ", CronDialect.UNIX))
                .hasMessage("expression: unix cron has 5 fields (minute hour day-of-month month day-of-week),"
                        + " got an empty expression");
        assertThatThrownBy(() -> CronSchedule.parse(null, CronDialect.QUARTZ))
                .isInstanceOf(InvalidCronException.class);
    }

    @Test
    void problemCarriesFieldValueAndMessage() {
        assertThatThrownBy(() -> CronSchedule.parse("0 61 * * * ?", CronDialect.QUARTZ))
                .isInstanceOfSatisfying(InvalidCronException.class, e -> {
                    org.assertj.core.api.Assertions.assertThat(e.problem())
                            .isEqualTo(new CronProblem("minute", "61", "61 is out of range 0-59"));
                    org.assertj.core.api.Assertions.assertThat(e.problem().describe())
                            .isEqualTo("minute: 61 is out of range 0-59");
                });
    }

    @Test
    void dialectNamesAreCheckedToo() {
        org.assertj.core.api.Assertions.assertThat(CronDialect.parse("Quartz")).isEqualTo(CronDialect.QUARTZ);
        org.assertj.core.api.Assertions.assertThat(CronDialect.SPRING.id()).isEqualTo("spring");
        assertThatThrownBy(() -> CronDialect.parse("x"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("dialect: 'x' is not one of unix, quartz, spring");
    }

    private static ThrowingCallable oracle(CronDialect dialect, String expression) {
        if (dialect == CronDialect.QUARTZ) {
            return () -> new org.quartz.CronExpression(expression);
        }
        return () -> org.springframework.scheduling.support.CronExpression.parse(expression);
    }
}
