package io.redcron.node.cli;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Instant;
import java.time.temporal.ChronoUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** Maintenance windows from the command line, with no node running. */
class MaintenanceCommandsIT {
    @RegisterExtension
    static final StoreCli database = StoreCli.fresh();

    private StoreCli cli;

    @BeforeEach
    void namespace() {
        cli = database.inNewNamespace();
    }

    @Test
    void aNamespaceIsPausedUntilResumedListedAndAudited() {
        String opened = cli.ok("maintenance pause", "--reason", "MySQL upgrade");
        assertThat(opened).startsWith("Maintenance window ").contains("pauses namespace " + cli.namespace)
                .contains("until resumed").contains("recorded SKIPPED (policy skip)");
        long id = cli.json("maintenance list").get(0).get("id").asLong();

        JsonNode listed = cli.json("maintenance list").get(0);
        assertThat(listed.get("state").asText()).isEqualTo("paused");
        assertThat(listed.get("group").isNull()).isTrue();
        assertThat(listed.get("reason").asText()).isEqualTo("MySQL upgrade");
        assertThat(cli.ok("maintenance list")).contains("namespace " + cli.namespace).contains("resumed by hand");

        assertThat(cli.ok("maintenance resume", Long.toString(id))).startsWith("Maintenance window " + id
                + " over namespace " + cli.namespace + " is resumed");
        assertThat(cli.ok("maintenance resume", Long.toString(id))).isEqualTo("Maintenance window " + id
                + " was over already.\n");
        assertThat(cli.ok("maintenance list")).isEqualTo("Nothing is paused in namespace '" + cli.namespace + "'.\n");
        assertThat(cli.json("maintenance list", "--all").get(0).get("state").asText()).isEqualTo("resumed");
        assertThat(cli.json("audit list", "--subject", "window:" + id)).hasSize(2);
    }

    @Test
    void aGroupIsPausedBetweenTwoTimesWithAResumePolicy() {
        Instant from = Instant.now().plus(1, ChronoUnit.DAYS).truncatedTo(ChronoUnit.SECONDS);
        cli.ok("maintenance pause", "--group", "gpu", "--from", from.toString(), "--for", "2h", "--on-resume",
                "fire-once", "--reason", "driver upgrade");

        JsonNode listed = cli.json("maintenance list").get(0);
        assertThat(listed.get("group").asText()).isEqualTo("gpu");
        assertThat(listed.get("state").asText()).isEqualTo("planned");
        assertThat(Instant.parse(listed.get("from").asText())).isEqualTo(from);
        assertThat(Instant.parse(listed.get("until").asText())).isEqualTo(from.plus(2, ChronoUnit.HOURS));
        assertThat(listed.get("onResume").asText()).isEqualTo("fire-once");
    }

    @Test
    void badInputIsOneLineNamingTheFieldAndOpensNothing() {
        assertRefused(cli.run("maintenance pause", "--reason", "x", "--on-resume", "later"), "misfire");
        assertRefused(cli.run("maintenance pause", "--reason", "x", "--from", "2020-01-01T00:00:00Z"), "from");
        assertRefused(cli.run("maintenance pause", "--reason", "x", "--until", "tomorrow"), "until");
        assertRefused(cli.run("maintenance pause", "--reason", "x", "--group", "no group"), "group");
        assertRefused(cli.run("maintenance pause", "--reason", " "), "reason");
        assertRefused(cli.run("maintenance pause", "--reason", "x", "--for", "2h", "--until",
                "2031-01-01T00:00:00Z"), "--for");
        assertRefused(cli.run("maintenance pause", "--reason", "x", "--for", "soon"), "for");
        assertThat(cli.json("maintenance list", "--all")).isEmpty();

        Cli.Result missing = cli.run("maintenance resume", "999999");
        assertThat(missing.exitCode()).isEqualTo(ExitCode.NOT_FOUND);
        assertThat(missing.err()).contains("no maintenance window 999999");
    }

    private static void assertRefused(Cli.Result result, String naming) {
        assertThat(result.exitCode()).as(result.toString()).isEqualTo(ExitCode.INVALID);
        assertThat(result.err().lines().count()).as(result.toString()).isOne();
        assertThat(result.err()).contains(naming);
    }
}
