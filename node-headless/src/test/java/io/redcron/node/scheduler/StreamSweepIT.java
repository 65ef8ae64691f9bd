package io.redcron.node.scheduler;

import com.zaxxer.hikari.HikariDataSource;
import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.Task;
import io.redcron.port.QueuedRun;
import io.redcron.port.RunOutcome;
import io.redcron.port.RunQueue;
import io.redcron.store.mysql.MutableClock;
import io.redcron.store.mysql.MysqlRecoveryStore;
import io.redcron.store.mysql.MysqlRunStore;
import io.redcron.store.mysql.MysqlTaskStore;
import io.redcron.store.mysql.TaskFixtures;
import io.redcron.store.redis.RedisKeys;
import io.redcron.store.redis.RedisRunQueue;
import io.redcron.testing.MysqlStores;
import io.redcron.testing.RedisNamespace;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.params.XAddParams;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Set;
import java.util.stream.LongStream;

import static org.assertj.core.api.Assertions.assertThat;

/** Stream entries of runs that no longer wait go; those of waiting runs, and those a worker is deciding, stay. */
class StreamSweepIT {
    private static final Instant T0 = Instant.parse("2031-05-01T08:00:00Z");
    private static final Set<String> ETL = Set.of("etl");
    private static final Duration FRESH = Duration.ofMinutes(1);

    @RegisterExtension
    final MysqlStores mysql = MysqlStores.freshDatabase();
    @RegisterExtension
    final RedisNamespace namespaceOnRedis = RedisNamespace.onSharedServer();
    private final MutableClock clock = new MutableClock(T0);
    private final HikariDataSource pool = mysql.pool();
    private final UnifiedJedis redis = namespaceOnRedis.client();
    private RedisKeys keys;
    private MysqlRunStore runs;
    private MysqlRecoveryStore recovery;
    private RunQueue queue;
    private Task task;

    @BeforeEach
    void open() {
        String namespace = namespaceOnRedis.namespace();
        keys = namespaceOnRedis.keys();
        runs = new MysqlRunStore(pool, clock);
        recovery = new MysqlRecoveryStore(pool);
        queue = new RedisRunQueue(redis, keys);
        task = new MysqlTaskStore(pool, clock).create(TaskFixtures.shell(namespace, "load").group("etl").build(), "test");
    }

    @Test
    void entriesOfRunsThatEndedOrRunUnderAClaimAreRemovedAndThoseOfWaitingRunsKept() {
        Run queued = manual();
        Run retrying = claim(manual());
        runs.complete(retrying.id(), 1, RunStatus.RUNNING,
                new RunOutcome(RunStatus.RETRYING, T0, 1, "boom", "exit 1", T0.plusSeconds(30)));
        Run running = claim(manual());
        Run succeeded = claim(manual());
        runs.complete(succeeded.id(), 1, RunStatus.RUNNING, new RunOutcome(RunStatus.SUCCEEDED, T0, 0, "ok", null));
        long deleted = succeeded.id() + 1_000;
        enqueue(queued.id(), retrying.id(), running.id(), succeeded.id(), deleted, queued.id());

        int removed = new StreamSweep(queue, recovery, FRESH, 100).run(ETL);

        assertThat(removed).isEqualTo(3);
        assertThat(queue.waiting("etl", 100)).containsExactly(queued.id(), retrying.id());
        assertThat(queue.length("etl")).as("both entries of the queued run stay").isEqualTo(3);
    }

    @Test
    void anEntryAWorkerWasJustHandedIsLeftToItUntilItHasHeldItTooLong() {
        Run succeeded = claim(manual());
        runs.complete(succeeded.id(), 1, RunStatus.RUNNING, new RunOutcome(RunStatus.SUCCEEDED, T0, 0, "ok", null));
        enqueue(succeeded.id());
        queue.read("w1", ETL, 10, Duration.ZERO);

        assertThat(new StreamSweep(queue, recovery, FRESH, 100).run(ETL)).isZero();
        assertThat(queue.length("etl")).isEqualTo(1);

        assertThat(new StreamSweep(queue, recovery, Duration.ZERO, 100).run(ETL)).isEqualTo(1);
        assertThat(queue.length("etl")).isZero();
        assertThat(redis.xpending(keys.stream("etl"), keys.consumerGroup()).getTotal()).as("acknowledged too").isZero();
    }

    @Test
    void aLongStreamIsCoveredOverSeveralPassesEachReadingWhereTheLastStopped() {
        Run queued = manual();
        enqueue(LongStream.generate(queued::id).limit(10).toArray());
        long firstGone = queued.id() + 1_000;
        enqueue(LongStream.range(firstGone, firstGone + 15).toArray());
        StreamSweep sweep = new StreamSweep(queue, recovery, FRESH, 10);

        assertThat(sweep.run(ETL)).as("the first ten wait").isZero();
        assertThat(sweep.run(ETL)).isEqualTo(10);
        assertThat(sweep.run(ETL)).isEqualTo(5);
        assertThat(queue.length("etl")).isEqualTo(10);
        assertThat(sweep.run(ETL)).as("starting over at the front").isZero();
    }

    @Test
    void malformedEntriesAreRemovedOnTheWayWithoutStoppingThePass() {
        long gone = manual().id() + 1_000;
        redis.xadd(keys.stream("etl"), XAddParams.xAddParams(), Map.of("run", "abc"));
        enqueue(gone);
        redis.xadd(keys.stream("etl"), XAddParams.xAddParams(), Map.of("note", "by hand"));

        assertThat(new StreamSweep(queue, recovery, FRESH, 100).run(ETL)).isEqualTo(1);
        assertThat(queue.length("etl")).isZero();
    }

    @Test
    void theEntriesOfGivenRunsAreRemovedFromTheFrontOfTheStream() {
        Run failed = manual();
        Run other = manual();
        enqueue(failed.id(), other.id(), failed.id());

        int removed = new StreamSweep(queue, recovery, FRESH, 100).removeEntriesOf("etl", Set.of(failed.id()));

        assertThat(removed).isEqualTo(2);
        assertThat(queue.waiting("etl", 10)).containsExactly(other.id());
    }

    private Run manual() {
        return runs.insertManual(task.id(), clock.instant(), 3, Map.of());
    }

    private Run claim(Run run) {
        return runs.claim(run.id(), "node-a", clock.instant(), clock.instant().plusSeconds(30)).orElseThrow();
    }

    private void enqueue(long... runIds) {
        queue.enqueue(LongStream.of(runIds).mapToObj(id -> QueuedRun.of("etl", id)).toList());
    }
}
