package io.redcron.node.scheduler;

import com.zaxxer.hikari.HikariDataSource;
import io.redcron.calendar.Blackout;
import io.redcron.calendar.CalendarChange;
import io.redcron.calendar.CalendarMode;
import io.redcron.domain.MisfirePolicy;
import io.redcron.domain.Run;
import io.redcron.domain.Task;
import io.redcron.format.CsvCalendarReader;
import io.redcron.node.alert.AlertSink;
import io.redcron.port.PageRequest;
import io.redcron.port.RunFilter;
import io.redcron.schedule.FirePlanner;
import io.redcron.store.mysql.MutableClock;
import io.redcron.store.mysql.MysqlCalendarStore;
import io.redcron.store.mysql.MysqlFencingEpochs;
import io.redcron.store.mysql.MysqlRunStore;
import io.redcron.store.mysql.MysqlSchedulerStore;
import io.redcron.store.mysql.MysqlTaskStore;
import io.redcron.store.mysql.TaskFixtures;
import io.redcron.store.redis.RedisKeys;
import io.redcron.store.redis.RedisRunQueue;
import io.redcron.store.redis.RedisScheduleIndex;
import io.redcron.testing.MysqlStores;
import io.redcron.testing.RedisNamespace;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import redis.clients.jedis.UnifiedJedis;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.Comparator;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The scheduler over the real stores, one pass a day through China's 2026 National Day holiday:
 * a task that follows China's business days records the holidays and the weekend skipped with the
 * calendar's reason, runs on the make-up Saturday, and keeps out of a blackout.
 */
class CalendarFirePassIT {
    private static final ZoneId SHANGHAI = ZoneId.of("Asia/Shanghai");
    private static final Instant START = Instant.parse("2026-09-29T02:00:00Z"); // 10:00 in Shanghai

    @RegisterExtension
    final MysqlStores mysql = MysqlStores.freshDatabase();
    @RegisterExtension
    final RedisNamespace namespaceOnRedis = RedisNamespace.onSharedServer();
    private final MutableClock clock = new MutableClock(START);
    private final HikariDataSource pool = mysql.pool();
    private final UnifiedJedis redis = namespaceOnRedis.client();
    private final String namespace = namespaceOnRedis.namespace();

    @Test
    void holidaysAndTheWeekendAreSkippedWithTheCalendarAndTheMakeUpSaturdayRuns() throws IOException {
        MysqlTaskStore tasks = new MysqlTaskStore(pool, clock);
        MysqlCalendarStore calendars = new MysqlCalendarStore(pool, clock);
        calendars.importDays(namespace, new CalendarChange("cn", "China", SHANGHAI, null),
                new CsvCalendarReader().read(resource("cn-2026.csv")), false, "alice");
        calendars.addBlackout(namespace, "cn", Blackout.once("data centre move", SHANGHAI,
                LocalDateTime.parse("2026-10-09T08:00"), LocalDateTime.parse("2026-10-09T10:00")), "alice");
        Task report = tasks.create(TaskFixtures.shell(namespace, "report").cron("0 9 * * *").zone(SHANGHAI)
                .misfirePolicy(MisfirePolicy.SKIP).build(), "alice");
        Task cleanup = tasks.create(TaskFixtures.shell(namespace, "cleanup").cron("0 9 * * *").zone(SHANGHAI)
                .misfirePolicy(MisfirePolicy.SKIP).build(), "alice");
        calendars.bind(namespace, report.id(), "cn", CalendarMode.BUSINESS_DAYS, "alice");
        calendars.bind(namespace, cleanup.id(), "cn", CalendarMode.SKIP_HOLIDAYS, "alice");

        MysqlSchedulerStore store = new MysqlSchedulerStore(pool, clock);
        RedisScheduleIndex index = new RedisScheduleIndex(redis, new RedisKeys(namespace));
        new IndexSync(namespace, store, index).pass(START);
        long epoch = new MysqlFencingEpochs(pool, clock).advance(namespace, "leader");
        FirePass pass = new FirePass(namespace, store, index, new RedisRunQueue(redis, new RedisKeys(namespace)),
                new FirePlanner(Duration.ofSeconds(60), 10), 10, 100, AlertSink.NONE,
                new CalendarRules(namespace, calendars));
        // A pass a few seconds after 09:00 in Shanghai, each day from 09-30 to 10-12.
        for (LocalDate day = LocalDate.parse("2026-09-30"); day.isBefore(LocalDate.parse("2026-10-13"));
             day = day.plusDays(1)) {
            clock.set(day.atTime(9, 0, 5).atZone(SHANGHAI).toInstant());
            pass.run(epoch, clock.instant(), clock.instant());
        }

        assertThat(fires(report)).containsExactly(
                "2026-09-30 QUEUED",
                "2026-10-01 SKIPPED calendar cn: 2026-10-01 国庆节 (holiday)",
                "2026-10-02 SKIPPED calendar cn: 2026-10-02 国庆节 (holiday)",
                "2026-10-03 SKIPPED calendar cn: 2026-10-03 国庆节 (holiday)",
                "2026-10-04 SKIPPED calendar cn: 2026-10-04 国庆节 (holiday)",
                "2026-10-05 SKIPPED calendar cn: 2026-10-05 国庆节 (holiday)",
                "2026-10-06 SKIPPED calendar cn: 2026-10-06 国庆节 (holiday)",
                "2026-10-07 SKIPPED calendar cn: 2026-10-07 国庆节 (holiday)",
                "2026-10-08 QUEUED",
                "2026-10-09 SKIPPED calendar cn: blackout \"data centre move\" (2026-10-09 08:00 – 2026-10-09 10:00)",
                "2026-10-10 QUEUED",
                "2026-10-11 SKIPPED calendar cn: Sunday is not a business day",
                "2026-10-12 QUEUED");
        // Skip-holidays fires on the ordinary Sunday too, and keeps out of the blackout as well.
        assertThat(fires(cleanup)).filteredOn(line -> line.contains("QUEUED")).containsExactly(
                "2026-09-30 QUEUED", "2026-10-08 QUEUED", "2026-10-10 QUEUED", "2026-10-11 QUEUED", "2026-10-12 QUEUED");
    }

    private List<String> fires(Task task) {
        return new MysqlRunStore(pool, clock).list(RunFilter.all(namespace).forTask(task.id()), PageRequest.first(100))
                .items().stream().sorted(Comparator.comparing(Run::scheduledAt))
                .map(run -> run.scheduledAt().atZone(SHANGHAI).toLocalDate() + " " + run.status()
                        + (run.error() == null ? "" : " " + run.error()))
                .toList();
    }

    private static String resource(String name) throws IOException {
        try (InputStream in = CalendarFirePassIT.class.getResourceAsStream("/calendars/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
