package io.redcron.node.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.zaxxer.hikari.HikariDataSource;
import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.port.RunOutcome;
import io.redcron.store.mysql.MysqlRunStore;
import io.redcron.store.redis.RedisKeys;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.StreamEntryID;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** Run history, queues and cluster state from the command line, with no node running. */
class RunsCommandsIT {
    @RegisterExtension
    static final StoreCli database = StoreCli.fresh();
    private static HikariDataSource pool;
    private static MysqlRunStore runs;
    private static UnifiedJedis redis;

    private StoreCli cli;

    @BeforeAll
    static void stores() {
        pool = database.pool();
        runs = new MysqlRunStore(pool, Clock.systemUTC());
        redis = database.redis();
    }

    @BeforeEach
    void namespace() {
        cli = database.inNewNamespace();
        cli.ok("task add", "--name", "job", "--cron", "0 1 * * *", "--param", "DAY=mon", "--shell", "echo $REDCRON_PARAM_DAY");
    }

    @Test
    void triggerRecordsAManualRunWithItsParametersAndQueuesIt() {
        Instant before = Instant.now().minusSeconds(1);

        String out = cli.ok("trigger", "job", "--param", "DAY=tue", "--param", "NOTE=; rm -rf /");

        long id = Long.parseLong(out.replaceAll("(?s).*run (\\d+) is queued.*", "$1"));
        assertThat(out).isEqualTo("Triggered task 'job': run " + id + " is queued. Follow it with: redcron-node runs tail "
                + id + "\n");
        JsonNode run = cli.json("runs show", Long.toString(id));
        assertThat(run.get("trigger").asText()).isEqualTo("manual");
        assertThat(run.get("status").asText()).isEqualTo("QUEUED");
        assertThat(run.get("task").asText()).isEqualTo("job");
        assertThat(run.at("/params/DAY").asText()).isEqualTo("tue");
        assertThat(run.at("/params/NOTE").asText()).isEqualTo("; rm -rf /");
        assertThat(OffsetDateTime.parse(run.get("scheduledAt").asText()).toInstant()).isAfter(before);

        JsonNode queues = cli.json("queues");
        assertThat(queues.get("streams")).hasSize(1);
        assertThat(queues.at("/streams/0/group").asText()).isEqualTo("default");
        assertThat(queues.at("/streams/0/length").asLong()).isEqualTo(1);
        assertThat(queues.get("delayed").asLong()).isZero();
        assertThat(queues.get("dead").asLong()).isZero();

        JsonNode audit = cli.json("audit list", "--subject", "run:" + id);
        assertThat(audit).hasSize(1);
        assertThat(audit.at("/0/action").asText()).isEqualTo("run.trigger");
        assertThat(audit.at("/0/actor").asText()).startsWith("cli:");
        assertThat(audit.at("/0/databaseAccount").asText()).startsWith(cli.mysql.user() + "@");
        assertThat(audit.at("/0/after").asText()).contains("NOTE").doesNotContain("rm -rf");
        assertThat(cli.ok("audit list")).contains("DATABASE ACCOUNT").contains("run.trigger").contains("run:" + id)
                .contains(audit.at("/0/databaseAccount").asText());
    }

    @Test
    void triggerTwiceMakesTwoRuns() {
        long first = cli.json("trigger", "job").get("id").asLong();
        long second = cli.json("trigger", "job").get("id").asLong();

        assertThat(second).isNotEqualTo(first);
        assertThat(cli.json("runs list")).hasSize(2);
        assertThat(cli.json("queues").at("/streams/0/length").asLong()).isEqualTo(2);
    }

    @Test
    void runsListJsonHasTheFieldsScriptsRelyOn() {
        long queued = trigger();
        long succeeded = trigger();
        finish(succeeded, RunStatus.SUCCEEDED, 0, "hello\n");

        JsonNode list = cli.json("runs list");

        assertThat(list).extracting(r -> r.get("id").asLong()).containsExactlyInAnyOrder(queued, succeeded);
        for (JsonNode run : list) {
            assertThat(run.fieldNames()).toIterable().contains("id", "task", "scheduledAt", "status", "attempt", "node",
                    "startedAt", "finishedAt", "exitCode");
        }
        JsonNode done = find(list, succeeded);
        assertThat(done.get("task").asText()).isEqualTo("job");
        assertThat(done.get("status").asText()).isEqualTo("SUCCEEDED");
        assertThat(done.get("attempt").asInt()).isEqualTo(1);
        assertThat(done.get("node").asText()).isEqualTo("node-a");
        assertThat(done.get("exitCode").asInt()).isZero();
        assertThat(OffsetDateTime.parse(done.get("startedAt").asText())).isNotNull();
        assertThat(OffsetDateTime.parse(done.get("finishedAt").asText())).isNotNull();
        JsonNode waiting = find(list, queued);
        assertThat(waiting.get("status").asText()).isEqualTo("QUEUED");
        assertThat(waiting.get("attempt").asInt()).isZero();
        assertThat(waiting.get("node").isNull()).isTrue();
        assertThat(waiting.get("startedAt").isNull()).isTrue();
        assertThat(waiting.get("exitCode").isNull()).isTrue();
    }

    @Test
    void runsListFilters() {
        long queued = trigger();
        long failed = trigger();
        finish(failed, RunStatus.FAILED, 3, "boom\n");
        cli.ok("task add", "--name", "other", "--cron", "0 1 * * *", "--shell", "true");
        long other = cli.json("trigger", "other").get("id").asLong();

        assertThat(ids(cli.json("runs list", "--status", "FAILED"))).containsExactly(failed);
        assertThat(ids(cli.json("runs list", "--status", "queued"))).containsExactlyInAnyOrder(queued, other);
        assertThat(ids(cli.json("runs list", "--status", "FAILED,QUEUED"))).containsExactlyInAnyOrder(queued, failed, other);
        assertThat(ids(cli.json("runs list", "--task", "other"))).containsExactly(other);
        assertThat(ids(cli.json("runs list", "--task", "job", "--status", "QUEUED"))).containsExactly(queued);
        assertThat(cli.json("runs list", "--limit", "2")).hasSize(2);
        assertThat(cli.json("runs list", "--trigger", "cron")).isEmpty();
        assertThat(cli.json("runs list", "--status", "SUCCEEDED")).isEmpty();
    }

    @Test
    void runsListRefusesBadFilters() {
        TaskInputErrorsIT.assertRefused(cli.run("runs list", "--status", "DONE"), "status");
        TaskInputErrorsIT.assertRefused(cli.run("runs list", "--limit", "0"), "--limit");
        assertThat(cli.run("runs list", "--task", "ghost").exitCode()).isEqualTo(ExitCode.NOT_FOUND);
    }

    @Test
    void runsListTable() {
        assertThat(cli.ok("runs list")).isEqualTo("No runs.\n");
        long id = trigger();
        finish(id, RunStatus.SUCCEEDED, 0, "ok\n");

        List<String> lines = cli.ok("runs list").lines().toList();

        assertThat(lines).hasSize(2);
        assertThat(lines.get(0)).startsWith("ID").contains("TASK", "SCHEDULED", "STATUS", "ATTEMPT", "NODE", "EXIT");
        assertThat(lines.get(1)).startsWith(Long.toString(id)).contains("job", "SUCCEEDED", "1/1", "node-a");
    }

    @Test
    void aRunClaimedAheadOfItsTimeShowsAsHeldNotRunning() {
        long taskId = cli.json("trigger", "job").get("taskId").asLong();
        Instant fire = Instant.now().plus(Duration.ofHours(1)).truncatedTo(ChronoUnit.SECONDS);
        long held = runs.insertOrGetCronFire(taskId, fire, 1).id();
        claim(held);

        JsonNode listed = find(cli.json("runs list"), held);
        assertThat(listed.get("status").asText()).isEqualTo("RUNNING");
        assertThat(listed.get("held").asBoolean()).isTrue();
        assertThat(cli.ok("runs list").lines().filter(line -> line.startsWith(held + " ")).findFirst().orElseThrow())
                .contains("HELD").doesNotContain("RUNNING");
        assertThat(cli.ok("runs show", Long.toString(held)))
                .contains("Status:     HELD (claimed ahead of its time; not started)", "Starts:");
    }

    @Test
    void runsShowHasTheOutput() {
        long id = trigger();
        finish(id, RunStatus.FAILED, 2, "line 1\nline 2 ✓\n");

        JsonNode run = cli.json("runs show", Long.toString(id));
        assertThat(run.get("output").asText()).isEqualTo("line 1\nline 2 ✓\n");
        assertThat(run.get("status").asText()).isEqualTo("FAILED");
        assertThat(run.get("exitCode").asInt()).isEqualTo(2);

        String text = cli.ok("runs show", Long.toString(id));
        assertThat(text).contains("Status:     FAILED", "Exit code:  2", "Output:\nline 1\nline 2 ✓\n");
    }

    @Test
    void runsShowListsTheEarlierAttemptsOfARetriedRun() {
        long taskId = cli.json("trigger", "job").get("taskId").asLong();
        long id = runs.insertManual(taskId, Instant.now(), 3, java.util.Map.of()).id();
        claim(id);
        Instant end = Instant.now();
        assertThat(runs.complete(id, 1, RunStatus.RUNNING, new RunOutcome(RunStatus.RETRYING, end, 124, "slow\n",
                "timed out after 5 s; retry 1 of 2", end.plusSeconds(10), io.redcron.domain.AttemptEnding.TIMED_OUT)))
                .isTrue();
        assertThat(runs.claim(id, "node-b", end.plusSeconds(10), end.plusSeconds(60))).isPresent();
        complete(id, RunStatus.SUCCEEDED, 0, "fine\n");

        JsonNode earlier = cli.json("runs show", Long.toString(id)).get("earlierAttempts");
        assertThat(earlier).hasSize(1);
        assertThat(earlier.get(0).get("ended").asText()).isEqualTo("TIMED_OUT");
        assertThat(earlier.get(0).get("node").asText()).isEqualTo("node-a");
        assertThat(earlier.get(0).get("exitCode").asInt()).isEqualTo(124);
        assertThat(earlier.get(0).get("outputTail").asText()).isEqualTo("slow\n");
        String text = cli.ok("runs show", Long.toString(id));
        assertThat(text).contains("Attempt:    2 of 3", "Earlier attempts:", "TIMED_OUT", "10s",
                "Attempt 1 error: timed out after 5 s; retry 1 of 2");
        assertThat(text.indexOf("Earlier attempts:")).as("before the output").isLessThan(text.indexOf("Output:"));
        assertThat(cli.ok("runs show", Long.toString(trigger()))).doesNotContain("Earlier attempts:");
    }

    @Test
    void runsShowAndTailOfAMissingRunAreNotFound() {
        for (String command : List.of("runs show", "runs tail", "cancel")) {
            Cli.Result result = cli.run(command, "987654321");
            assertThat(result.exitCode()).as(command + "\n" + result).isEqualTo(ExitCode.NOT_FOUND);
            assertThat(result.err()).isEqualTo("redcron-node: no run 987654321 in namespace '" + cli.namespace + "'\n");
        }
    }

    @Test
    void runIdMustBeANumber() {
        TaskInputErrorsIT.assertRefused(cli.run("runs show", "abc"), "RUN_ID");
        TaskInputErrorsIT.assertRefused(cli.run("cancel", "abc"), "RUN_ID");
    }

    @Test
    void runsOfAnotherNamespaceAreNotShown() {
        long id = trigger();
        StoreCli other = cli.inNewNamespace();

        assertThat(other.run("runs show", Long.toString(id)).exitCode()).isEqualTo(ExitCode.NOT_FOUND);
        assertThat(other.json("runs list")).isEmpty();
    }

    @Test
    void aShardedRunShowsItsShardsAndEachShardItsParent() {
        cli.ok("task add", "--name", "fan-out", "--cron", "0 1 * * *", "--shards", "3", "--concurrency", "allow",
                "--shell", "echo $REDCRON_SHARD_INDEX");
        assertThat(cli.ok("task show", "fan-out")).contains("Shards:", "3");
        String triggered = cli.ok("trigger", "fan-out");
        long id = Long.parseLong(triggered.replaceAll("(?s).*run (\\d+) is recorded.*", "$1"));
        assertThat(triggered).contains("splits it into its shards");
        JsonNode parent = cli.json("runs show", Long.toString(id));
        assertThat(parent.get("status").asText()).isEqualTo("SHARDED");
        assertThat(cli.ok("runs show", Long.toString(id))).contains("Shards:    not split yet");

        String ns = parent.get("namespace").asText();
        long epoch = new io.redcron.store.mysql.MysqlFencingEpochs(pool, Clock.systemUTC()).advance(ns, "node-a");
        List<Run> shards = new io.redcron.store.mysql.MysqlShardedRuns(pool).split(ns, epoch, id, 3,
                Instant.now().plusSeconds(1)).shards();
        finish(shards.get(0).id(), RunStatus.SUCCEEDED, 0, "");

        String text = cli.ok("runs show", Long.toString(id));
        assertThat(text).contains("Shards:    1 of 3 ended", "SHARD", "0/3", "2/3");
        JsonNode json = cli.json("runs show", Long.toString(id));
        assertThat(json.get("shardProgress").get("ended").asInt()).isEqualTo(1);
        assertThat(json.get("shards")).hasSize(3);
        assertThat(cli.json("runs show", Long.toString(shards.get(2).id())).get("parentRunId").asLong()).isEqualTo(id);
        assertThat(cli.ok("runs show", Long.toString(shards.get(2).id())))
                .contains("shard 2 of 3", "Parent:    run " + id);

        assertThat(cli.ok("cancel", Long.toString(id))).contains("is sharded");
        assertThat(runs.get(shards.get(1).id()).orElseThrow().status()).isEqualTo(RunStatus.CANCELLED);
    }

    @Test
    void cancelOfAQueuedRun() {
        long id = trigger();

        assertThat(cli.ok("cancel", Long.toString(id))).isEqualTo("Run " + id + " is cancelled.\n");

        assertThat(cli.json("runs show", Long.toString(id)).get("status").asText()).isEqualTo("CANCELLED");
        assertThat(cli.ok("cancel", Long.toString(id))).isEqualTo("Run " + id + " had already ended (CANCELLED);"
                + " nothing to cancel.\n");
    }

    @Test
    void cancelOfARunningRunAsksItsWorker() {
        long id = trigger();
        claim(id);

        assertThat(cli.ok("cancel", Long.toString(id))).isEqualTo("Run " + id + " is running on node-a: asked it to stop.\n");

        assertThat(cli.json("runs show", Long.toString(id)).get("status").asText()).isEqualTo("RUNNING");
    }

    @Test
    void cancelFromAnotherNamespaceLeavesTheRunAlone() {
        long id = trigger();
        StoreCli other = cli.inNewNamespace();

        Cli.Result result = other.run("cancel", Long.toString(id));

        assertThat(result.exitCode()).as(result.toString()).isEqualTo(ExitCode.NOT_FOUND);
        assertThat(cli.json("runs show", Long.toString(id)).get("status").asText()).isEqualTo("QUEUED");
    }

    @Test
    void tailOfAnEndedRunPrintsItsStoredOutput() {
        long id = trigger();
        finish(id, RunStatus.SUCCEEDED, 0, "all done");

        assertThat(cli.ok("runs tail", Long.toString(id))).isEqualTo("all done\n[run " + id + " SUCCEEDED, exit code 0]\n");
    }

    @Test
    void tailFollowsLiveOutputUntilTheRunEnds() {
        long id = trigger();
        claim(id);
        String log = new RedisKeys(cli.namespace).log(id);
        redis.xadd(log, StreamEntryID.NEW_ENTRY, Map.of("out", "first\n"));

        CompletableFuture<Cli.Result> tail = CompletableFuture.supplyAsync(() -> cli.run("runs tail", Long.toString(id)));
        redis.xadd(log, StreamEntryID.NEW_ENTRY, Map.of("out", "second\n"));
        complete(id, RunStatus.SUCCEEDED, 0, "first\nsecond\n");
        redis.xadd(log, StreamEntryID.NEW_ENTRY, Map.of("end", "1"));

        Cli.Result result = tail.orTimeout(20, TimeUnit.SECONDS).join();
        redis.del(log);
        assertThat(result.exitCode()).as(result.toString()).isZero();
        assertThat(result.out()).isEqualTo("first\nsecond\n[run " + id + " SUCCEEDED, exit code 0]\n");
    }

    @Test
    void leaderWithNoneElected() {
        JsonNode leader = cli.json("leader");

        assertThat(leader.get("namespace").asText()).isEqualTo(cli.namespace);
        assertThat(leader.get("leader").isNull()).isTrue();
        assertThat(leader.get("epoch").isNull()).isTrue();
        assertThat(cli.ok("leader")).isEqualTo("No node leads namespace '" + cli.namespace + "' right now.\n");
    }

    @Test
    void noNodes() {
        assertThat(cli.json("nodes list")).isEmpty();
        assertThat(cli.ok("nodes list")).isEqualTo("No live nodes in namespace '" + cli.namespace + "'.\n");
    }

    @Test
    void nodesListShowsLiveNodesWithTheirClockOffsetThenLostOnes() {
        var registry = new io.redcron.store.redis.RedisNodeRegistry(redis, new io.redcron.store.redis.RedisKeys(cli.namespace));
        Instant now = Instant.now();
        registry.heartbeat(new io.redcron.domain.NodeInfo("worker-live", "host-a", 11, "0.1.0",
                java.util.Set.of(io.redcron.domain.NodeRole.WORKER), java.util.Set.of("default"), 8, 2, now, now,
                Duration.ofMillis(-42)), Duration.ofMinutes(1));
        registry.heartbeat(new io.redcron.domain.NodeInfo("worker-dead", "host-b", 12, "0.1.0",
                java.util.Set.of(io.redcron.domain.NodeRole.WORKER), java.util.Set.of("gpu"), 4, 1, now, now,
                Duration.ofMillis(7)), Duration.ofMillis(300));
        org.awaitility.Awaitility.await().atMost(Duration.ofSeconds(5)).until(() -> registry.list().size() == 1);

        JsonNode nodes = cli.json("nodes list");
        assertThat(nodes).hasSize(2);
        assertThat(nodes.get(0).get("nodeId").asText()).isEqualTo("worker-live");
        assertThat(nodes.get(0).get("state").asText()).isEqualTo("live");
        assertThat(nodes.get(0).get("clockOffsetMs").asLong()).isEqualTo(-42);
        assertThat(nodes.get(1).get("nodeId").asText()).isEqualTo("worker-dead");
        assertThat(nodes.get(1).get("state").asText()).isEqualTo("lost");
        List<String> lines = cli.ok("nodes list").lines().toList();
        assertThat(lines.get(0)).contains("STATE", "CLOCK");
        assertThat(lines.get(1)).startsWith("worker-live").contains("live", "2/8", "-42ms");
        assertThat(lines.get(2)).startsWith("worker-dead").contains("LOST", "1/4", "+7ms");
    }

    @Test
    void aDrainedNodeIsShownDrainingUntilUndrainedAndTheRequestIsAudited() {
        var registry = new io.redcron.store.redis.RedisNodeRegistry(redis, new io.redcron.store.redis.RedisKeys(cli.namespace));
        Instant now = Instant.now();
        registry.heartbeat(new io.redcron.domain.NodeInfo("worker-2", "host-a", 11, "0.1.0",
                java.util.Set.of(io.redcron.domain.NodeRole.WORKER), java.util.Set.of("default"), 8, 2, now, now,
                Duration.ZERO), Duration.ofMinutes(1));

        assertThat(cli.ok("nodes drain", "worker-2")).isEqualTo("Node 'worker-2' is draining: it takes no more runs of"
                + " namespace '" + cli.namespace + "'.\n");
        assertThat(cli.ok("nodes drain", "worker-2")).isEqualTo("Node 'worker-2' was draining already.\n");
        assertThat(cli.json("nodes list").get(0).get("drain").asText()).isEqualTo("draining");
        assertThat(cli.ok("nodes list").lines().toList().get(1)).contains("live, draining");
        assertThat(cli.json("audit list", "--subject", "node:worker-2").get(0).get("action").asText())
                .isEqualTo("node.drain");
        assertThat(cli.ok("nodes drain", "worker-9")).contains("warning: no node 'worker-9' has been seen");

        assertThat(cli.ok("nodes undrain", "worker-2")).isEqualTo("Node 'worker-2' takes runs again.\n");
        assertThat(cli.json("nodes list").get(0).get("drain").asText()).isEqualTo("none");
        assertThat(cli.ok("nodes undrain", "worker-2")).isEqualTo("Node 'worker-2' was not draining.\n");
    }

    @Test
    void emptyQueues() {
        JsonNode queues = cli.json("queues");

        assertThat(queues.get("streams")).isEmpty();
        assertThat(queues.get("delayed").asLong()).isZero();
        assertThat(queues.get("dead").asLong()).isZero();
        assertThat(cli.ok("queues")).contains("GROUP", "Retries waiting: 0", "Dead runs:       0");
    }

    private long trigger() {
        return cli.json("trigger", "job").get("id").asLong();
    }

    private static void claim(long id) {
        Instant now = Instant.now();
        assertThat(runs.claim(id, "node-a", now, now.plus(Duration.ofMinutes(5)))).isPresent();
    }

    private static void complete(long id, RunStatus status, int exitCode, String output) {
        Run run = runs.get(id).orElseThrow();
        assertThat(runs.complete(id, run.attempt(), RunStatus.RUNNING,
                new RunOutcome(status, Instant.now(), exitCode, output, status == RunStatus.SUCCEEDED ? null : "exit " + exitCode)))
                .isTrue();
    }

    private static void finish(long id, RunStatus status, int exitCode, String output) {
        claim(id);
        complete(id, status, exitCode, output);
    }

    private static JsonNode find(JsonNode runs, long id) {
        for (JsonNode run : runs) {
            if (run.get("id").asLong() == id) {
                return run;
            }
        }
        throw new AssertionError("no run " + id + " in " + runs);
    }

    private static List<Long> ids(JsonNode runs) {
        return runs.findValues("id").stream().map(JsonNode::asLong).toList();
    }
}
