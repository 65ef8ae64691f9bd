package io.redcron.node.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class TaskCommandsIT {
    @RegisterExtension
    static final StoreCli database = StoreCli.fresh();

    private StoreCli cli;

    @TempDir
    Path dir;

    @BeforeEach
    void namespace() {
        cli = database.inNewNamespace();
    }

    @Test
    void execKeepsArgumentsThatLookLikeOptions() {
        String out = cli.ok("task add", "--name", "ls", "--cron", "*/5 * * * *", "--exec", "/bin/ls", "-la", "/tmp");

        assertThat(out).startsWith("Added task 'ls' (id ").contains("Next fire: ");
        JsonNode task = cli.task("ls");
        assertThat(task.get("type").asText()).isEqualTo("exec");
        assertThat(task.at("/exec/argv")).extracting(JsonNode::asText).containsExactly("/bin/ls", "-la", "/tmp");
    }

    @Test
    void execTakesEveryArgumentAfterItEvenOurOwnOptions() {
        cli.ok("task add", "--name", "sync", "--cron", "0 * * * *", "--timeout", "30s", "--exec", "/usr/bin/rsync", "-a",
                "-n", "--name", "x", "--help", "/src", "/dst");

        JsonNode task = cli.task("sync");
        assertThat(task.at("/exec/argv")).extracting(JsonNode::asText)
                .containsExactly("/usr/bin/rsync", "-a", "-n", "--name", "x", "--help", "/src", "/dst");
        assertThat(task.get("namespace").asText()).isEqualTo(cli.namespace);
        assertThat(task.get("timeout").asText()).isEqualTo("30s");
    }

    @Test
    void execWithAnAttachedValue() {
        cli.ok("task add", "--name", "ls", "--cron", "0 * * * *", "--exec=/bin/ls", "-la");

        assertThat(cli.task("ls").at("/exec/argv")).extracting(JsonNode::asText).containsExactly("/bin/ls", "-la");
    }

    @Test
    void execNeedsAProgram() {
        Cli.Result result = cli.run("task add", "--name", "x", "--cron", "0 * * * *", "--exec");

        assertThat(result.exitCode()).isEqualTo(ExitCode.INVALID);
        assertThat(result.err()).startsWith("redcron-node: --exec").hasLineCount(1);
        assertThat(cli.tasks()).isEmpty();
    }

    @Test
    void shellKeepsTheLineAsGiven() {
        String line = "echo \"tick-$REDCRON_RUN_ID\" | tr a-z A-Z > /dev/null; exit 0";
        cli.ok("task add", "--name", "tick", "--cron", "*/2 * * * * ?", "--dialect", "quartz", "--shell", line,
                "--retries", "2", "--group", "etl", "--zone", "Europe/Berlin");

        JsonNode task = cli.task("tick");
        assertThat(task.get("type").asText()).isEqualTo("shell");
        assertThat(task.at("/shell/command").asText()).isEqualTo(line);
        assertThat(task.get("dialect").asText()).isEqualTo("quartz");
        assertThat(task.get("zone").asText()).isEqualTo("Europe/Berlin");
        assertThat(task.get("group").asText()).isEqualTo("etl");
        assertThat(task.at("/retries/maxAttempts").asInt()).isEqualTo(3);
        assertThat(OffsetDateTime.parse(task.get("nextFireTime").asText()).getOffset().getId()).matches("\\+0[12]:00");
    }

    @Test
    void httpWithMethodHeadersBodyAndAcceptedStatuses() {
        cli.ok("task add", "--name", "hook", "--cron", "0 9 * * 1-5", "--http", "https://example.com/hook?x=1",
                "--method", "post", "--header", "X-Token=abc", "--header", "Content-Type=application/json",
                "--body", "{\"a\":1}", "--accept", "200,202", "--redirects", "same-origin");

        JsonNode http = cli.task("hook").get("http");
        assertThat(http.get("method").asText()).isEqualTo("POST");
        assertThat(http.get("url").asText()).isEqualTo("https://example.com/hook?x=1");
        assertThat(http.at("/headers/X-Token").asText()).as("a credential, shown masked").isEqualTo("******");
        assertThat(http.at("/headers/Content-Type").asText()).isEqualTo("application/json");
        assertThat(http.get("body").asText()).isEqualTo("{\"a\":1}");
        assertThat(http.get("acceptedStatuses")).extracting(JsonNode::asInt).containsExactly(200, 202);
        assertThat(http.get("redirects").asText()).isEqualTo("same-origin");
        assertThat(cli.ok("task show", "hook")).contains("Runs:         POST https://example.com/hook?x=1",
                "Redirects:    same-origin");

        cli.ok("task update", "hook", "--redirects", "any");
        assertThat(cli.task("hook").at("/http/redirects").asText()).isEqualTo("any");
        cli.ok("task update", "hook", "--method", "GET");
        assertThat(cli.task("hook").at("/http/redirects").asText()).as("kept by an edit of another field").isEqualTo("any");
    }

    @Test
    void javaHandler() {
        cli.ok("task add", "--name", "report", "--cron", "0 0 6 * * *", "--dialect", "spring", "--java",
                "com.example.ReportHandler");

        JsonNode task = cli.task("report");
        assertThat(task.get("type").asText()).isEqualTo("java");
        assertThat(task.at("/java/handler").asText()).isEqualTo("com.example.ReportHandler");
        assertThat(task.get("dialect").asText()).isEqualTo("spring");
    }

    @Test
    void addSaysWhenAScheduleNeverFires() {
        String out = cli.ok("task add", "--name", "feb-31", "--cron", "0 0 31 2 *", "--shell", "true");

        assertThat(out).contains("warning: never fires").endsWith("it will never fire.\n").doesNotContain("disabled");
        assertThat(cli.task("feb-31").get("enabled").asBoolean()).isTrue();
    }

    @Test
    void addFromYamlFile() throws Exception {
        Path file = dir.resolve("backup.yaml");
        Files.writeString(file, """
                name: backup
                cron: "0 3 * * *"
                zone: Asia/Shanghai
                group: db
                description: nightly dump
                exec:
                  argv: [/usr/local/bin/backup, --full]
                  env: {LEVEL: "9"}
                timeout: 2h
                retries: 1
                labels: {team: data}
                params: {TARGET: s3}
                """);

        cli.ok("task add", "--file", file.toString());

        JsonNode task = cli.task("backup");
        assertThat(task.get("cron").asText()).isEqualTo("0 3 * * *");
        assertThat(task.get("zone").asText()).isEqualTo("Asia/Shanghai");
        assertThat(task.get("group").asText()).isEqualTo("db");
        assertThat(task.get("description").asText()).isEqualTo("nightly dump");
        assertThat(task.at("/exec/argv")).extracting(JsonNode::asText).containsExactly("/usr/local/bin/backup", "--full");
        assertThat(task.at("/exec/env/LEVEL").asText()).isEqualTo("9");
        assertThat(task.get("timeout").asText()).isEqualTo("2h");
        assertThat(task.at("/retries/maxAttempts").asInt()).isEqualTo(2);
        assertThat(task.at("/labels/team").asText()).isEqualTo("data");
        assertThat(task.at("/params/TARGET").asText()).isEqualTo("s3");
        assertThat(task.get("nextFireTime").asText()).endsWith("T03:00:00+08:00");
    }

    @Test
    void addFromJsonFileWithFlagsWinning() throws Exception {
        Path file = dir.resolve("ping.json");
        Files.writeString(file, """
                {"name": "ping", "cron": "*/10 * * * *", "http": {"url": "http://127.0.0.1:9/ping", "method": "HEAD"},
                 "enabled": true}
                """);

        cli.ok("task add", "--file", file.toString(), "--name", "ping-2", "--disabled");

        JsonNode task = cli.task("ping-2");
        assertThat(task.get("type").asText()).isEqualTo("http");
        assertThat(task.at("/http/method").asText()).isEqualTo("HEAD");
        assertThat(task.at("/http/redirects").asText()).as("the default").isEqualTo("none");
        assertThat(task.get("enabled").asBoolean()).isFalse();
        assertThat(task.get("nextFireTime").isNull()).isTrue();
        assertThat(cli.tasks()).hasSize(1);
    }

    @Test
    void listJsonHasTheFieldsScriptsRelyOn() {
        cli.ok("task add", "--name", "a", "--cron", "30 9 * * *", "--zone", "Europe/Berlin", "--shell", "true");

        JsonNode list = cli.tasks();

        assertThat(list.isArray()).isTrue();
        assertThat(list).hasSize(1);
        JsonNode task = list.get(0);
        assertThat(task.get("name").asText()).isEqualTo("a");
        assertThat(task.get("cron").asText()).isEqualTo("30 9 * * *");
        assertThat(task.get("dialect").asText()).isEqualTo("unix");
        assertThat(task.get("zone").asText()).isEqualTo("Europe/Berlin");
        assertThat(task.get("type").asText()).isEqualTo("shell");
        assertThat(task.get("enabled").asBoolean()).isTrue();
        assertThat(task.get("nextFireTime").asText()).matches(".*T09:30:00\\+0[12]:00");
    }

    @Test
    void listTableHasOneRowPerTask() {
        cli.ok("task add", "--name", "alpha", "--cron", "0 1 * * *", "--shell", "true");
        cli.ok("task add", "--name", "beta", "--cron", "0 2 * * *", "--disabled", "--exec", "/bin/true");

        List<String> lines = cli.ok("task list").lines().toList();

        assertThat(lines.get(0)).startsWith("NAME").contains("CRON", "ZONE", "TYPE", "NEXT FIRE", "ENABLED", "MANAGED BY");
        assertThat(lines).hasSize(3);
        assertThat(lines.get(1)).startsWith("alpha").contains("0 1 * * * (unix)", "shell").endsWith("yes      -");
        assertThat(lines.get(2)).startsWith("beta").contains("exec", " - ").endsWith("no       -");
    }

    @Test
    void emptyListSaysSo() {
        assertThat(cli.ok("task list")).isEqualTo("No tasks in namespace '" + cli.namespace + "'.\n");
        assertThat(cli.tasks()).isEmpty();
    }

    @Test
    void listFilters() {
        cli.ok("task add", "--name", "load-orders", "--cron", "0 1 * * *", "--shell", "true", "--group", "etl",
                "--label", "team=data", "--description", "Nightly ORDERS import");
        cli.ok("task add", "--name", "load-users", "--cron", "0 2 * * *", "--shell", "true", "--group", "etl",
                "--label", "team=web", "--disabled");
        cli.ok("task add", "--name", "ping", "--cron", "* * * * *", "--http", "http://127.0.0.1/");

        assertThat(names(cli.json("task list", "--group", "etl"))).containsExactly("load-orders", "load-users");
        assertThat(names(cli.json("task list", "--label", "team"))).containsExactly("load-orders", "load-users");
        assertThat(names(cli.json("task list", "--label", "team=web"))).containsExactly("load-users");
        assertThat(names(cli.json("task list", "--enabled"))).containsExactly("load-orders", "ping");
        assertThat(names(cli.json("task list", "--disabled"))).containsExactly("load-users");
        assertThat(names(cli.json("task list", "--text", "orders"))).containsExactly("load-orders");
        assertThat(names(cli.json("task list", "--type", "http"))).containsExactly("ping");
        assertThat(names(cli.json("task list", "--group", "etl", "--enabled"))).containsExactly("load-orders");
    }

    @Test
    void listPages() {
        for (String name : List.of("t1", "t2", "t3", "t4", "t5")) {
            cli.ok("task add", "--name", name, "--cron", "0 * * * *", "--shell", "true");
        }

        assertThat(names(cli.json("task list", "--limit", "2"))).containsExactly("t1", "t2");
        assertThat(names(cli.json("task list", "--limit", "2", "--offset", "2"))).containsExactly("t3", "t4");
        assertThat(names(cli.json("task list", "--limit", "2", "--offset", "4"))).containsExactly("t5");
        assertThat(cli.ok("task list", "--limit", "2")).endsWith("(2 of 5; next page: --offset 2)\n");
        assertThat(cli.ok("task list", "--offset", "9")).isEqualTo("No tasks in namespace '" + cli.namespace
                + "' at offset 9.\n");
    }

    @Test
    void showAsTextListsTheDefinition() {
        cli.ok("task add", "--name", "tick", "--cron", "*/5 * * * *", "--shell", "echo hi", "--owner", "ops");

        String out = cli.ok("task show", "tick");

        assertThat(out).contains("Name:         tick", "Schedule:     */5 * * * * (unix, UTC)", "Runs:         sh -c echo hi",
                "Owner:        ops", "Enabled:      yes", "Version:      1");
    }

    @Test
    void showJsonIsADocumentThatUpdateReadsBack() throws Exception {
        cli.ok("task add", "--name", "report", "--cron", "0 6 * * 1", "--zone", "America/New_York", "--http",
                "https://example.com/r", "--method", "PUT", "--header", "A=b", "--retries", "3", "--backoff", "5s",
                "--label", "k=v", "--param", "DAY=mon", "--alert", "mailto:ops@example.com", "--misfire", "catch-up",
                "--catch-up-limit", "4", "--concurrency", "allow", "--owner", "me", "--description", "weekly");
        JsonNode before = cli.task("report");
        Path file = dir.resolve("report.json");
        Files.writeString(file, Json.write(before));

        assertThat(cli.ok("task update", "report", "--file", file.toString()))
                .isEqualTo("Task 'report' is unchanged (version 1).\n");
        assertThat(cli.task("report")).isEqualTo(before);

        ObjectNode edited = before.deepCopy();
        edited.put("cron", "0 7 * * 1");
        Files.writeString(file, Json.write(edited));
        assertThat(cli.ok("task update", "report", "--file", file.toString())).isEqualTo("Updated task 'report' (version 2).\n");

        JsonNode after = cli.task("report");
        ObjectNode expected = withoutChangingFields(edited);
        expected.remove("schedule");
        ObjectNode actual = withoutChangingFields(after);
        actual.remove("schedule");
        assertThat(actual).isEqualTo(expected);
    }

    @Test
    void updateWithNothingNewKeepsTheVersion() {
        cli.ok("task add", "--name", "job", "--cron", "0 1 * * *", "--shell", "true");

        assertThat(cli.ok("task update", "job")).isEqualTo("Task 'job' is unchanged (version 1).\n");
        assertThat(cli.ok("task update", "job", "--cron", "0 1 * * *")).isEqualTo("Task 'job' is unchanged (version 1).\n");
        assertThat(cli.task("job").get("version").asLong()).isEqualTo(1);
    }

    @Test
    void addFromStandardInput() {
        InputStream stdin = System.in;
        System.setIn(new ByteArrayInputStream("{\"name\": \"piped\", \"cron\": \"0 1 * * *\", \"shell\": \"true\"}"
                .getBytes(StandardCharsets.UTF_8)));
        try {
            cli.ok("task add", "--file", "-");
        } finally {
            System.setIn(stdin);
        }

        assertThat(names(cli.tasks())).containsExactly("piped");
    }

    @Test
    void showJsonIsADocumentThatAddReadsBack() throws Exception {
        cli.ok("task add", "--name", "orig", "--cron", "0 6 * * *", "--env", "A=1", "--workdir", "/tmp", "--exec", "/bin/echo",
                "-n", "x");
        ObjectNode doc = (ObjectNode) cli.task("orig");
        doc.put("name", "copy");
        Path file = dir.resolve("copy.json");
        Files.writeString(file, Json.write(doc));

        cli.ok("task add", "--file", file.toString());

        JsonNode copy = cli.task("copy");
        assertThat(copy.get("exec")).isEqualTo(doc.get("exec"));
        assertThat(copy.get("id").asLong()).isNotEqualTo(doc.get("id").asLong());
    }

    @Test
    void updateOfOneFieldKeepsTheRest() {
        cli.ok("task add", "--name", "job", "--cron", "0 1 * * *", "--zone", "Europe/Berlin", "--timeout", "5m",
                "--retries", "2", "--group", "etl", "--label", "a=b", "--owner", "me", "--exec", "/bin/job", "-v");
        JsonNode before = cli.task("job");

        String out = cli.ok("task update", "job", "--cron", "0 2 * * *");

        assertThat(out).isEqualTo("Updated task 'job' (version 2).\n");
        JsonNode after = cli.task("job");
        assertThat(after.get("cron").asText()).isEqualTo("0 2 * * *");
        ObjectNode expected = withoutChangingFields(before);
        expected.put("cron", "0 2 * * *");
        ObjectNode actual = withoutChangingFields(after);
        actual.remove("schedule");
        expected.remove("schedule");
        assertThat(actual).isEqualTo(expected);

        cli.ok("task update", "job", "--env", "X=1");
        JsonNode withEnv = cli.task("job");
        assertThat(withEnv.at("/exec/argv")).extracting(JsonNode::asText).containsExactly("/bin/job", "-v");
        assertThat(withEnv.at("/exec/env/X").asText()).isEqualTo("1");
        assertThat(withEnv.get("timeout").asText()).isEqualTo("5m");
    }

    @Test
    void updateCanChangeThePayloadKind() {
        cli.ok("task add", "--name", "job", "--cron", "0 1 * * *", "--exec", "/bin/true");

        cli.ok("task update", "job", "--shell", "echo changed");

        JsonNode task = cli.task("job");
        assertThat(task.get("type").asText()).isEqualTo("shell");
        assertThat(task.has("exec")).isFalse();
    }

    @Test
    void rename() {
        cli.ok("task add", "--name", "old", "--cron", "0 1 * * *", "--shell", "true");
        long id = cli.task("old").get("id").asLong();

        cli.ok("task update", "old", "--rename", "new");

        assertThat(names(cli.tasks())).containsExactly("new");
        assertThat(cli.task("new").get("id").asLong()).isEqualTo(id);
        assertThat(cli.run("task show", "old").exitCode()).isEqualTo(ExitCode.NOT_FOUND);
    }

    @Test
    void renameOntoATakenNameIsAConflict() {
        cli.ok("task add", "--name", "a", "--cron", "0 1 * * *", "--shell", "true");
        cli.ok("task add", "--name", "b", "--cron", "0 1 * * *", "--shell", "true");

        Cli.Result result = cli.run("task update", "a", "--rename", "b");

        assertThat(result.exitCode()).as(result.toString()).isEqualTo(ExitCode.CONFLICT);
        assertThat(result.err().strip()).contains("b").doesNotContain("\n");
        assertThat(names(cli.tasks())).containsExactly("a", "b");
    }

    @Test
    void fileWithAStaleVersionIsAConflictAndChangesNothing() throws Exception {
        cli.ok("task add", "--name", "job", "--cron", "0 1 * * *", "--shell", "true");
        ObjectNode doc = (ObjectNode) cli.task("job");
        cli.ok("task update", "job", "--description", "changed meanwhile");
        doc.put("cron", "0 5 * * *");
        Path file = dir.resolve("job.yaml");
        Files.writeString(file, Json.write(doc));
        JsonNode before = cli.task("job");

        Cli.Result result = cli.run("task update", "job", "--file", file.toString());

        assertThat(result.exitCode()).as(result.toString()).isEqualTo(ExitCode.CONFLICT);
        assertThat(result.err().strip()).doesNotContain("\n").isNotEmpty();
        assertThat(cli.task("job")).isEqualTo(before);
    }

    @Test
    void duplicateNameIsAConflict() {
        cli.ok("task add", "--name", "job", "--cron", "0 1 * * *", "--shell", "true");

        Cli.Result result = cli.run("task add", "--name", "job", "--cron", "0 2 * * *", "--shell", "false");

        assertThat(result.exitCode()).as(result.toString()).isEqualTo(ExitCode.CONFLICT);
        assertThat(result.err().strip()).contains("job").doesNotContain("\n");
        assertThat(cli.tasks()).hasSize(1);
        assertThat(cli.task("job").get("cron").asText()).isEqualTo("0 1 * * *");
    }

    @Test
    void sameNameInAnotherNamespaceIsFine() {
        cli.ok("task add", "--name", "job", "--cron", "0 1 * * *", "--shell", "true");
        StoreCli other = cli.inNewNamespace();

        other.ok("task add", "--name", "job", "--cron", "0 1 * * *", "--shell", "true");

        assertThat(other.tasks()).hasSize(1);
        assertThat(cli.tasks()).hasSize(1);
    }

    @Test
    void enableDisablePauseResumeSayWhatChangedAndAreIdempotent() {
        cli.ok("task add", "--name", "job", "--cron", "0 1 * * *", "--shell", "true");

        assertThat(cli.ok("task disable", "job")).isEqualTo("Task 'job' is now disabled.\n");
        assertThat(cli.ok("task disable", "job")).isEqualTo("Task 'job' was already disabled.\n");
        assertThat(cli.task("job").get("enabled").asBoolean()).isFalse();
        assertThat(cli.task("job").get("nextFireTime").isNull()).isTrue();
        assertThat(cli.ok("resume", "job")).isEqualTo("Task 'job' is now enabled.\n");
        assertThat(cli.ok("task enable", "job")).isEqualTo("Task 'job' was already enabled.\n");
        assertThat(cli.ok("pause", "job")).isEqualTo("Task 'job' is now disabled.\n");
        assertThat(cli.ok("pause", "job")).isEqualTo("Task 'job' was already disabled.\n");
        assertThat(cli.ok("task enable", "job")).isEqualTo("Task 'job' is now enabled.\n");
        assertThat(cli.ok("resume", "job")).isEqualTo("Task 'job' was already enabled.\n");
        assertThat(cli.task("job").get("enabled").asBoolean()).isTrue();
        assertThat(cli.task("job").get("version").asLong()).isEqualTo(5);
    }

    @Test
    void deleteKeepsTheRunHistory() {
        cli.ok("task add", "--name", "job", "--cron", "0 1 * * *", "--shell", "true");
        long runId = cli.json("trigger", "job").get("id").asLong();

        assertThat(cli.ok("task delete", "job")).isEqualTo("Deleted task 'job'.\n");

        assertThat(cli.tasks()).isEmpty();
        assertThat(cli.run("task delete", "job").exitCode()).isEqualTo(ExitCode.NOT_FOUND);
        JsonNode run = cli.json("runs show", Long.toString(runId));
        assertThat(run.get("task").asText()).isEqualTo("job");
        assertThat(cli.json("runs list")).extracting(r -> r.get("id").asLong()).containsExactly(runId);
    }

    @Test
    void taskCanBeNamedByItsId() {
        cli.ok("task add", "--name", "job", "--cron", "0 1 * * *", "--shell", "true");
        String id = cli.task("job").get("id").asText();

        assertThat(cli.task(id).get("name").asText()).isEqualTo("job");
    }

    @ParameterizedTest
    @ValueSource(strings = {"it's \"quoted\"", "x'; DROP TABLE task; --", "$(rm -rf /) `id` | & ; > *",
            "备份 🚀 nightly", "100% _under_ \\back\\slash"})
    void awkwardNamesRoundTrip(String name) {
        cli.ok("task add", "--name", name, "--cron", "0 1 * * *", "--shell", "echo " + name, "--description", name);

        assertThat(names(cli.tasks())).containsExactly(name);
        JsonNode task = cli.task(name);
        assertThat(task.get("name").asText()).isEqualTo(name);
        assertThat(task.at("/shell/command").asText()).isEqualTo("echo " + name);
        assertThat(names(cli.json("task list", "--text", name))).containsExactly(name);
        assertThat(cli.ok("task list")).contains(name);
        assertThat(cli.ok("task disable", name)).isEqualTo("Task '" + name + "' is now disabled.\n");
        assertThat(cli.ok("task delete", name)).isEqualTo("Deleted task '" + name + "'.\n");
        assertThat(cli.tasks()).isEmpty();
    }

    @Test
    void unknownTaskIsNotFound() {
        for (String command : List.of("task show", "task update", "task enable", "task disable", "task delete",
                "pause", "resume", "trigger")) {
            String[] args = command.equals("task update") ? new String[] {"ghost", "--cron", "* * * * *"}
                    : new String[] {"ghost"};
            Cli.Result result = cli.run(command, args);
            assertThat(result.exitCode()).as(command + "\n" + result).isEqualTo(ExitCode.NOT_FOUND);
            assertThat(result.err()).as(command).isEqualTo("redcron-node: no task named 'ghost' in namespace '"
                    + cli.namespace + "'\n");
        }
    }

    static List<String> names(JsonNode tasks) {
        return tasks.findValuesAsText("name");
    }

    /** A task document without what every save changes. */
    private static ObjectNode withoutChangingFields(JsonNode task) {
        ObjectNode copy = task.deepCopy();
        copy.remove(List.of("version", "updatedAt", "nextFireTime"));
        return copy;
    }
}
