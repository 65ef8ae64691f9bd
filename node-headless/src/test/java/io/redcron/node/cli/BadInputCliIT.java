package io.redcron.node.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.zaxxer.hikari.HikariDataSource;
import io.redcron.config.ConfigLoader;
import io.redcron.domain.InvalidTaskException;
import io.redcron.domain.ShellPayload;
import io.redcron.domain.Task;
import io.redcron.node.Node;
import io.redcron.schedule.CronDialect;
import io.redcron.store.mysql.MysqlTaskStore;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.time.Clock;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/**
 * Bad input through the command line and the task store: each is refused with one line that names
 * the field (exit 2, nothing stored), or is stored and shown exactly as given.
 */
class BadInputCliIT {
    private static final String MEGABYTE = "x".repeat(1024 * 1024);

    @RegisterExtension
    static final StoreCli database = StoreCli.fresh();
    private static HikariDataSource dataSource;

    private StoreCli cli;

    @TempDir
    Path dir;

    @BeforeAll
    static void database() {
        dataSource = database.pool();
    }

    @BeforeEach
    void namespace() {
        cli = database.inNewNamespace();
    }

    @ParameterizedTest(name = "{0} ''{1}'' names {2}")
    @CsvSource(delimiter = '|', value = {
        "unix   | 61 * * * *          | minute",
        "unix   | * 24 * * *          | hour",
        "unix   | * * 32 * *          | day-of-month",
        "unix   | * * * 13 *          | month",
        "unix   | * * * * 8           | day-of-week",
        "unix   | */0 * * * *         | minute",
        "unix   | * * * *             | 5 fields",
        "quartz | 60 * * * * ?        | second",
        "quartz | 0 0 25 * * ?        | hour",
        "quartz | 0 0 0 * * *         | '?'",
        "quartz | 0 0 0 ? * 2#6       | day-of-week",
        "quartz | 0 0 0 ? * * 1900    | year",
        "quartz | 0 0 0 L-31 * ?      | day-of-month",
        "spring | 0 61 * * * *        | minute",
        "spring | 0 0 0 32 * *        | day-of-month",
        "spring | 0 0 0 * 13 *        | month",
        "spring | 0 0 0 * * MON-FOO   | day-of-week",
        "spring | 0 0 0 * * * *       | 6 fields",
    })
    void invalidCronIsRefusedNamingTheFieldEverywhere(String dialect, String cron, String field) {
        Cli.Result checked = Cli.run("cron", "check", cron, "--dialect", dialect);
        TaskInputErrorsIT.assertRefused(checked, field);

        Cli.Result added = cli.run("task add", "--name", "job", "--cron", cron, "--dialect", dialect, "--shell", "true");
        TaskInputErrorsIT.assertRefused(added, "cron: ");
        assertThat(added.err()).contains(field);
        assertThat(cli.tasks()).isEmpty();

        cli.ok("task add", "--name", "kept", "--cron", "0 1 * * *", "--shell", "true");
        JsonNode before = cli.task("kept");
        Cli.Result updated = cli.run("task update", "kept", "--cron", cron, "--dialect", dialect);
        TaskInputErrorsIT.assertRefused(updated, field);
        assertThat(cli.task("kept")).isEqualTo(before);

        // The store's own callers (the desktop, the node) build a Task, which refuses the same way.
        InvalidTaskException refused = catchThrowableOfType(InvalidTaskException.class, () -> tasks().create(
                shell("direct").cron(cron).dialect(CronDialect.parse(dialect)).build(), "test"));
        assertThat(refused.field()).isEqualTo("cron");
        assertThat(refused.getMessage()).contains(field).doesNotContain("\n");
    }

    @Test
    void unknownTimeZoneIsRefusedEverywhere() throws Exception {
        for (String zone : List.of("Mars/Olympus", "Europe/Berlinn", "UTC+25", "")) {
            TaskInputErrorsIT.assertRefused(Cli.run("cron", "check", "* * * * *", "--zone", zone), "zone");
            TaskInputErrorsIT.assertRefused(cli.run("task add", "--name", "job", "--cron", "* * * * *", "--zone", zone,
                    "--shell", "true"), "zone");
            assertThat(catchThrowableOfType(InvalidTaskException.class, () -> Task.zone(zone)).field()).isEqualTo("zone");
        }
        Path file = dir.resolve("task.yaml");
        Files.writeString(file, "name: job\ncron: '* * * * *'\nzone: Mars/Olympus\nshell: 'true'\n");
        TaskInputErrorsIT.assertRefused(cli.run("task add", "--file", file.toString()), "zone");
        cli.ok("task add", "--name", "kept", "--cron", "0 1 * * *", "--shell", "true");
        TaskInputErrorsIT.assertRefused(cli.run("task update", "kept", "--zone", "Mars/Olympus"), "zone");
        assertThat(cli.task("kept").get("zone").asText()).isEqualTo("UTC");
    }

    @Test
    void aRowBrokenByHandIsAStoreErrorNamingTheTaskAndTheOthersStillWork() throws Exception {
        cli.ok("task add", "--name", "good", "--cron", "0 1 * * *", "--shell", "true");
        cli.ok("task add", "--name", "bad-cron", "--cron", "0 1 * * *", "--shell", "true");
        cli.ok("task add", "--name", "bad-zone", "--cron", "0 1 * * *", "--shell", "true");
        sql("UPDATE task SET cron = '61 * * * *' WHERE namespace = ? AND name = 'bad-cron'", cli.namespace);
        sql("UPDATE task SET zone = 'Mars/Olympus' WHERE namespace = ? AND name = 'bad-zone'", cli.namespace);

        Cli.Result badCron = cli.run("task show", "bad-cron");
        Cli.Result badZone = cli.run("task show", "bad-zone");

        assertThat(badCron.exitCode()).as(badCron.toString()).isEqualTo(ExitCode.FAILURE);
        assertThat(badCron.err()).hasLineCount(1).startsWith("redcron-node: task 'bad-cron' (id ")
                .contains("is stored with an invalid definition: cron: minute: 61 is out of range 0-59");
        assertThat(badZone.exitCode()).as(badZone.toString()).isEqualTo(ExitCode.FAILURE);
        assertThat(badZone.err()).hasLineCount(1).contains("task 'bad-zone'").contains("Mars/Olympus");
        assertThat(cli.task("good").get("name").asText()).isEqualTo("good");
    }

    @Test
    void aOneMegabytePayloadIsRefusedNamingTheFieldAndTheLimit() throws Exception {
        List<List<String>> payloads = List.of(
                List.of("--shell", MEGABYTE),
                List.of("--exec", "/bin/echo", MEGABYTE),
                List.of("--http", "http://example.com/", "--method", "POST", "--body", MEGABYTE),
                List.of("--http", "http://example.com/", "--header", "X-Big=" + MEGABYTE),
                List.of("--shell", "true", "--env", "BIG=" + MEGABYTE),
                List.of("--shell", "true", "--param", "BIG=" + MEGABYTE));
        List<String> fields = List.of("shell", "exec", "http-body", "http-header", "env", "params");
        for (int i = 0; i < payloads.size(); i++) {
            List<String> args = new java.util.ArrayList<>(List.of("--name", "big", "--cron", "* * * * *"));
            args.addAll(payloads.get(i));

            Cli.Result result = cli.run("task add", args.toArray(String[]::new));

            TaskInputErrorsIT.assertRefused(result, fields.get(i) + ": ");
            assertThat(result.err()).containsPattern("1048\\d{3} bytes \\(UTF-8\\), at most 65536 allowed");
        }
        assertThat(cli.tasks()).isEmpty();

        Path file = dir.resolve("big.yaml");
        Files.writeString(file, "name: big\ncron: '* * * * *'\nshell: '" + "x".repeat(900_000) + "'\n");
        TaskInputErrorsIT.assertRefused(cli.run("task add", "--file", file.toString()), "shell: is 900000 bytes");

        cli.ok("task add", "--name", "small", "--cron", "0 1 * * *", "--shell", "true");
        TaskInputErrorsIT.assertRefused(cli.run("trigger", "small", "--param", "BIG=" + MEGABYTE), "params");
        TaskInputErrorsIT.assertRefused(cli.run("task update", "small", "--shell", MEGABYTE), "shell");
        assertThat(cli.json("runs list")).isEmpty();
        assertThat(cli.task("small").get("shell").get("command").asText()).isEqualTo("true");
    }

    @Test
    void namesAndTextsWithQuotesSqlShellMetacharactersAndEmojiAreStoredAndShownExactly() throws Exception {
        String name = "it's \"x\"; DROP TABLE task; -- $(touch pwned) `id` | & > < * ? \\ % _ 😀🎉 名前";
        String description = "Robert'); DELETE FROM task_run; --\n$HOME ${PATH} 'single' \"double\" \\n 🐘 𝄞";
        String param = "'; UPDATE task SET enabled = 0; -- $(rm -rf /) `reboot` && echo 😀";

        cli.ok("task add", "--name", name, "--cron", "0 1 * * *", "--shell", "true", "--description", description,
                "--param", "P=" + param, "--label", "team=ops 😀 'quoted'", "--owner", "O'Brien <ob@example.com>");

        JsonNode task = cli.task(name);
        assertThat(task.get("name").asText()).isEqualTo(name);
        assertThat(task.get("description").asText()).isEqualTo(description);
        assertThat(task.get("params").get("P").asText()).isEqualTo(param);
        assertThat(task.get("labels").get("team").asText()).isEqualTo("ops 😀 'quoted'");
        assertThat(task.get("owner").asText()).isEqualTo("O'Brien <ob@example.com>");
        assertThat(TaskCommandsIT.names(cli.tasks())).containsExactly(name);
        assertThat(cli.ok("task list")).contains(name);
        assertThat(cli.ok("task show", name)).contains("Name:         " + name);
        cli.ok("task add", "--name", "plain", "--cron", "0 1 * * *", "--shell", "true");
        assertThat(TaskCommandsIT.names(cli.json("task list", "--text", "😀🎉"))).containsExactly(name);
        assertThat(TaskCommandsIT.names(cli.json("task list", "--text", "%"))).as("% is no wildcard")
                .containsExactly(name);
        assertThat(TaskCommandsIT.names(cli.json("task list", "--text", "_"))).as("_ is no wildcard")
                .containsExactly(name);

        String renamed = name + " 🚀";
        cli.ok("task update", name, "--rename", renamed);
        assertThat(cli.task(renamed).get("description").asText()).isEqualTo(description);
        assertThat(sqlCount("SELECT COUNT(*) FROM task_run")).as("the tables are all still there").isZero();
        assertThat(Files.exists(Path.of("pwned"))).isFalse();
    }

    @Test
    void parametersReachTheRunAsPlainTextAndBinaryOutputIsShownWithoutActingOnTheTerminal() throws Exception {
        String param = "'; UPDATE task SET enabled = 0; -- $(touch pwned) `touch pwned` && echo 😀 \"q\"";
        cli.ok("task add", "--name", "echo 😀 'it'", "--cron", "0 0 1 1 *", "--param", "P=" + param, "--shell",
                "printf '%s|' \"$REDCRON_PARAM_P\"; printf '\\033[2J\\000\\377\\r\\n'");
        long id = cli.json("trigger", "echo 😀 'it'").get("id").asLong();

        try (Node node = startNode()) {
            org.awaitility.Awaitility.await().atMost(java.time.Duration.ofSeconds(30)).until(() ->
                    !List.of("QUEUED", "RUNNING").contains(cli.json("runs show", Long.toString(id)).get("status").asText()));
        }

        JsonNode run = cli.json("runs show", Long.toString(id));
        assertThat(run.get("status").asText()).isEqualTo("SUCCEEDED");
        assertThat(run.get("output").asText()).isEqualTo(param + "|\u001B[2J\u0000\uFFFD\r\n");
        assertThat(run.get("task").asText()).isEqualTo("echo 😀 'it'");
        String shown = cli.ok("runs show", Long.toString(id));
        assertThat(shown).contains(param + "|\u241B[2J\u2400\uFFFD\u240D\n").doesNotContain("\u001B").doesNotContain("\u0000");
        assertThat(cli.ok("runs tail", Long.toString(id))).startsWith(param + "|\u241B[2J\u2400\uFFFD\u240D\n");
        assertThat(Files.exists(Path.of("pwned"))).isFalse();
    }

    @Test
    void twoHundredEmojiNameFitsItsColumns() {
        String name = "😀".repeat(100);

        cli.ok("task add", "--name", name, "--cron", "0 1 * * *", "--shell", "true");
        cli.ok("task disable", name);

        assertThat(cli.task(name).get("name").asText()).isEqualTo(name);
        assertThat(cli.json("audit list")).isNotEmpty();
    }

    @Test
    void wrongMysqlPasswordIsOneLineNamingTheDatabaseWithoutThePassword() throws Exception {
        String wrong = "Wr0ng-" + database.mysql.password().reveal() + "-pa55";
        Path config = config(database.mysql.jdbcUrl(), database.redisUri, wrong, null);

        for (String command : List.of("run", "task list", "migrate")) {
            Cli.Result result = run(command, config);

            assertThat(result.exitCode()).as(command + "\n" + result).isEqualTo(ExitCode.FAILURE);
            assertThat(result.err()).as(result.toString()).hasLineCount(1)
                    .startsWith("redcron-node: cannot connect to " + database.mysql.jdbcUrl())
                    .contains("Access denied").doesNotContain(wrong).doesNotContain("Exception");
            assertThat(result.out()).doesNotContain(wrong);
        }
    }

    @Test
    void wrongRedisCredentialsAreOneLineNamingRedisWithoutThePassword() throws Exception {
        String wrong = "Wr0ng-redis-pa55";
        // An ACL user that does not exist: the server refuses it whatever its own password setting.
        String uri = database.redisUri.replace("redis://", "redis://redcron-nobody:@");
        Path config = config(database.mysql.jdbcUrl(), uri, null, wrong);

        for (String command : List.of("run", "queues", "leader")) {
            Cli.Result result = run(command, config);

            assertThat(result.exitCode()).as(command + "\n" + result).isEqualTo(ExitCode.FAILURE);
            assertThat(result.err()).as(result.toString()).hasLineCount(1).startsWith("redcron-node: ")
                    .contains("redcron-nobody@").contains("refused the credentials")
                    .doesNotContain(wrong).doesNotContain("Exception");
            assertThat(result.out()).doesNotContain(wrong);
        }
    }

    /** Runs a command on a config file; {@code run} must fail at start, so it never blocks. */
    private Cli.Result run(String command, Path config) {
        List<String> args = new java.util.ArrayList<>(List.of(command.split(" ")));
        args.addAll(List.of("--config", config.toString()));
        if (command.equals("run")) {
            args.add("--allow-root"); // the test machine may run as root; the store error is what is tested
        }
        return org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(java.time.Duration.ofSeconds(60),
                () -> Cli.run(args.toArray(String[]::new)));
    }

    private Path config(String jdbcUrl, String redisUri, String mysqlPassword, String redisPassword) throws Exception {
        StringBuilder yaml = new StringBuilder();
        yaml.append("redis:\n  uri: ").append(redisUri).append('\n');
        if (redisPassword != null) {
            yaml.append("  password-file: ").append(secret("redis", redisPassword)).append('\n');
        }
        yaml.append("mysql:\n  url: ").append(jdbcUrl).append("\n  user: ").append(database.mysql.user()).append('\n');
        String password = mysqlPassword != null ? mysqlPassword : database.mysql.password().reveal();
        if (!password.isEmpty()) {
            yaml.append("  password-file: ").append(secret("mysql", password)).append('\n');
        }
        yaml.append("  connect-timeout: 2s\nnode:\n  namespace: ").append(cli.namespace).append('\n');
        Path file = dir.resolve("redcron.yaml");
        Files.writeString(file, yaml);
        return file;
    }

    private Path secret(String name, String value) throws Exception {
        Path file = dir.resolve(name + ".password");
        Files.writeString(file, value + "\n");
        return file;
    }

    private Node startNode() throws Exception {
        Map<String, String> settings = new java.util.HashMap<>(Map.of("redis.uri", cli.redisUri, "mysql.url",
                cli.mysql.jdbcUrl(), "mysql.user", cli.mysql.user(), "node.namespace", cli.namespace, "node.id",
                "bad-input", "scheduler.tick", "200ms"));
        if (!cli.mysql.password().isEmpty()) {
            settings.put("mysql.password-file", secret("node-mysql", cli.mysql.password().reveal()).toString());
        }
        return new Node(ConfigLoader.load(null, Map.of(), settings), Clock.systemUTC()).start();
    }

    private MysqlTaskStore tasks() {
        return new MysqlTaskStore(dataSource, Clock.systemUTC());
    }

    private Task.Builder shell(String name) {
        return Task.builder().namespace(cli.namespace).name(name).payload(new ShellPayload("true", null, Map.of()));
    }

    private static void sql(String statement, String value) throws Exception {
        try (Connection connection = dataSource.getConnection();
             PreparedStatement update = connection.prepareStatement(statement)) {
            update.setString(1, value);
            assertThat(update.executeUpdate()).isEqualTo(1);
        }
    }

    private static long sqlCount(String query) throws Exception {
        try (Connection connection = dataSource.getConnection();
             PreparedStatement select = connection.prepareStatement(query);
             java.sql.ResultSet row = select.executeQuery()) {
            row.next();
            return row.getLong(1);
        }
    }
}
