package io.redcron.node.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.zaxxer.hikari.HikariDataSource;
import io.redcron.domain.NodeInfo;
import io.redcron.domain.NodeRole;
import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.port.RunOutcome;
import io.redcron.store.mysql.MysqlAuditLog;
import io.redcron.store.mysql.MysqlRunStore;
import io.redcron.store.redis.RedisKeys;
import io.redcron.store.redis.RedisNodeRegistry;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import redis.clients.jedis.StreamEntryID;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.params.SetParams;
import redis.clients.jedis.params.XAddParams;
import redis.clients.jedis.params.XReadGroupParams;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Text from the stores that tries to act on the terminal (escape sequences, BEL, CR, backspace, C1
 * controls, DEL) reaches it from no command as anything but inert pictures, and {@code --json}
 * keeps it exactly, escaped.
 */
class TerminalSafetyIT {
    /** Clears the screen, sets the window title, rings, rewrites the line, and a C1 CSI turning text red. */
    private static final String HOSTILE = "\u001B[2J\u001B]0;owned\u0007\r\b\u009B31m\u0085\u007F!";
    /** Task names cannot hold C0 controls; C1 and DEL they can. */
    private static final String HOSTILE_NAME = "job\u009B2J\u007F\u0085";

    @RegisterExtension
    static final StoreCli cli = StoreCli.fresh();
    private static HikariDataSource pool;
    private static UnifiedJedis redis;
    private static long runId;

    @BeforeAll
    static void hostileStores() throws Exception {
        pool = cli.pool();
        redis = cli.redis();
        RedisKeys keys = new RedisKeys(cli.namespace);

        cli.ok("task add", "--name", HOSTILE_NAME, "--cron", "0 1 * * *", "--description", HOSTILE, "--owner", HOSTILE,
                "--label", "team=" + HOSTILE, "--param", "NOTE=" + HOSTILE, "--exec", "/bin/echo", HOSTILE);

        MysqlRunStore runs = new MysqlRunStore(pool, Clock.systemUTC());
        long taskId = cli.task(HOSTILE_NAME).get("id").asLong();
        Run run = runs.insertManual(taskId, Instant.now(), 1, Map.of("NOTE", HOSTILE));
        Run claimed = runs.claim(run.id(), HOSTILE, Instant.now(), Instant.now().plusSeconds(60)).orElseThrow();
        runs.complete(run.id(), claimed.attempt(), RunStatus.RUNNING,
                new RunOutcome(RunStatus.FAILED, Instant.now(), 1, "output " + HOSTILE + "\n", "error " + HOSTILE));
        runId = run.id();
        // A row written before names were checked, or by hand.
        try (Connection connection = pool.getConnection();
             PreparedStatement rename = connection.prepareStatement("UPDATE task_run SET task_name = ? WHERE id = ?")) {
            rename.setString(1, "old " + HOSTILE);
            rename.setLong(2, runId);
            rename.executeUpdate();
        }

        // Actions are ASCII: C0 controls and DEL only.
        new MysqlAuditLog(pool).record(cli.namespace, "cli:" + HOSTILE, "task.\u001B[2J\u0007\r\b\u007F", "task:" + HOSTILE,
                "{\"note\":\"" + "\\u001B[2J" + "\"}", null);

        Instant now = Instant.now();
        new RedisNodeRegistry(redis, keys).heartbeat(new NodeInfo("node-1", "host " + HOSTILE, 42, "v " + HOSTILE,
                Set.of(NodeRole.WORKER), Set.of("group " + HOSTILE), 4, 1, now, now), Duration.ofMinutes(5));
        redis.set(keys.leader(), "leader " + HOSTILE + ":4f6a", SetParams.setParams().px(60_000));
        String stream = keys.stream("queue " + HOSTILE);
        redis.xadd(stream, XAddParams.xAddParams(), Map.of("run", "1"));
        redis.xgroupCreate(stream, keys.consumerGroup(), new StreamEntryID(0, 0), false);
        redis.xreadGroup(keys.consumerGroup(), "worker " + HOSTILE, XReadGroupParams.xReadGroupParams().count(1),
                Map.of(stream, StreamEntryID.UNRECEIVED_ENTRY));
        redis.xadd(keys.dead(), XAddParams.xAddParams(), Map.of("run", "1", "group", "g", "reason", "dead " + HOSTILE,
                "at", Long.toString(now.toEpochMilli())));
    }

    @Test
    void taskListAndShowPrintStoreTextInert() {
        String list = cli.ok("task list");
        String show = cli.ok("task show", HOSTILE_NAME);

        assertInert(list);
        assertThat(list).contains("job\uFFFD2J\u2421\uFFFD");
        assertInert(show);
        assertThat(show).contains("Description:  \u241B[2J\u241B]0;owned\u2407\u240D\u2408\uFFFD31m\uFFFD\u2421!",
                "Owner:", "Labels:", "Parameters:", "/bin/echo \u241B[2J");
    }

    @Test
    void runsListAndShowPrintStoreTextInert() {
        String list = cli.ok("runs list");
        String show = cli.ok("runs show", Long.toString(runId));

        assertInert(list);
        assertThat(list).contains("old \u241B[2J", "\u241B]0;owned");
        assertInert(show);
        assertThat(show).contains("Task:       old \u241B[2J", "Node:", "Error:      error \u241B[2J", "output \u241B[2J");
    }

    @Test
    void nodesLeaderAndQueuesPrintRedisTextInert() {
        String nodes = cli.ok("nodes list");
        String leader = cli.ok("leader");
        String queues = cli.ok("queues");

        assertInert(nodes);
        assertThat(nodes).contains("host \u241B[2J", "v \u241B[2J", "group \u241B[2J");
        assertInert(leader);
        assertThat(leader).contains("Leader:  leader \u241B[2J");
        assertInert(queues);
        assertThat(queues).contains("queue \u241B[2J", "worker \u241B[2J");
    }

    @Test
    void auditListPrintsActorsActionsAndSubjectsInert() {
        String audit = cli.ok("audit list");

        assertInert(audit);
        assertThat(audit).contains("cli:\u241B[2J", "task.\u241B[2J", "task:\u241B[2J");
    }

    @Test
    void aOneLineErrorQuotingStoreTextOrInputIsInert() {
        Cli.Result result = cli.run("task show", "no such " + HOSTILE);

        assertThat(result.exitCode()).isEqualTo(ExitCode.NOT_FOUND);
        assertInert(result.err());
        assertThat(result.err()).startsWith("redcron-node: no task named 'no such \u241B[2J").hasLineCount(1);
    }

    @Test
    void jsonKeepsTheTextExactlyAndEscapesEveryControlCharacter() throws Exception {
        for (List<String> command : List.of(List.of("task list"), List.of("task show", HOSTILE_NAME), List.of("runs list"),
                List.of("runs show", Long.toString(runId)), List.of("nodes list"), List.of("leader"), List.of("queues"),
                List.of("audit list"))) {
            String[] args = command.size() == 1 ? new String[] {"--json"} : new String[] {command.get(1), "--json"};
            String printed = cli.ok(command.get(0), args);
            assertInert(printed);
            assertThat(printed).as(command.toString()).contains("\\u001B", "\\u009B", "\\u007F");
        }
        JsonNode task = cli.task(HOSTILE_NAME);
        assertThat(task.get("name").asText()).isEqualTo(HOSTILE_NAME);
        assertThat(task.get("owner").asText()).isEqualTo(HOSTILE);
        assertThat(cli.json("runs show", Long.toString(runId)).get("error").asText()).isEqualTo("error " + HOSTILE);
    }

    /** Nothing but line feeds and tabs below U+0020, and no DEL or C1 control. */
    private static void assertInert(String printed) {
        for (int i = 0; i < printed.length(); i++) {
            char c = printed.charAt(i);
            boolean acts = (c < 0x20 && c != '\n' && c != '\t') || (c >= 0x7f && c <= 0x9f);
            assertThat(acts).as("U+%04X at %d of:%n%s", (int) c, i, printed).isFalse();
        }
    }
}
