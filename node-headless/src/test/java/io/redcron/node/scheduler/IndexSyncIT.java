package io.redcron.node.scheduler;

import com.zaxxer.hikari.HikariDataSource;
import io.redcron.domain.Task;
import io.redcron.port.ScheduleIndex;
import io.redcron.store.mysql.MutableClock;
import io.redcron.store.mysql.MysqlSchedulerStore;
import io.redcron.store.mysql.MysqlTaskStore;
import io.redcron.store.mysql.TaskFixtures;
import io.redcron.store.redis.RedisKeys;
import io.redcron.store.redis.RedisScheduleIndex;
import io.redcron.testing.MysqlStores;
import io.redcron.testing.RedisNamespace;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import redis.clients.jedis.UnifiedJedis;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The leader's index follows task changes, reading each burst of changes again only briefly. */
class IndexSyncIT {
    private static final Instant T0 = Instant.parse("2031-03-01T08:00:00Z");
    private static final int BURST = 50;

    @RegisterExtension
    final MysqlStores mysql = MysqlStores.freshDatabase();
    @RegisterExtension
    final RedisNamespace namespaceOnRedis = RedisNamespace.onSharedServer();
    private final MutableClock clock = new MutableClock(T0);
    private final HikariDataSource pool = mysql.pool();
    private final UnifiedJedis redis = namespaceOnRedis.client();
    private MysqlTaskStore tasks;
    private ScheduleIndex index;
    private IndexSync sync;
    private String namespace;

    @BeforeEach
    void open() {
        namespace = namespaceOnRedis.namespace();
        tasks = new MysqlTaskStore(pool, clock);
        index = new RedisScheduleIndex(redis, new RedisKeys(namespace));
        sync = new IndexSync(namespace, new MysqlSchedulerStore(pool, clock), index);
    }

    @Test
    void aBurstOfChangesIsReadAgainOnlyWithinTheOverlapThenNewChangesAloneAreRead() {
        List<Task> burst = new ArrayList<>();
        for (int i = 0; i < BURST; i++) {
            burst.add(tasks.create(TaskFixtures.shell(namespace, "task-" + i).build(), "test"));
        }
        assertThat(sync.pass(T0.plusSeconds(1))).isEqualTo(BURST); // the rebuild
        assertThat(index.size()).isEqualTo(BURST);

        // While the previous look came within the overlap of the burst, a late commit could have
        // been missed by it, so the burst is read again ...
        assertThat(sync.pass(T0.plusSeconds(2))).isEqualTo(BURST);
        assertThat(sync.pass(T0.plusSeconds(4))).isEqualTo(BURST);
        assertThat(sync.pass(T0.plusSeconds(20))).isEqualTo(BURST);
        // ... and once a look came more than the overlap after it, never again.
        assertThat(sync.pass(T0.plusSeconds(30))).isZero();
        assertThat(sync.pass(T0.plusSeconds(35))).isZero();

        clock.set(T0.plusSeconds(40));
        Task disabled = tasks.setEnabled(burst.get(7).id(), false, "test");
        assertThat(sync.pass(T0.plusSeconds(41))).isEqualTo(1);
        assertThat(index.size()).isEqualTo(BURST - 1);

        // Stamped before the previous look but committed after it: still within the overlap.
        clock.set(T0.plusSeconds(38));
        tasks.setEnabled(disabled.id(), true, "test");
        assertThat(sync.pass(T0.plusSeconds(42))).isEqualTo(1);
        assertThat(index.size()).isEqualTo(BURST);
    }
}
