package io.redcron.node.scheduler;

import com.zaxxer.hikari.HikariDataSource;
import io.redcron.domain.MisfirePolicy;
import io.redcron.domain.Run;
import io.redcron.domain.Task;
import io.redcron.node.alert.AlertSink;
import io.redcron.port.SchedulerStore;
import io.redcron.schedule.FirePlanner;
import io.redcron.store.mysql.MutableClock;
import io.redcron.store.mysql.MysqlFencingEpochs;
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

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** A pass bounds the fires of each task and the rows of each transaction separately. */
class FirePassIT {
    private static final Instant T0 = Instant.parse("2031-03-01T08:00:00Z");

    @RegisterExtension
    final MysqlStores mysql = MysqlStores.freshDatabase();
    @RegisterExtension
    final RedisNamespace namespaceOnRedis = RedisNamespace.onSharedServer();
    private final MutableClock clock = new MutableClock(T0);
    private final HikariDataSource pool = mysql.pool();
    private final UnifiedJedis redis = namespaceOnRedis.client();
    private final String namespace = namespaceOnRedis.namespace();

    @Test
    void eachTransactionCarriesAtMostTheRowsAllowedAndEachTaskAtMostItsFiresPerPass() {
        MysqlTaskStore tasks = new MysqlTaskStore(pool, clock);
        List<Task> created = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            created.add(tasks.create(TaskFixtures.shell(namespace, "every-second-" + i).cron("* * * * * ?").dialect(io.redcron.schedule.CronDialect.QUARTZ)
                    .misfirePolicy(MisfirePolicy.CATCH_UP).catchUpLimit(100).build(), "test"));
        }
        RecordingStore store = new RecordingStore(new MysqlSchedulerStore(pool, clock));
        RedisScheduleIndex index = new RedisScheduleIndex(redis, new RedisKeys(namespace));
        new IndexSync(namespace, store, index).pass(T0);
        long epoch = new MysqlFencingEpochs(pool, clock).advance(namespace, "leader");
        FirePass pass = new FirePass(namespace, store, index, new RedisRunQueue(redis, new RedisKeys(namespace)),
                new FirePlanner(Duration.ofSeconds(60), 4), 10, 5, AlertSink.NONE, TaskFireRules.NONE);
        clock.set(T0.plusSeconds(20));

        assertThat(pass.run(epoch, clock.instant(), clock.instant())).isEqualTo(3);

        // Four fires of each task, in three transactions: 4 + 4 would be more than five rows.
        assertThat(store.rowsPerCall).containsExactly(4, 4, 4);
        for (Task task : created) {
            assertThat(tasks.get(task.id()).orElseThrow().nextFireAt()).isEqualTo(task.nextFireAt().plusSeconds(4));
        }
        assertThat(index.due(T0.plusSeconds(20), 10)).hasSize(3);
    }

    /** The real store, with the size of every batch it was asked to record noted down. */
    private static final class RecordingStore implements SchedulerStore {
        private final SchedulerStore store;
        private final List<Integer> rowsPerCall = new ArrayList<>();

        RecordingStore(SchedulerStore store) {
            this.store = store;
        }

        @Override
        public List<Run> recordFires(String namespace, long epoch, List<TaskFires> batch) {
            rowsPerCall.add(batch.stream().mapToInt(fires -> fires.fires().size()).sum());
            return store.recordFires(namespace, epoch, batch);
        }

        @Override
        public List<ScheduleState> changedSince(String namespace, Instant since, long afterId, int limit) {
            return store.changedSince(namespace, since, afterId, limit);
        }

        @Override
        public List<ScheduleState> planned(String namespace, long afterId, int limit) {
            return store.planned(namespace, afterId, limit);
        }

        @Override
        public Map<Long, Task> tasks(Collection<Long> ids) {
            return store.tasks(ids);
        }

        @Override
        public Set<String> groups(String namespace) {
            return store.groups(namespace);
        }
    }
}
