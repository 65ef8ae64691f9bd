package io.redcron.store.redis;

import io.redcron.config.RedisConfig;
import io.redcron.domain.Task;
import io.redcron.port.EventBus;
import io.redcron.port.EventBus.Event;
import io.redcron.port.EventBus.Event.Kind;
import io.redcron.port.TaskStore;
import io.redcron.store.mysql.MysqlTaskStore;
import io.redcron.store.mysql.TaskFixtures;
import io.redcron.testing.MysqlStores;
import io.redcron.testing.RedisNamespace;
import io.redcron.testing.TestRedis;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import redis.clients.jedis.Jedis;

import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** Changes made through the operators' tools reach the nodes as task-changed events. */
class AnnouncingTaskStoreIT {
    @RegisterExtension
    static final RedisNamespace redis = RedisNamespace.onSharedServer();
    @RegisterExtension
    static final MysqlStores mysql = MysqlStores.freshDatabase();

    @Test
    void everyChangeIsAnnouncedAndReadsAreNot() throws Exception {
        TaskStore tasks = new AnnouncingTaskStore(new MysqlTaskStore(mysql.pool(), Clock.systemUTC()), redis::client,
                redis.keys());
        EventBus bus = new RedisEventBus(redis.client(), redis.keys(), RedisConfig.fromUri(TestRedis.uri()));
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
        TaskStore tasks = new AnnouncingTaskStore(new MysqlTaskStore(mysql.pool(), Clock.systemUTC()), gone::client,
                gone.keys());

        Task created = tasks.create(TaskFixtures.shell(gone.keys().namespace(), "unannounced").build(), "ops");

        assertThat(tasks.get(created.id())).contains(created);
    }

    private static long subscribers() {
        try (Jedis probe = new Jedis(URI.create(TestRedis.uri()))) {
            return probe.pubsubNumSub(redis.keys().events()).getOrDefault(redis.keys().events(), 0L);
        }
    }
}
