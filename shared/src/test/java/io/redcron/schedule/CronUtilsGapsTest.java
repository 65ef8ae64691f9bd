package io.redcron.schedule;

import com.cronutils.model.CronType;
import com.cronutils.model.definition.CronDefinitionBuilder;
import com.cronutils.model.time.ExecutionTime;
import com.cronutils.parser.CronParser;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Why Redcron has its own cron engine instead of wrapping cron-utils 9.2.1, the library most JVM
 * schedulers use: these expressions get wrong fire times from it, and the right ones (those of
 * Quartz, their reference) from us. Should cron-utils fix them, this test says so.
 */
class CronUtilsGapsTest {
    private static final ZonedDateTime START = ZonedDateTime.of(2026, 1, 1, 12, 0, 0, 0, ZoneOffset.UTC);

    @Test
    void wrapAroundHourRangesAreReadAsTheirStartOnly() {
        String expression = "0 0 22-2 * * ?";

        assertThat(cronUtils(expression, 3)).as("cron-utils").extracting(ZonedDateTime::getHour).containsOnly(22);
        assertThat(ours(expression, 5)).extracting(ZonedDateTime::getHour).containsExactly(22, 23, 0, 1, 2);
    }

    @Test
    void lastDayInsideAListIsDropped() {
        String expression = "0 0 0 L,15 * ?";

        assertThat(cronUtils(expression, 2)).as("cron-utils").extracting(ZonedDateTime::getDayOfMonth)
                .doesNotContain(31);
        assertThat(ours(expression, 2)).extracting(ZonedDateTime::getDayOfMonth).containsExactly(15, 31);
    }

    private static List<ZonedDateTime> cronUtils(String expression, int count) {
        ExecutionTime execution = ExecutionTime.forCron(
                new CronParser(CronDefinitionBuilder.instanceDefinitionFor(CronType.QUARTZ)).parse(expression));
        List<ZonedDateTime> times = new ArrayList<>();
        ZonedDateTime cursor = START;
        for (int i = 0; i < count; i++) {
            Optional<ZonedDateTime> next = execution.nextExecution(cursor);
            if (next.isEmpty()) {
                break;
            }
            times.add(next.get());
            cursor = next.get();
        }
        return times;
    }

    private static List<ZonedDateTime> ours(String expression, int count) {
        return CronSchedule.parse(expression, CronDialect.QUARTZ).next(Instant.from(START), ZoneOffset.UTC, count);
    }
}
