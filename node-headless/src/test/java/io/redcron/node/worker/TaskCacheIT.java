package io.redcron.node.worker;

import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariDataSource;
import io.redcron.domain.ShellPayload;
import io.redcron.domain.Task;
import io.redcron.store.mysql.MutableClock;
import io.redcron.store.mysql.MysqlTaskStore;
import io.redcron.testing.MysqlStores;
import io.redcron.testing.TestRedis;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

class TaskCacheIT {
    @RegisterExtension
    static final MysqlStores mysql = MysqlStores.freshDatabase();
    private static final HikariDataSource pool = mysql.pool();
    private final MutableClock clock = new MutableClock(Instant.parse("2030-01-01T10:00:00Z"));
    private final MysqlTaskStore tasks = new MysqlTaskStore(pool, Clock.systemUTC());
    private final TaskCache cache = new TaskCache(tasks, clock, Duration.ofSeconds(5));
    private final String ns = TestRedis.freshNamespace();

    @Test
    void aDefinitionIsReusedUntilItsTimeIsUpOrItsChangeIsAnnounced() {
        Task task = tasks.create(shell("backup", "echo one"), "alice");
        assertThat(cache.get(List.of(task.id()))).containsEntry(task.id(), task);
        Task edited = tasks.update(task.toBuilder().payload(new ShellPayload("echo two", null, Map.of())).build(), "alice");

        Task cached = cache.get(List.of(task.id())).get(task.id());
        clock.advance(Duration.ofSeconds(5));
        Task afterTtl = cache.get(List.of(task.id())).get(task.id());
        Task again = tasks.update(edited.toBuilder().payload(new ShellPayload("echo three", null, Map.of())).build(), "alice");
        cache.invalidate(task.id());
        Task afterEvent = cache.get(List.of(task.id())).get(task.id());

        assertThat(cached).isEqualTo(task);
        assertThat(afterTtl).isEqualTo(edited);
        assertThat(afterEvent).isEqualTo(again);
    }

    @Test
    void aFreshReadSeesAnEditAtOnceAndServesLaterReadsFromTheCache() {
        Task task = tasks.create(shell("report", "echo one"), "alice");
        cache.get(List.of(task.id()));
        Task edited = tasks.update(task.toBuilder().payload(new ShellPayload("echo two", null, Map.of())).build(), "alice");

        Task fresh = cache.fresh(task.id()).orElseThrow();
        tasks.delete(task.id(), "alice");
        Task cachedAfterwards = cache.get(List.of(task.id())).get(task.id());

        assertThat(fresh).isEqualTo(edited);
        assertThat(cachedAfterwards).isEqualTo(edited);
        assertThat(cache.fresh(task.id())).isEmpty();
        assertThat(cache.get(List.of(task.id()))).isEmpty();
    }

    @Test
    void aDeletedTaskIsAbsentOnceReadAgain() {
        Task task = tasks.create(shell("report", "echo report"), "alice");
        Task other = tasks.create(shell("other", "echo other"), "alice");
        cache.get(List.of(task.id(), other.id()));

        tasks.delete(task.id(), "alice");
        cache.invalidate(task.id());

        assertThat(cache.get(List.of(task.id(), other.id(), Long.MAX_VALUE))).containsOnlyKeys(other.id());
    }

    private Task shell(String name, String command) {
        return Task.builder().namespace(ns).name(name).cron("0 0 * * * ?").dialect(io.redcron.schedule.CronDialect.QUARTZ)
                .payload(new ShellPayload(command, null, Map.of())).build();
    }
}
