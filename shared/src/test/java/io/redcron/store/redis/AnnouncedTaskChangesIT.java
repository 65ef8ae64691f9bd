package io.redcron.store.redis;

import io.redcron.testing.RedisNamespace;
import com.zaxxer.hikari.HikariDataSource;
import io.redcron.config.RedisConfig;
import io.redcron.domain.Task;
import io.redcron.ops.AnnouncingTaskStore;
import io.redcron.port.EventBus;
import io.redcron.port.EventBus.Event;
import io.redcron.port.EventBus.Event.Kind;
import io.redcron.port.TaskStore;
import io.redcron.store.mysql.MysqlTaskStore;
import io.redcron.store.mysql.TaskFixtures;
import io.redcron.testing.TestDatabase;
import io.redcron.testing.TestRedis;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;

import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Changes made through the operators' tools reach the nodes as task-changed events over the
 * Redis event bus, and a Redis that is gone fails no change.
 */
class AnnouncedTaskChangesIT {
    private static RedisNamespace redis;
    private static HikariDataSource database;

    @BeforeAll
    static void open() {
        redis = RedisNamespace.onSharedServer();
        database = TestDatabase.freshDataSource();
    }

    @AfterAll
    static void close() {
        redis.close();
        database.close();
    }

    @Test
    void everyChangeIsAnnouncedAndReadsAreNot() throws Exception {
        EventBus bus = new RedisEventBus(redis.client(), redis.keys(), RedisConfig.fromUri(TestRedis.uri()));
        TaskStore tasks = new AnnouncingTaskStore(new MysqlTaskStore(database, Clock.systemUTC()), () -> bus);
        List<Event> heard = new CopyOnWriteArrayList<>();
        try (AutoCloseable subscription = bus.subscribe(heard::add)) {
            await().atMost(Duration.ofSeconds(5)).until(() -> subscribers() == 1);

            Task created = tasks.create(TaskFixtures.shell(redis.keys().namespace(), "announced").build(), "ops");
            tasks.get(created.id());
            tasks.findByName(created.namespace(), created.name());
            Task updated = tasks.update(created.toBuilder().cron("15 * * * *").build(), "ops");
            tasks.setEnabled(updated.id(), false, "ops");
            tasks.delete(updated.id(), "ops");
            assertThat(tasks.delete(updated.id(), "ops")).isFalse();

            Event changed = new Event(Kind.TASK_CHANGED, created.id());
            await().atMost(Duration.ofSeconds(5)).until(() -> heard.size() >= 4);
            assertThat(heard).containsExactly(changed, changed, changed, changed);
        }
    }

    @Test
    void aRedisThatIsGoneDoesNotUndoOrFailTheChange() {
        RedisNamespace gone = RedisNamespace.onSharedServer();
        gone.close();
        EventBus closed = new RedisEventBus(gone.client(), gone.keys(), RedisConfig.fromUri(TestRedis.uri()));
        TaskStore tasks = new AnnouncingTaskStore(new MysqlTaskStore(database, Clock.systemUTC()), () -> closed);

        Task created = tasks.create(TaskFixtures.shell(gone.keys().namespace(), "unannounced").build(), "ops");

        assertThat(tasks.get(created.id())).contains(created);
    }

    private static long subscribers() {
        try (Jedis probe = new Jedis(URI.create(TestRedis.uri()))) {
            return probe.pubsubNumSub(redis.keys().events()).getOrDefault(redis.keys().events(), 0L);
        }
    }
}
