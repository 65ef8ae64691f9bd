package io.redcron.node.scheduler;

import com.zaxxer.hikari.HikariDataSource;
import io.redcron.domain.Task;
import io.redcron.port.ScheduleIndex;
import io.redcron.port.SchedulerStore;
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

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The leader's index follows task changes, reading each burst of changes again only briefly; a
 * rebuild larger than a pass goes on over several and starts again when its index is lost.
 */
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

    @Test
    void aRebuildGoesOnOverSeveralPassesThenReadsTheChangesMadeMeanwhile() {
        List<Task> created = createTasks(9);
        IndexSync sliced = new IndexSync(namespace, new MysqlSchedulerStore(pool, clock), index, 2, 2);

        assertThat(sliced.pass(T0.plusSeconds(1))).isEqualTo(4);
        assertThat(sliced.rebuilding()).isTrue();
        clock.set(T0.plusSeconds(2));
        tasks.setEnabled(created.get(0).id(), false, "test"); // already in the index
        tasks.setEnabled(created.get(8).id(), false, "test"); // not read yet
        assertThat(sliced.pass(T0.plusSeconds(3))).isEqualTo(4);
        assertThat(sliced.pass(T0.plusSeconds(4))).isZero();
        assertThat(sliced.rebuilding()).isFalse();
        assertThat(indexed()).contains(created.get(0).id()).doesNotContain(created.get(8).id()).hasSize(8);

        sliced.pass(T0.plusSeconds(5));

        assertThat(indexed()).doesNotContain(created.get(0).id(), created.get(8).id()).hasSize(7);
    }

    @Test
    void changesStampedAlikeBeyondAPageAreAllReadAndALongBurstIsReadOnAtTheNextPass() {
        int count = IndexSync.MAX_PAGES_PER_LOOK * 2 + 3;
        List<Task> created = createTasks(count);
        IndexSync paged = new IndexSync(namespace, new MysqlSchedulerStore(pool, clock), index, 2, count);
        paged.pass(T0.plusSeconds(1));
        assertThat(paged.rebuilding()).isFalse();
        assertThat(index.size()).isEqualTo(count);

        clock.set(T0.plusSeconds(10)); // one change stamps every task alike
        created.forEach(task -> tasks.setEnabled(task.id(), false, "test"));

        assertThat(paged.pass(T0.plusSeconds(11))).as("one look reads its pages, not the same page again")
                .isEqualTo(IndexSync.MAX_PAGES_PER_LOOK * 2);
        assertThat(index.size()).isEqualTo(3);
        paged.pass(T0.plusSeconds(12));
        assertThat(index.size()).as("the next pass reads on where the last one stopped").isZero();
    }

    @Test
    void aRebuildWhoseIndexIsLostStartsAgainFromTheFirstTask() {
        List<Task> created = createTasks(5);
        IndexSync sliced = new IndexSync(namespace, new MysqlSchedulerStore(pool, clock), index, 2, 1);
        sliced.pass(T0.plusSeconds(1));
        sliced.pass(T0.plusSeconds(2));
        assertThat(index.size()).isEqualTo(4);

        redis.del(new RedisKeys(namespace).schedule()); // Redis restarted empty
        while (sliced.rebuilding()) {
            sliced.pass(T0.plusSeconds(3));
        }

        assertThat(indexed()).containsExactlyInAnyOrderElementsOf(created.stream().map(Task::id).toList());
    }

    @Test
    void aRebuildPassThatFailsStartsTheRebuildAgainFromTheFirstTask() {
        List<Task> created = createTasks(5);
        MysqlSchedulerStore store = new MysqlSchedulerStore(pool, clock);
        List<Long> readAfter = new ArrayList<>();
        SchedulerStore failingOnce = (SchedulerStore) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {SchedulerStore.class}, (proxy, method, args) -> {
                    if (method.getName().equals("planned")) {
                        readAfter.add((Long) args[1]);
                        if (readAfter.size() == 2) {
                            throw new IllegalStateException("MySQL went away");
                        }
                    }
                    try {
                        return method.invoke(store, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
        IndexSync sliced = new IndexSync(namespace, failingOnce, index, 2, 1);
        sliced.pass(T0.plusSeconds(1));

        assertThatThrownBy(() -> sliced.pass(T0.plusSeconds(2))).hasMessage("MySQL went away");
        assertThat(sliced.rebuilding()).isFalse();
        do {
            sliced.pass(T0.plusSeconds(3));
        } while (sliced.rebuilding());

        long second = created.get(1).id();
        long fourth = created.get(3).id();
        assertThat(readAfter).containsExactly(0L, second, 0L, second, fourth);
        assertThat(indexed()).containsExactlyInAnyOrderElementsOf(created.stream().map(Task::id).toList());
    }

    /** Tasks created a millisecond apart from T0 on, as tasks created one by one are. */
    private List<Task> createTasks(int count) {
        List<Task> created = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            clock.set(T0.plusMillis(i));
            created.add(tasks.create(TaskFixtures.shell(namespace, "task-" + i).build(), "test"));
        }
        return created;
    }

    private List<Long> indexed() {
        return index.due(Instant.parse("9999-01-01T00:00:00Z"), 1000).stream().map(ScheduleIndex.Entry::taskId).toList();
    }
}
