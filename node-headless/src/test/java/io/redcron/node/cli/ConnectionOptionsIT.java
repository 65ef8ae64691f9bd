package io.redcron.node.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.redcron.config.SandboxConnection;
import io.redcron.config.Secret;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Where commands find the stores: flags, a config file, or the sandbox running on this machine.
 * Redcron's home is a temporary folder here, so the user's own sandbox is never touched.
 * ($REDCRON_CONFIG is read from the environment only, which a test cannot set in-process.)
 */
class ConnectionOptionsIT {
    /** The sandbox serves the namespace 'default': a database of its own keeps other tests out. */
    @RegisterExtension
    static final StoreCli database = StoreCli.fresh();

    @TempDir
    Path home;

    @TempDir
    Path dir;

    private String previousHome;

    @BeforeEach
    void home() {
        previousHome = System.setProperty("redcron.home", home.toString());
    }

    @AfterEach
    void restoreHome() {
        if (previousHome == null) {
            System.clearProperty("redcron.home");
        } else {
            System.setProperty("redcron.home", previousHome);
        }
    }

    @Test
    void runningSandboxIsUsedWhenNoStoresAreGiven() {
        announceSandbox(ProcessHandle.current().pid());

        Cli.Result added = Cli.run("task", "add", "--name", "via-sandbox", "--cron", "0 1 * * *", "--shell", "true");

        assertThat(added.exitCode()).as(added.toString()).isZero();
        Cli.Result listed = Cli.run("task", "list", "--json");
        assertThat(listed.exitCode()).as(listed.toString()).isZero();
        assertThat(listed.out()).contains("\"via-sandbox\"");
        StoreCli explicit = database.inNamespace("default");
        assertThat(TaskCommandsIT.names(explicit.tasks())).contains("via-sandbox");
        explicit.ok("task delete", "via-sandbox");
    }

    @Test
    void noSandboxAndNoStoresIsAHintToStartOne() {
        for (List<String> command : List.of(List.of("task", "list"), List.of("runs", "list"), List.of("migrate"),
                List.of("queues"), List.of("leader"), List.of("nodes", "list"), List.of("trigger", "x"))) {
            Cli.Result result = Cli.run(command.toArray(String[]::new));

            assertThat(result.exitCode()).as(command + "\n" + result).isEqualTo(ExitCode.INVALID);
            assertThat(result.err()).as(command.toString()).isEqualTo("redcron-node: no stores given: pass --config FILE or"
                    + " --jdbc URL and --redis URI, or start the sandbox with 'redcron-node sandbox'\n");
            assertThat(result.out()).isEmpty();
        }
    }

    @Test
    void sandboxThatDiedIsNotUsed() throws Exception {
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        announceSandbox(gone.pid());

        Cli.Result result = Cli.run("task", "list");

        assertThat(result.exitCode()).as(result.toString()).isEqualTo(ExitCode.INVALID);
        assertThat(result.err()).contains("start the sandbox");
    }

    @Test
    void explicitStoresWinOverTheSandbox() {
        announceSandbox(ProcessHandle.current().pid());
        StoreCli other = StoreCli.fresh();

        other.ok("task add", "--name", "explicit", "--cron", "0 1 * * *", "--shell", "true");

        assertThat(TaskCommandsIT.names(other.tasks())).containsExactly("explicit");
        assertThat(TaskCommandsIT.names(database.inNamespace("default").tasks())).doesNotContain("explicit");
    }

    @Test
    void yamlConfigFile() throws Exception {
        StoreCli cli = database.inNewNamespace();
        Path config = dir.resolve("redcron.yaml");
        Files.writeString(config, """
                redis:
                  uri: %s
                mysql:
                  url: %s
                  user: %s
                node:
                  namespace: %s
                """.formatted(cli.redisUri, cli.mysql.jdbcUrl(), cli.mysql.user(), cli.namespace));

        Cli.Result added = Cli.run("task", "add", "--config", config.toString(), "--name", "from-yaml", "--cron",
                "0 1 * * *", "--shell", "true");

        assertThat(added.exitCode()).as(added.toString()).isZero();
        assertThat(TaskCommandsIT.names(cli.tasks())).containsExactly("from-yaml");
    }

    @Test
    void propertiesConfigFileWithAFlagOverridingIt() throws Exception {
        StoreCli cli = database.inNewNamespace();
        Path config = dir.resolve("redcron.properties");
        Files.writeString(config, "redis.uri=" + cli.redisUri + "\nmysql.url=" + cli.mysql.jdbcUrl() + "\nmysql.user="
                + cli.mysql.user() + "\nnode.namespace=not-this-one\n");

        Cli.Result added = Cli.run("task", "add", "--config", config.toString(), "-n", cli.namespace, "--name",
                "from-properties", "--cron", "0 1 * * *", "--shell", "true");

        assertThat(added.exitCode()).as(added.toString()).isZero();
        assertThat(TaskCommandsIT.names(cli.tasks())).containsExactly("from-properties");
    }

    @Test
    void missingConfigFile() {
        Path config = dir.resolve("nowhere.yaml");

        Cli.Result result = Cli.run("task", "list", "--config", config.toString());

        TaskInputErrorsIT.assertRefused(result, "config");
        assertThat(result.err()).contains(config.toString());
    }

    @Test
    void passwordInAConfigFileIsRefused() throws Exception {
        Path config = dir.resolve("redcron.yaml");
        Files.writeString(config, "mysql:\n  url: jdbc:mysql://127.0.0.1:1/x\n  password: hunter2\n");

        Cli.Result result = Cli.run("task", "list", "--config", config.toString());

        TaskInputErrorsIT.assertRefused(result, "mysql.password");
        assertThat(result.err()).contains("REDCRON_MYSQL_PASSWORD").doesNotContain("hunter2");
    }

    @Test
    void unknownSettingInAConfigFileIsRefused() throws Exception {
        Path config = dir.resolve("redcron.yaml");
        Files.writeString(config, "mysql:\n  uri: jdbc:mysql://127.0.0.1:3306/x\n");

        TaskInputErrorsIT.assertRefused(Cli.run("task", "list", "--config", config.toString()), "mysql.uri");
    }

    @Test
    void unreachableDatabaseNamesTheUrlAndNotThePassword() throws Exception {
        Path secret = dir.resolve("mysql-password");
        Files.writeString(secret, "s3cr3t-Pa55\n");
        Path config = dir.resolve("redcron.yaml");
        Files.writeString(config, """
                mysql:
                  url: jdbc:mysql://127.0.0.1:1/x
                  user: app
                  password-file: %s
                  connect-timeout: 1s
                redis:
                  uri: %s
                """.formatted(secret, database.redisUri));

        for (List<String> command : List.of(List.of("task", "list"), List.of("task", "add", "--name", "x", "--cron",
                "* * * * *", "--shell", "true"), List.of("migrate"))) {
            List<String> args = new ArrayList<>(command);
            args.addAll(List.of("--config", config.toString()));

            Cli.Result result = Cli.run(args.toArray(String[]::new));

            assertThat(result.exitCode()).as(command + "\n" + result).isEqualTo(ExitCode.FAILURE);
            assertThat(result.err().lines()).as(result.toString()).hasSize(1);
            assertThat(result.err()).as(result.toString()).startsWith("redcron-node: ")
                    .contains("jdbc:mysql://127.0.0.1:1/x").doesNotContain("s3cr3t");
            assertThat(result.out()).doesNotContain("s3cr3t");
        }
    }

    @Test
    void unreachableDatabaseFromFlags() {
        Cli.Result result = Cli.run("task", "list", "--jdbc", "jdbc:mysql://127.0.0.1:1/x", "--db-user", "app",
                "--redis", database.redisUri);

        assertThat(result.exitCode()).as(result.toString()).isEqualTo(ExitCode.FAILURE);
        assertThat(result.err()).startsWith("redcron-node: cannot connect to jdbc:mysql://127.0.0.1:1/x as 'app'")
                .hasLineCount(1);
    }

    @Test
    void unreachableRedisNamesTheUri() {
        StoreCli cli = database.inNewNamespace();
        for (String command : List.of("queues", "nodes list", "leader")) {
            List<String> args = new ArrayList<>(List.of(command.split(" ")));
            args.addAll(List.of("--jdbc", cli.mysql.jdbcUrl(), "--db-user", cli.mysql.user(), "--redis",
                    "redis://127.0.0.1:1"));

            Cli.Result result = Cli.run(args.toArray(String[]::new));

            assertThat(result.exitCode()).as(command + "\n" + result).isEqualTo(ExitCode.FAILURE);
            assertThat(result.err().lines()).as(result.toString()).hasSize(1);
            assertThat(result.err()).as(result.toString()).contains("127.0.0.1:1");
        }
    }

    @Test
    void badFlagValues() {
        TaskInputErrorsIT.assertRefused(Cli.run("task", "list", "--jdbc", "postgres://x/y", "--db-user", "u", "--redis",
                database.redisUri), "mysql.url");
        TaskInputErrorsIT.assertRefused(Cli.run("task", "list", "--jdbc", database.mysql.jdbcUrl(), "--db-user", "u",
                "--redis", "http://127.0.0.1:6379"), "redis");
        TaskInputErrorsIT.assertRefused(Cli.run("task", "list", "--jdbc", database.mysql.jdbcUrl(), "--db-user",
                database.mysql.user(), "--redis", database.redisUri, "-n", "bad namespace!"), "namespace");
    }

    @Test
    void migrateCreatesTheSchemaOnceAndThenHasNothingToDo() {
        StoreCli empty = StoreCli.freshEmpty();

        String first = empty.ok("migrate");
        String again = empty.ok("migrate");

        assertThat(first).startsWith("Migrating " + empty.mysql.jdbcUrl()).containsPattern("Applied \\d+ migration\\(s\\)");
        assertThat(again).contains("Schema is up to date (version ");
        empty.ok("task add", "--name", "after-migrate", "--cron", "0 1 * * *", "--shell", "true");
        JsonNode tasks = empty.tasks();
        assertThat(TaskCommandsIT.names(tasks)).containsExactly("after-migrate");
    }

    @Test
    void commandsOnAnUnmigratedDatabaseFailInOneLine() {
        StoreCli empty = StoreCli.freshEmpty();

        Cli.Result result = empty.run("task list");

        assertThat(result.exitCode()).as(result.toString()).isEqualTo(ExitCode.FAILURE);
        assertThat(result.err().lines()).as(result.toString()).hasSize(1);
        assertThat(result.err()).endsWith("(is the schema there? run 'redcron-node migrate')\n");
    }

    private void announceSandbox(long pid) {
        new SandboxConnection(database.redisUri, Secret.NONE, database.mysql.jdbcUrl(), database.mysql.user(),
                database.mysql.password(), home.resolve("data"), pid, Instant.now()).write(SandboxConnection.defaultLocation());
        assertThat(SandboxConnection.defaultLocation()).startsWith(home);
    }
}
