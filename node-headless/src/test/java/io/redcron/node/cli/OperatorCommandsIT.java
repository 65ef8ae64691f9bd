package io.redcron.node.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.zaxxer.hikari.HikariDataSource;
import io.redcron.config.RedisConfig;
import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.port.QueuedRun;
import io.redcron.port.RunOutcome;
import io.redcron.store.mysql.MysqlDataSources;
import io.redcron.store.mysql.MysqlRunStore;
import io.redcron.store.redis.RedisConnector;
import io.redcron.store.redis.RedisKeys;
import io.redcron.store.redis.RedisRunQueue;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.UnifiedJedis;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** The operator actions both front ends offer, from the command line: retrying runs and handling dead runs. */
class OperatorCommandsIT {
    private static StoreCli database;
    private static HikariDataSource pool;
    private static MysqlRunStore runs;
    private static UnifiedJedis redis;

    private StoreCli cli;

    @BeforeAll
    static void stores() {
        database = StoreCli.fresh();
        pool = MysqlDataSources.open(database.mysql);
        runs = new MysqlRunStore(pool, Clock.systemUTC());
        redis = RedisConnector.open(RedisConfig.fromUri(database.redisUri), "operator-commands-it", 2);
    }

    @AfterAll
    static void close() {
        redis.close();
        pool.close();
    }

    @BeforeEach
    void namespace() {
        cli = database.inNewNamespace();
        cli.ok("task add", "--name", "job", "--cron", "0 1 * * *", "--param", "DAY=mon", "--shell", "echo $REDCRON_PARAM_DAY");
    }

    @Test
    void aRunAskedForLaterWaitsForItsTimeOffTheStreamAndCanBeCancelledBeforeIt() {
        JsonNode later = cli.json("trigger", "job", "--in", "30m", "--param", "DAY=wed");
        long id = later.get("id").asLong();
        assertThat(later.get("trigger").asText()).isEqualTo("one_off");
        assertThat(later.get("status").asText()).isEqualTo("QUEUED");
        assertThat(later.get("recorded").asBoolean()).isTrue();
        Instant at = Instant.parse(later.get("scheduledAt").asText());
        assertThat(at).isBetween(Instant.now().plus(Duration.ofMinutes(29)), Instant.now().plus(Duration.ofMinutes(31)));
        assertThat(waiting("default")).as("not on the stream before its time").doesNotContain(id);
        assertThat(new RedisRunQueue(redis, new RedisKeys(cli.namespace)).delayed(100)).contains(id);

        assertThat(cli.ok("cancel", Long.toString(id))).contains("cancelled");
        assertThat(runs.get(id).orElseThrow().status()).isEqualTo(RunStatus.CANCELLED);

        Instant inAMonth = Instant.now().plus(Duration.ofDays(30)).truncatedTo(ChronoUnit.SECONDS);
        JsonNode at2 = cli.json("trigger", "job", "--at", inAMonth.toString());
        assertThat(Instant.parse(at2.get("scheduledAt").asText())).as("off the whole second")
                .isEqualTo(inAMonth.plusMillis(1));
        assertThat(cli.run("trigger", "job", "--at", "2026-13-01").err()).startsWith("redcron-node: at: ");
        assertThat(cli.run("trigger", "job", "--in", "30m", "--at", inAMonth.toString()).err())
                .startsWith("redcron-node: in: give --at or --in, not both");
        assertThat(cli.run("trigger", "job", "--at", "2199-01-01T10:00:00Z").err())
                .startsWith("redcron-node: at: is more than 366 days ahead");
    }

    @Test
    void aRepeatedIdempotencyKeyPrintsTheFirstRunAndRecordsNothing() {
        JsonNode first = cli.json("trigger", "job", "--idempotency-key", "upload-1");
        JsonNode again = cli.json("trigger", "job", "--idempotency-key", "upload-1", "--param", "DAY=fri");
        assertThat(again.get("id").asLong()).isEqualTo(first.get("id").asLong());
        assertThat(again.get("recorded").asBoolean()).isFalse();
        assertThat(cli.ok("trigger", "job", "--idempotency-key", "upload-1"))
                .contains("already has run " + first.get("id").asLong());
        assertThat(cli.json("audit list", "--subject", "run:" + first.get("id").asLong())).hasSize(1);
    }

    @Test
    void retryOfAnEndedRunRecordsANewManualRunWithTheSameParameters() {
        long failed = cli.json("trigger", "job", "--param", "DAY=tue").get("id").asLong();
        finish(failed, RunStatus.FAILED);

        JsonNode again = cli.json("runs retry", Long.toString(failed));

        long id = again.get("id").asLong();
        assertThat(id).isNotEqualTo(failed);
        assertThat(again.get("status").asText()).isEqualTo("QUEUED");
        assertThat(again.get("trigger").asText()).isEqualTo("manual");
        assertThat(again.at("/params/DAY").asText()).isEqualTo("tue");
        assertThat(cli.json("runs show", Long.toString(failed)).get("status").asText()).isEqualTo("FAILED");
        assertThat(waiting("default")).contains(id);
        JsonNode audit = cli.json("audit list", "--subject", "run:" + id);
        assertThat(audit).hasSize(1);
        assertThat(audit.at("/0/action").asText()).isEqualTo("run.retry");
        assertThat(audit.at("/0/before").asText()).contains("\"id\":" + failed).contains("DAY").doesNotContain("tue");
        assertThat(audit.at("/0/after").asText()).contains("\"id\":" + id).doesNotContain("tue");
    }

    @Test
    void retrySaysWhatItDid() {
        long failed = trigger();
        finish(failed, RunStatus.FAILED);

        String out = cli.ok("runs retry", Long.toString(failed));

        assertThat(out).startsWith("Retried run " + failed + " of task 'job': run ").contains(" is queued. Follow it with:");
    }

    @Test
    void retryOfARunThatHasNotEndedIsAConflictAndChangesNothing() {
        long queued = trigger();

        Cli.Result result = cli.run("runs retry", Long.toString(queued));

        assertThat(result.exitCode()).as(result.toString()).isEqualTo(ExitCode.CONFLICT);
        assertThat(result.err()).isEqualTo("redcron-node: run " + queued + " has not ended (QUEUED); only an ended run"
                + " can be run again\n");
        assertThat(cli.json("runs list")).hasSize(1);
    }

    @Test
    void retryOfARunOfAnotherNamespaceIsNotFound() {
        long failed = trigger();
        finish(failed, RunStatus.FAILED);

        Cli.Result result = cli.inNewNamespace().run("runs retry", Long.toString(failed));

        assertThat(result.exitCode()).as(result.toString()).isEqualTo(ExitCode.NOT_FOUND);
        assertThat(result.err()).startsWith("redcron-node: no run " + failed + " in namespace '");
    }

    @Test
    void deadRunsAreListedNewestFirst() {
        long first = deadRun("exit 1");
        long second = deadRun("exit 2");

        JsonNode dead = cli.json("queues dead");

        assertThat(dead).hasSize(2);
        assertThat(dead.at("/0/runId").asLong()).isEqualTo(second);
        assertThat(dead.at("/1/runId").asLong()).isEqualTo(first);
        assertThat(dead.at("/1/reason").asText()).isEqualTo("exit 1");
        assertThat(dead.at("/1/group").asText()).isEqualTo("default");
        assertThat(cli.ok("queues dead")).contains("ENTRY", "RUN", "REASON", Long.toString(first), "exit 2");
        assertThat(cli.ok("queues dead", "--limit", "1")).contains("(1 of 2; more with --limit)");
        assertThat(cli.json("queues").get("dead").asLong()).isEqualTo(2);
    }

    @Test
    void noDeadRuns() {
        assertThat(cli.ok("queues dead")).isEqualTo("No dead runs.\n");
        assertThat(cli.json("queues dead")).isEmpty();
    }

    @Test
    void requeueByRunIdRecordsANewRunQueuesItAndTakesTheEntry() {
        long dead = deadRun("exit 1");

        String out = cli.ok("queues dead requeue", Long.toString(dead));

        JsonNode newest = cli.json("runs list", "--limit", "1").get(0);
        long fresh = newest.get("id").asLong();
        assertThat(fresh).isNotEqualTo(dead);
        assertThat(out).isEqualTo("Dead run " + dead + " requeued: run " + fresh + " is queued. Follow it with:"
                + " redcron-node runs tail " + fresh + "\n");
        assertThat(waiting("default")).contains(fresh);
        assertThat(cli.json("queues dead")).isEmpty();
        JsonNode audit = cli.json("audit list", "--subject", "run:" + dead);
        assertThat(audit.at("/0/action").asText()).isEqualTo("dead.requeue");
        assertThat(audit.at("/0/after").asText()).contains("\"id\":" + fresh);

        Cli.Result again = cli.run("queues dead requeue", Long.toString(dead));
        assertThat(again.exitCode()).as(again.toString()).isEqualTo(ExitCode.NOT_FOUND);
        assertThat(again.err()).isEqualTo("redcron-node: run " + dead + " is not among the dead runs\n");
    }

    @Test
    void requeueByEntryId() {
        long dead = deadRun("exit 1");
        String entry = cli.json("queues dead").at("/0/entry").asText();

        assertThat(cli.ok("queues dead requeue", entry)).startsWith("Dead run " + dead + " requeued: run ");
        assertThat(cli.run("queues dead requeue", entry).exitCode()).isEqualTo(ExitCode.NOT_FOUND);
    }

    @Test
    void requeueOfARunRunningAgainLeavesItsEntry() {
        long id = trigger();
        claim(id);
        Run run = runs.get(id).orElseThrow();
        new RedisRunQueue(redis, new RedisKeys(cli.namespace)).dead(QueuedRun.of(run.group(), id), "lost", Instant.now());

        assertThat(cli.ok("queues dead requeue", Long.toString(id)))
                .isEqualTo("Dead run " + id + " is RUNNING again; not requeued, so it never runs twice at once.\n");
        assertThat(cli.json("queues dead")).hasSize(1);
    }

    @Test
    void requeueRefusesWhatIsNeitherAnEntryNorARun() {
        Cli.Result result = cli.run("queues dead requeue", "latest");

        assertThat(result.exitCode()).as(result.toString()).isEqualTo(ExitCode.INVALID);
        assertThat(result.err()).contains("not an entry id").contains("'latest'");
    }

    @Test
    void purgeOfNamedEntriesKeepsTheOthersAndTheRunHistory() {
        long first = deadRun("exit 1");
        long second = deadRun("exit 2");

        assertThat(cli.ok("queues dead purge", Long.toString(first))).isEqualTo("Purged 1 dead run(s).\n");

        assertThat(cli.json("queues dead").findValues("runId")).extracting(JsonNode::asLong).containsExactly(second);
        assertThat(cli.json("runs show", Long.toString(first)).get("status").asText()).isEqualTo("FAILED");
        JsonNode audit = cli.json("audit list", "--subject", "queue:dead");
        assertThat(audit.at("/0/action").asText()).isEqualTo("dead.purge");
        assertThat(audit.at("/0/before").asText()).contains(Long.toString(first)).doesNotContain(Long.toString(second));
    }

    @Test
    void purgeAllNeedsItsConfirmation() {
        deadRun("exit 1");
        deadRun("exit 2");

        Cli.Result unconfirmed = cli.run("queues dead purge", "--all");
        assertThat(unconfirmed.exitCode()).as(unconfirmed.toString()).isEqualTo(ExitCode.INVALID);
        assertThat(unconfirmed.err()).contains("--yes");
        assertThat(cli.json("queues dead")).hasSize(2);

        assertThat(cli.ok("queues dead purge", "--all", "--yes")).isEqualTo("Purged 2 dead run(s).\n");
        assertThat(cli.json("queues dead")).isEmpty();
        assertThat(cli.json("audit list", "--subject", "queue:dead").at("/0/action").asText()).isEqualTo("dead.purge-all");
    }

    @Test
    void purgeNeedsSomethingToPurgeButNotBoth() {
        long dead = deadRun("exit 1");

        assertThat(cli.run("queues dead purge").exitCode()).isEqualTo(ExitCode.INVALID);
        assertThat(cli.run("queues dead purge", Long.toString(dead), "--all", "--yes").exitCode())
                .isEqualTo(ExitCode.INVALID);
        assertThat(cli.run("queues dead purge", Long.toString(dead), "--yes").exitCode()).isEqualTo(ExitCode.INVALID);
        assertThat(cli.json("queues dead")).hasSize(1);
    }

    private long trigger() {
        return cli.json("trigger", "job").get("id").asLong();
    }

    /** A run that failed for good, as a worker leaves it: FAILED in the history, an entry in the dead list. */
    private long deadRun(String reason) {
        long id = trigger();
        finish(id, RunStatus.FAILED);
        Run run = runs.get(id).orElseThrow();
        new RedisRunQueue(redis, new RedisKeys(cli.namespace))
                .dead(QueuedRun.of(run.group(), id), reason, Instant.now().truncatedTo(ChronoUnit.MILLIS));
        return id;
    }

    private java.util.Set<Long> waiting(String group) {
        return new RedisRunQueue(redis, new RedisKeys(cli.namespace)).waiting(group, 100);
    }

    private static void claim(long id) {
        Instant now = Instant.now();
        assertThat(runs.claim(id, "node-a", now, now.plus(Duration.ofMinutes(5)))).isPresent();
    }

    private static void finish(long id, RunStatus status) {
        claim(id);
        Run run = runs.get(id).orElseThrow();
        assertThat(runs.complete(id, run.attempt(), RunStatus.RUNNING,
                new RunOutcome(status, Instant.now(), 1, "", "exit 1"))).isTrue();
    }
}
