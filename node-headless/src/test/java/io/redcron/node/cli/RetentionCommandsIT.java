package io.redcron.node.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.port.RunOutcome;
import io.redcron.store.mysql.MysqlRunStore;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Retention policies, pins and purges from the command line, with no node running. */
class RetentionCommandsIT {
    @RegisterExtension
    static final StoreCli database = StoreCli.fresh();

    private StoreCli cli;
    private MysqlRunStore runs;
    private long taskId;

    @BeforeEach
    void namespace() {
        cli = database.inNewNamespace();
        cli.ok("task add", "--name", "job", "--cron", "0 1 * * *", "--shell", "echo hi");
        cli.ok("task add", "--name", "heartbeat", "--cron", "* * * * *", "--shell", "true");
        taskId = cli.task("job").get("id").asLong();
        runs = new MysqlRunStore(database.pool(), Clock.systemUTC());
    }

    @Test
    void aPolicyIsSetFieldByFieldPerNamespaceAndPerTaskAndShown() {
        assertThat(cli.json("retention show").at("/namespace/succeededDays").asInt()).as("the default").isEqualTo(30);

        cli.ok("retention set", "--succeeded", "14d", "--keep-last", "20");
        cli.ok("retention set", "--failed", "forever");
        assertThat(cli.ok("retention set", "--task", "heartbeat", "--succeeded", "2", "--output", "1d"))
                .isEqualTo("Retention of task 'heartbeat' changed.\n");

        JsonNode shown = cli.json("retention show");
        assertThat(shown.at("/namespace/succeededDays").asInt()).isEqualTo(14);
        assertThat(shown.at("/namespace/failedDays").asInt()).isZero();
        assertThat(shown.at("/namespace/keepLast").asInt()).isEqualTo(20);
        assertThat(shown.at("/tasks/heartbeat/succeededDays").asInt()).isEqualTo(2);
        assertThat(shown.at("/tasks/heartbeat/keepLast").asInt()).as("from its namespace").isEqualTo(20);
        assertThat(cli.ok("retention show")).contains("task heartbeat").contains("forever").contains("14d");
        assertThat(cli.json("audit list", "--subject", "namespace:" + cli.namespace)).hasSize(2);

        assertThat(cli.ok("retention clear", "--task", "heartbeat"))
                .isEqualTo("Task 'heartbeat' follows its namespace's retention again.\n");
        assertThat(cli.json("retention show").get("tasks")).isEmpty();
    }

    @Test
    void badValuesAreOneLineNamingTheFlagAndChangeNothing() {
        assertRefused(cli.run("retention set", "--succeeded", "12h"), "--succeeded");
        assertRefused(cli.run("retention set", "--audit", "10d"), "--audit");
        assertRefused(cli.run("retention set", "--keep-last", "-1"), "--keep-last");
        assertRefused(cli.run("retention set", "--task", "job", "--audit", "400d"), "--audit");
        assertRefused(cli.run("retention set"), "nothing to change");
        assertRefused(cli.run("runs purge", "--older-than", "2h", "--dry-run"), "--older-than");
        assertRefused(cli.run("runs purge", "--older-than", "30d"), "--yes");
        assertThat(cli.json("retention show").at("/namespace/succeededDays").asInt()).isEqualTo(30);
    }

    @Test
    void aPurgeCountsFirstThenDeletesAllButPinnedAndYoungRuns() {
        long old = ended(Duration.ofDays(40), RunStatus.SUCCEEDED);
        long oldFailure = ended(Duration.ofDays(41), RunStatus.FAILED);
        long pinned = ended(Duration.ofDays(42), RunStatus.SUCCEEDED);
        long young = ended(Duration.ofDays(3), RunStatus.SUCCEEDED);
        assertThat(cli.ok("runs pin", Long.toString(pinned), "--note", "incident 4711"))
                .isEqualTo("Run " + pinned + " is pinned: retention keeps it.\n");
        assertThat(cli.json("runs pinned").get(0).get("note").asText()).isEqualTo("incident 4711");

        String dry = cli.ok("runs purge", "--older-than", "30d", "--dry-run");
        assertThat(dry).startsWith("Would delete 2 runs scheduled before").contains("SUCCEEDED 1, FAILED 1")
                .contains("1 pinned run stays.");
        assertThat(runs.getAll(java.util.List.of(old, oldFailure, pinned, young))).hasSize(4);

        Cli.Result purged = cli.run("runs purge", "--older-than", "30d", "--status", "SUCCEEDED", "--yes");
        assertThat(purged.exitCode()).as(purged.toString()).isZero();
        assertThat(purged.out()).startsWith("Deleted 1 of 1 run scheduled");
        assertThat(purged.err()).contains("1 run deleted");
        assertThat(runs.getAll(java.util.List.of(old, oldFailure, pinned, young)).keySet())
                .containsExactlyInAnyOrder(oldFailure, pinned, young);
        assertThat(cli.json("audit list", "--subject", "namespace:" + cli.namespace).get(0).get("action").asText())
                .isEqualTo("runs.purge");

        cli.ok("runs unpin", Long.toString(pinned));
        assertThat(cli.ok("runs purge", "--older-than", "30d", "--task", "job", "--yes")).startsWith("Deleted 2 of 2 runs");
        assertThat(runs.getAll(java.util.List.of(old, oldFailure, pinned, young)).keySet()).containsExactly(young);
    }

    @Test
    void aTaskFileCarriesTheTasksRetentionBothWays(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws java.io.IOException {
        java.nio.file.Path file = dir.resolve("report.yaml");
        java.nio.file.Files.writeString(file, String.join("\n", "name: report", "cron: 0 6 * * *",
                "shell: echo report", "retention:", "  succeeded: 7d", "  keepLast: 50", "  output: forever", ""));

        cli.ok("task add", "--file", file.toString());

        JsonNode shown = cli.task("report");
        assertThat(shown.at("/retention/succeeded").asText()).isEqualTo("7d");
        assertThat(shown.at("/retention/keepLast").asInt()).isEqualTo(50);
        assertThat(shown.at("/retention/output").asText()).isEqualTo("forever");
        assertThat(shown.at("/retention").has("failed")).as("from its namespace").isFalse();

        java.nio.file.Files.writeString(file, String.join("\n", "retention:", "  failed: 365d", ""));
        assertThat(cli.ok("task update", "report", "--file", file.toString())).contains("its retention is set");
        assertThat(cli.json("retention show").at("/tasks/report/failedDays").asInt()).isEqualTo(365);
        assertThat(cli.json("retention show").at("/tasks/report/succeededDays").asInt()).isEqualTo(7);

        java.nio.file.Files.writeString(file, String.join("\n", "name: other", "cron: 0 6 * * *", "shell: echo other",
                "retention:", "  keepLast: -3", ""));
        Cli.Result bad = cli.run("task add", "--file", file.toString());
        assertThat(bad.exitCode()).as(bad.toString()).isEqualTo(ExitCode.INVALID);
        assertThat(bad.err()).contains("retention.keepLast");
        assertThat(cli.run("task show", "other").exitCode()).as("nothing stored").isEqualTo(ExitCode.NOT_FOUND);
    }

    private long ended(Duration ago, RunStatus status) {
        Instant at = Instant.now().minus(ago);
        Run run = runs.insertManual(taskId, at, 1, Map.of());
        runs.claim(run.id(), "node-1", at, at.plusSeconds(60));
        runs.complete(run.id(), 1, RunStatus.RUNNING, new RunOutcome(status, at.plusSeconds(5), 0, "out", null));
        return run.id();
    }

    private static void assertRefused(Cli.Result result, String naming) {
        assertThat(result.exitCode()).as(result.toString()).isEqualTo(ExitCode.INVALID);
        assertThat(result.err().lines().count()).as(result.toString()).isOne();
        assertThat(result.err()).contains(naming);
    }
}
