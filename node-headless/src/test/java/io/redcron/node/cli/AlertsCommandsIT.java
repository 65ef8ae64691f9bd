package io.redcron.node.cli;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** Alert rules and silences from the command line, with no node running. */
class AlertsCommandsIT {
    @RegisterExtension
    static final StoreCli database = StoreCli.fresh();

    @TempDir
    Path dir;
    private StoreCli cli;

    @BeforeEach
    void namespace() {
        cli = database.inNewNamespace();
        cli.ok("task add", "--name", "backup", "--cron", "0 1 * * *", "--shell", "echo hi");
    }

    @Test
    void rulesAreSetFieldByFieldShownAuditedAndCleared() {
        assertThat(cli.ok("alerts rules show")).isEqualTo("No task has alert rules.\n");

        assertThat(cli.ok("alerts rules set", "backup", "--slow-after", "2h", "--success-within", "26h"))
                .isEqualTo("Alert rules of task 'backup': slowAfter=2h successWithin=1d2h.\n");
        cli.ok("alerts rules set", "backup", "--slow-factor", "2.5");

        JsonNode shown = cli.json("alerts rules show");
        assertThat(shown.at("/backup/slowAfter").asText()).isEqualTo("2h");
        assertThat(shown.at("/backup/slowFactor").decimalValue()).isEqualByComparingTo("2.5");
        assertThat(cli.json("task show", "backup").at("/alerting/successWithin").asText()).isEqualTo("1d2h");
        assertThat(cli.ok("alerts rules show", "backup")).contains("2.5 × p95");
        assertThat(cli.json("audit list", "--subject", "task:" + cli.task("backup").get("id").asLong()))
                .extracting(entry -> entry.get("action").asText()).contains("alerts.rules.change");
        assertThat(cli.ok("alerts rules clear", "backup")).isEqualTo("Task 'backup' has no alert rules now.\n");
        assertThat(cli.json("alerts rules show").size()).isZero();
    }

    @Test
    void theTaskFilesAlertingSectionSetsTheRules() throws Exception {
        Path file = Files.writeString(dir.resolve("nightly.yaml"), """
                name: nightly
                cron: "0 2 * * *"
                shell: echo nightly
                alerting:
                  slowAfter: 30m
                  successWithin: 25h
                """);

        cli.ok("task add", "--file", file.toString());

        assertThat(cli.json("alerts rules show", "nightly").at("/nightly/successWithin").asText()).isEqualTo("1d1h");
    }

    @Test
    void aSilenceIsAddedListedAndEndedWithTheAuditLogSayingWho() {
        String added = cli.ok("alerts silence", "--task", "backup", "--kind", "run_failed", "--for", "2h",
                "--reason", "disk swap");
        assertThat(added).startsWith("Silence ").contains("task=backup kind=RUN_FAILED until ");
        long id = Long.parseLong(added.substring("Silence ".length(), added.indexOf(':')));
        cli.ok("alerts silence", "--all", "--until", "2099-01-01T00:00:00Z", "--reason", "freeze");

        JsonNode active = cli.json("alerts silences");
        assertThat(active).hasSize(2);
        assertThat(cli.ok("alerts silences")).contains("task=backup kind=RUN_FAILED").contains("everything");
        assertThat(cli.ok("alerts unsilence", Long.toString(id))).isEqualTo("Silence " + id
                + " ended: its alerts are sent again.\n");
        assertThat(cli.ok("alerts unsilence", Long.toString(id))).isEqualTo("Silence " + id + " had ended already.\n");
        assertThat(cli.json("alerts silences")).hasSize(1);
        assertThat(cli.json("alerts silences", "--all")).hasSize(2);
        assertThat(cli.json("audit list", "--subject", "silence:" + id)).extracting(entry -> entry.get("action").asText())
                .containsExactlyInAnyOrder("alerts.silence", "alerts.unsilence");
    }

    @Test
    void badInputIsOneLineNamingTheFlagAndChangesNothing() {
        assertRefused(cli.run("alerts rules set", "backup", "--slow-factor", "1"), "--slow-factor");
        assertRefused(cli.run("alerts rules set", "backup", "--slow-after", "soon"), "--slow-after");
        assertRefused(cli.run("alerts rules set", "backup"), "nothing to change");
        assertRefused(cli.run("alerts silence", "--for", "1h", "--reason", "x"), "--all");
        assertRefused(cli.run("alerts silence", "--all", "--group", "gpu", "--for", "1h", "--reason", "x"), "--all");
        assertRefused(cli.run("alerts silence", "--kind", "RUN_EXPLODED", "--for", "1h", "--reason", "x"), "--kind");
        assertRefused(cli.run("alerts silence", "--group", "gpu", "--reason", "x"), "--until");
        assertRefused(cli.run("alerts silence", "--group", "gpu", "--until", "tomorrow", "--reason", "x"), "--until");
        assertRefused(cli.run("alerts silence", "--group", "gpu", "--until", "2001-01-01T00:00:00Z", "--reason", "x"),
                "--until");
        assertThat(cli.json("alerts silences", "--all").size()).isZero();
        assertThat(cli.json("alerts rules show").size()).isZero();
        Cli.Result unknown = cli.run("alerts unsilence", "999999");
        assertThat(unknown.exitCode()).as(unknown.toString()).isNotZero();
        assertThat(unknown.err().lines().count()).isOne();
    }

    private static void assertRefused(Cli.Result result, String naming) {
        assertThat(result.exitCode()).as(result.toString()).isEqualTo(ExitCode.INVALID);
        assertThat(result.err().lines().count()).as(result.toString()).isOne();
        assertThat(result.err()).contains(naming);
    }
}
