package io.redcron.node.engine;

import io.redcron.domain.ExecPayload;
import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.ShellPayload;
import io.redcron.domain.Task;
import io.redcron.domain.TaskPayload;
import io.redcron.schedule.CronDialect;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static org.awaitility.Awaitility.await;

/**
 * Attacks on a real node by someone who can write the task table: every task here tries to make
 * the node run something its configuration does not allow, or to read what only the node may
 * read. Each one must end as a failed (or harmless) run, and the attacker's marker file must never
 * appear.
 */
class TaskContextAttacksIT {
    private static final String EVERY_SECOND = "* * * * * ?";
    private static final String NEVER = "0 0 0 1 1 ? 2099";

    @RegisterExtension
    final TestCluster cluster = new TestCluster();

    @TempDir
    Path dir;

    @Test
    void aStoredTaskThatSetsALoaderOrShellVariableNeverStarts() throws Exception {
        Path marker = dir.resolve("pwned");
        Path evil = script(dir.resolve("evil.sh"), "touch " + marker);
        Task task = cluster.add(cluster.shell("bash-env", NEVER, "bash -c 'echo harmless'"));
        Task preload = cluster.add(cluster.shell("ld-preload", NEVER, "echo harmless"));
        // Runs already queued, then the definitions rewritten straight in the table, past every
        // check of the CLI and the desktop.
        Run queued = cluster.runs().insertManual(task.id(), Instant.now(), 1, Map.of());
        Run queuedPreload = cluster.runs().insertManual(preload.id(), Instant.now(), 1, Map.of());
        rewritePayload(task, "{\"command\":\"bash -c 'echo harmless'\",\"env\":{\"BASH_ENV\":\"" + evil + "\"}}");
        rewritePayload(preload, "{\"command\":\"echo harmless\",\"env\":{\"LD_PRELOAD\":\"" + dir.resolve("evil.so") + "\"}}");
        cluster.enqueue(queued);
        cluster.enqueue(queuedPreload);

        cluster.start("node");

        Run bashEnv = finalRun(task);
        Run ldPreload = finalRun(preload);
        assertThat(bashEnv.status()).isEqualTo(RunStatus.FAILED);
        assertThat(bashEnv.error()).contains("BASH_ENV");
        assertThat(ldPreload.status()).isEqualTo(RunStatus.FAILED);
        assertThat(ldPreload.error()).contains("LD_PRELOAD");
        assertThat(marker).doesNotExist();
    }

    @Test
    void anAllowedCommandCannotBeTurnedByItsDirectoryItsVariablesOrItsArgumentBoundaries() throws Exception {
        Path allowed = Files.createDirectories(dir.resolve("allowed")).toRealPath();
        Path attacker = Files.createDirectories(dir.resolve("attacker")).toRealPath();
        Path marker = dir.resolve("pwned");
        script(allowed.resolve("job.sh"), "echo allowed-job");
        script(attacker.resolve("job.sh"), "touch " + marker);
        // As if the allowed directory were writable: a file whose name continues the allowed one.
        script(allowed.resolve("job.sh extra"), "touch " + marker);
        Map<String, String> node = new HashMap<>();
        node.put("worker.allow-commands", "/bin/sh job\\.sh,/bin/sh " + allowed + "/job\\.sh [a-z]+");
        node.put("worker.allow-workdirs", allowed.toString());
        node.put("worker.allow-env", "JOB_[A-Z]+");

        Task ok = cluster.add(exec("ok", allowed.toString(), Map.of("JOB_DAY", "monday"), "/bin/sh", "job.sh"));
        Task otherDir = cluster.add(exec("other-dir", attacker.toString(), Map.of(), "/bin/sh", "job.sh"));
        Task dotDot = cluster.add(exec("dot-dot", allowed + "/../attacker", Map.of(), "/bin/sh", "job.sh"));
        Task variable = cluster.add(exec("variable", allowed.toString(), Map.of("PATH", attacker.toString()),
                "/bin/sh", "job.sh"));
        Task joined = cluster.add(exec("joined", null, Map.of(), "/bin/sh", allowed + "/job.sh extra"));
        cluster.start("node", node);

        Run okRun = firstFinalRun(ok);
        assertThat(okRun.status()).isEqualTo(RunStatus.SUCCEEDED);
        assertThat(okRun.output()).isEqualTo("allowed-job\n");
        assertThat(firstFinalRun(otherDir).error()).contains("refuses working directory").contains("worker.allow-workdirs");
        assertThat(firstFinalRun(dotDot).error()).contains("refuses working directory").contains(attacker.toString());
        assertThat(firstFinalRun(variable).error()).contains("refuses environment variable 'PATH'");
        assertThat(firstFinalRun(joined).error()).contains("matches no worker.allow-commands pattern");
        assertThat(marker).doesNotExist();
    }

    @Test
    void aRunStartsFromAMinimalEnvironmentWithNothingOfTheNodes() {
        Task env = cluster.add(cluster.shell("env", EVERY_SECOND, "env | cut -d= -f1 | sort")
                .payload(new ShellPayload("env | cut -d= -f1 | sort", null, Map.of("JOB_MODE", "full"))));
        cluster.start("node");

        Run run = firstFinalRun(env);
        assertThat(run.status()).isEqualTo(RunStatus.SUCCEEDED);
        Set<String> names = new TreeSet<>(Arrays.asList(run.output().strip().split("\n")));
        // What sh itself adds (PWD, SHLVL, _, OLDPWD) and what the node passes on, nothing more.
        Set<String> allowed = Set.of("PATH", "HOME", "USER", "LOGNAME", "LANG", "LC_ALL", "TZ", "PWD", "SHLVL", "_",
                "OLDPWD", "JOB_MODE");
        assertThat(names.stream().filter(name -> !name.startsWith("REDCRON_") && !allowed.contains(name))
                .collect(Collectors.toList())).as("variables of the node's own environment").isEmpty();
        assertThat(names).contains("JOB_MODE", "REDCRON_RUN_ID", "PATH");
        assertThat(names.stream().filter(name -> name.startsWith("REDCRON_")))
                .allMatch(name -> Set.of("REDCRON_RUN_ID", "REDCRON_TASK_ID", "REDCRON_ATTEMPT",
                        "REDCRON_SCHEDULED_AT", "REDCRON_TASK_NAME", "REDCRON_NODE_ID").contains(name));
    }

    @Test
    void asTheTaskUserARunCanReadNeitherTheNodesProcessNorItsPasswordFiles() throws Exception {
        assumeTrue("root".equals(System.getProperty("user.name")),
                "switching to another user needs root or CAP_SETUID (CI runs as root)");
        Path passwordFile = dir.resolve("mysql.password");
        Files.writeString(passwordFile, "node-only-secret");
        Files.setPosixFilePermissions(passwordFile, PosixFilePermissions.fromString("rw-------"));
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        long nodePid = ProcessHandle.current().pid();
        String probe = "id -u; cat /proc/" + nodePid + "/environ >/dev/null 2>&1 && echo READ-ENVIRON;"
                + " cat " + passwordFile + " 2>/dev/null; grep -l . /proc/" + nodePid + "/cmdline >/dev/null && echo SEES-PROCESS;"
                + " kill -0 " + nodePid + " 2>/dev/null && echo CAN-SIGNAL; echo end";
        Task task = cluster.add(cluster.shell("probe", EVERY_SECOND, probe));
        cluster.start("node", Map.of("worker.run-as", "nobody"));

        Run run = firstFinalRun(task);
        assertThat(run.status()).isEqualTo(RunStatus.SUCCEEDED);
        assertThat(run.output()).startsWith("65534\n").endsWith("end\n")
                .doesNotContain("READ-ENVIRON").doesNotContain("node-only-secret").doesNotContain("CAN-SIGNAL");
    }

    @Test
    void aSecretReferenceResolvesOnlyOnTheNodeAndItsValueNeverReachesTheOutput() throws Exception {
        Path secrets = Files.createDirectories(dir.resolve("secrets"));
        String value = "tok-5f2c9d1e-live";
        Files.writeString(secrets.resolve("api-token"), value + "\n");
        Task uses = cluster.add(cluster.shell("uses", EVERY_SECOND, "echo \"token is $TOKEN\"; printf %s \"$TOKEN\" | sha256sum")
                .payload(new ShellPayload("echo \"token is $TOKEN\"; printf %s \"$TOKEN\" | sha256sum", null,
                        Map.of("TOKEN", "${secret:api-token}"))));
        Task missing = cluster.add(cluster.shell("missing", EVERY_SECOND, "echo $TOKEN")
                .payload(new ShellPayload("echo $TOKEN", null, Map.of("TOKEN", "${secret:no-such}"))));
        cluster.start("node", Map.of("worker.secrets-dir", secrets.toString()));

        Run run = firstFinalRun(uses);
        assertThat(run.status()).isEqualTo(RunStatus.SUCCEEDED);
        assertThat(run.output()).startsWith("token is ******\n").contains(sha256(value)).doesNotContain(value);
        assertThat(storedPayload(uses)).contains("${secret:api-token}").doesNotContain(value);
        Run failed = firstFinalRun(missing);
        assertThat(failed.status()).isEqualTo(RunStatus.FAILED);
        assertThat(failed.error()).contains("secret 'no-such'");
    }

    @Test
    void whatARunLeavesRunningEndsWithIt() {
        Task task = cluster.add(cluster.shell("background", EVERY_SECOND, "sleep 300 >/dev/null 2>&1 & echo $!"));
        cluster.start("node");

        Run run = firstFinalRun(task);
        assertThat(run.status()).isEqualTo(RunStatus.SUCCEEDED);
        long child = Long.parseLong(run.output().strip());
        await().atMost(Duration.ofSeconds(15)).until(() -> ProcessHandle.of(child).map(h -> !h.isAlive()).orElse(true));
    }

    private Task.Builder exec(String name, String workDir, Map<String, String> env, String... argv) {
        TaskPayload payload = new ExecPayload(List.of(argv), workDir, env);
        return Task.builder().namespace(cluster.namespace()).name(name).cron(EVERY_SECOND).dialect(CronDialect.QUARTZ)
                .payload(payload).timeout(Duration.ofSeconds(30));
    }

    private Run firstFinalRun(Task task) {
        Run run = finalRun(task);
        cluster.tasks().setEnabled(task.id(), false, "test");
        return run;
    }

    private Run finalRun(Task task) {
        await().atMost(Duration.ofSeconds(30)).until(() -> cluster.runsOf(task).stream().anyMatch(TestCluster::isFinal));
        // A listing carries no output: read the run itself.
        long id = cluster.runsOf(task).stream().filter(TestCluster::isFinal).findFirst().orElseThrow().id();
        return cluster.runs().get(id).orElseThrow();
    }

    private static Path script(Path file, String body) throws IOException {
        Files.writeString(file, "#!/bin/sh\n" + body + "\n");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
        return file;
    }

    private void rewritePayload(Task task, String json) throws SQLException {
        try (Connection connection = cluster.dataSource().getConnection();
             PreparedStatement update = connection.prepareStatement("UPDATE task SET payload = ? WHERE id = ?")) {
            update.setString(1, json);
            update.setLong(2, task.id());
            assertThat(update.executeUpdate()).isEqualTo(1);
        }
    }

    private String storedPayload(Task task) throws SQLException {
        try (Connection connection = cluster.dataSource().getConnection();
             PreparedStatement select = connection.prepareStatement("SELECT payload FROM task WHERE id = ?")) {
            select.setLong(1, task.id());
            try (ResultSet row = select.executeQuery()) {
                assertThat(row.next()).isTrue();
                return row.getString(1);
            }
        }
    }

    private static String sha256(String text) throws NoSuchAlgorithmException {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
    }
}
