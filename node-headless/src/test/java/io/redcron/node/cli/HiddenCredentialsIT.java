package io.redcron.node.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.zaxxer.hikari.HikariDataSource;
import io.redcron.domain.HttpPayload;
import io.redcron.domain.ShellPayload;
import io.redcron.domain.Task;
import io.redcron.store.mysql.MysqlTaskStore;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Credentials in task definitions never reach the terminal, the audit log or a file printed by
 * the command line, and a definition written back from what was shown keeps them.
 */
class HiddenCredentialsIT {
    @RegisterExtension
    static final StoreCli database = StoreCli.fresh();
    private static HikariDataSource pool;

    @TempDir
    Path dir;
    private StoreCli cli;

    @BeforeAll
    static void stores() {
        pool = database.pool();
    }

    @BeforeEach
    void tasks() {
        cli = database.inNewNamespace();
        cli.ok("task add", "--name", "call", "--cron", "0 1 * * *", "--http", "https://svc:url-secret@api.example.com/hook",
                "--header", "Authorization=Bearer header-secret", "--header", "Accept=application/json",
                "--header", "X-Signature=${secret:SIGNING_KEY}");
        cli.ok("task add", "--name", "deploy", "--cron", "0 2 * * *", "--env", "DEPLOY_TOKEN=env-secret",
                "--env", "MODE=fast", "--env", "MIRROR=https://bot:mirror-secret@git.example.com/x.git",
                "--param", "API_KEY=param-secret", "--shell", "deploy");
    }

    @Test
    void showAndListPrintCredentialsMasked() {
        String text = cli.ok("task show", "call") + cli.ok("task list");
        String json = cli.ok("task show", "call", "--json") + cli.ok("task show", "deploy", "--json")
                + cli.ok("task list", "--json");

        assertThat(text + json).doesNotContain("url-secret", "header-secret", "env-secret", "mirror-secret",
                "param-secret");
        assertThat(text).contains("GET https://svc:******@api.example.com/hook");
        JsonNode call = cli.task("call");
        assertThat(call.at("/http/url").asText()).isEqualTo("https://svc:******@api.example.com/hook");
        assertThat(call.at("/http/headers/Authorization").asText()).isEqualTo("******");
        assertThat(call.at("/http/headers/Accept").asText()).isEqualTo("application/json");
        assertThat(call.at("/http/headers/X-Signature").asText()).isEqualTo("${secret:SIGNING_KEY}");
        JsonNode deploy = cli.task("deploy");
        assertThat(deploy.at("/shell/env/DEPLOY_TOKEN").asText()).isEqualTo("******");
        assertThat(deploy.at("/shell/env/MODE").asText()).isEqualTo("fast");
        assertThat(deploy.at("/shell/env/MIRROR").asText()).isEqualTo("https://bot:******@git.example.com/x.git");
        assertThat(deploy.at("/params/API_KEY").asText()).isEqualTo("******");
    }

    @Test
    void theAuditLogHoldsAndPrintsNoCredential() {
        cli.ok("task update", "call", "--description", "changed");

        String audit = cli.ok("audit list", "--json");

        assertThat(audit).contains("task.create", "task.update", "******")
                .doesNotContain("url-secret", "header-secret", "env-secret", "mirror-secret", "param-secret");
    }

    @Test
    void anAuditRowWrittenBeforeStatesWereMaskedIsPrintedMasked() {
        new io.redcron.store.mysql.MysqlAuditLog(pool).record(cli.namespace, "cli:old", "task.update", "task:1",
                "{\"payload\":{\"headers\":{\"Authorization\":\"Bearer legacy-secret\"}}}", null);

        assertThat(cli.ok("audit list", "--json")).doesNotContain("legacy-secret").contains("\\\"Authorization\\\":\\\"******\\\"");
    }

    @Test
    void aPartialUpdateKeepsTheCredentialsItDoesNotName() {
        cli.ok("task update", "call", "--method", "POST", "--description", "now a POST");
        cli.ok("task update", "deploy", "--workdir", "/srv");

        HttpPayload call = (HttpPayload) stored("call").payload();
        assertThat(call.method()).isEqualTo("POST");
        assertThat(call.url()).hasToString("https://svc:url-secret@api.example.com/hook");
        assertThat(call.headers()).containsEntry("Authorization", "Bearer header-secret");
        ShellPayload deploy = (ShellPayload) stored("deploy").payload();
        assertThat(deploy.workDir()).isEqualTo("/srv");
        assertThat(deploy.env()).containsEntry("DEPLOY_TOKEN", "env-secret")
                .containsEntry("MIRROR", "https://bot:mirror-secret@git.example.com/x.git");
    }

    @Test
    void aDocumentPrintedByShowAndWrittenBackKeepsTheCredentialsLeftMasked() throws Exception {
        ObjectNode doc = (ObjectNode) cli.task("call");
        ((ObjectNode) doc.at("/http/headers")).put("Accept", "text/plain");
        ((ObjectNode) doc.at("/http")).put("url", "https://svc:******@api.example.com/v2/hook");
        Path file = dir.resolve("call.json");
        Files.writeString(file, Json.write(doc));

        assertThat(cli.ok("task update", "call", "--file", file.toString())).startsWith("Updated task 'call'");

        HttpPayload call = (HttpPayload) stored("call").payload();
        assertThat(call.url()).hasToString("https://svc:url-secret@api.example.com/v2/hook");
        assertThat(call.headers()).isEqualTo(Map.of("Authorization", "Bearer header-secret", "Accept", "text/plain",
                "X-Signature", "${secret:SIGNING_KEY}"));
        Path unchanged = dir.resolve("deploy.json");
        Files.writeString(unchanged, Json.write(cli.task("deploy")));
        assertThat(cli.ok("task update", "deploy", "--file", unchanged.toString()))
                .isEqualTo("Task 'deploy' is unchanged (version 1).\n");
    }

    @Test
    void aNewTaskFromAMaskedDocumentIsRefusedNamingTheFieldAndNothingIsStored() throws Exception {
        ObjectNode doc = (ObjectNode) cli.task("deploy");
        doc.put("name", "copy");
        doc.remove("id");
        Path file = dir.resolve("copy.json");
        Files.writeString(file, Json.write(doc));

        Cli.Result result = cli.run("task add", "--file", file.toString());

        assertThat(result.exitCode()).as(result.toString()).isEqualTo(ExitCode.INVALID);
        // Whichever masked value is met first (a map's order is not fixed) is the one named.
        assertThat(result.err()).startsWith("redcron-node: ").contains("******")
                .containsAnyOf("give the value itself", "give them")
                .containsAnyOf("env: 'DEPLOY_TOKEN'", "params: 'API_KEY'", "env: the credentials of");
        assertThat(new MysqlTaskStore(pool, Clock.systemUTC()).findByName(cli.namespace, "copy")).isEmpty();
    }

    @Test
    void runParametersNamedLikeCredentialsAreShownMasked() {
        String out = cli.ok("trigger", "deploy", "--param", "API_KEY=run-secret", "--param", "DAY=mon");
        String id = out.replaceAll("(?s).*run (\\d+) is queued.*", "$1");

        String shown = cli.ok("runs show", id) + cli.ok("runs show", id, "--json");

        assertThat(shown).doesNotContain("run-secret").contains("API_KEY=******", "\"API_KEY\" : \"******\"", "DAY=mon");
    }

    private Task stored(String name) {
        return new MysqlTaskStore(pool, Clock.systemUTC()).findByName(cli.namespace, name).orElseThrow();
    }
}
