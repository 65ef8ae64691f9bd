package io.redcron.node.worker.execution;

import io.redcron.config.ConfigLoader;
import io.redcron.domain.ExecPayload;
import io.redcron.domain.InvalidTaskException;
import io.redcron.domain.ShellPayload;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static io.redcron.node.worker.execution.Fixtures.exec;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A node with an allowlist judges the whole execution context, not only the command line. */
class ExecutionContextTest {
    @TempDir
    Path dir;

    @Test
    void execArgvIsMatchedElementByElementNotJoinedWithSpaces() throws IOException {
        ExecutionPolicy policy = policy("['/bin/sh /opt/jobs/report\\.sh [a-z]+']", "[]", "[]");

        assertThat(policy.refusal(exec("/bin/sh", "/opt/jobs/report.sh", "sales"))).isEmpty();
        // Joined with spaces both read "/bin/sh /opt/jobs/report.sh sales"; as arguments they differ.
        assertThat(policy.refusal(exec("/bin/sh", "/opt/jobs/report.sh sales"))).isPresent();
        assertThat(policy.refusal(exec("/bin/sh /opt/jobs/report.sh", "sales"))).isPresent();
        assertThat(policy.refusal(exec("/bin/sh", "/opt/jobs/report.sh", "sales", "more"))).isPresent();
    }

    @Test
    void threeDotsAllowAnyFurtherArgumentsForExecAndNothingForShell() throws IOException {
        ExecutionPolicy policy = policy("['/opt/jobs/[a-z]+ ...']", "[]", "[]");

        assertThat(policy.refusal(exec("/opt/jobs/etl"))).isEmpty();
        assertThat(policy.refusal(exec("/opt/jobs/etl", "--day", "2026-12-01", "a b"))).isEmpty();
        assertThat(policy.refusal(exec("/opt/jobs/../bin", "x"))).isPresent();
        assertThat(policy.refusal(new ShellPayload("/opt/jobs/etl abc", null, Map.of()))).isPresent();
    }

    @Test
    void taskVariablesMustMatchAllowEnvOnANodeWithAnAllowlist() throws IOException {
        ExecutionPolicy none = policy("['/opt/jobs/etl']", "[]", "[]");
        ExecutionPolicy some = policy("['/opt/jobs/etl']", "['ETL_[A-Z]+', 'TZ']", "[]");
        ExecPayload withDay = new ExecPayload(List.of("/opt/jobs/etl"), null, Map.of("ETL_DAY", "monday"));
        ExecPayload withPath = new ExecPayload(List.of("/opt/jobs/etl"), null, Map.of("PATH", "/tmp/evil"));

        assertThat(none.refusal(withDay)).contains("node n1 refuses environment variable 'ETL_DAY': it matches"
                + " no worker.allow-env pattern");
        assertThat(some.refusal(withDay)).isEmpty();
        assertThat(some.refusal(withPath)).isPresent();
    }

    @Test
    void loaderAndShellVariablesAreRefusedOnEveryNodeWhateverTheConfigSays() {
        for (String name : List.of("BASH_ENV", "LD_PRELOAD", "LD_LIBRARY_PATH", "PYTHONSTARTUP", "NODE_OPTIONS",
                "PERL5OPT", "JAVA_TOOL_OPTIONS", "GIT_SSH_COMMAND", "ENV", "PS4", "GCONV_PATH", "BASH_FUNC_x")) {
            // No payload can hold one (a row written straight into the table fails to load, see
            // TaskContextAttacksIT), so the node never even sees it.
            assertThatThrownBy(() -> new ExecPayload(List.of("/bin/bash", "/opt/jobs/x.sh"), null, Map.of(name, "/tmp/evil")))
                    .as(name).isInstanceOf(InvalidTaskException.class)
                    .hasMessageStartingWith("env: '" + name + "' is refused by every node: ");
        }
        assertThat(new ExecPayload(List.of("/bin/true"), null, Map.of("NODE_ENV", "production", "PYTHONUNBUFFERED", "1"))
                .env()).hasSize(2);
    }

    @Test
    void theWorkingDirectoryIsJudgedWhereItReallyLeads() throws IOException {
        Path jobs = Files.createDirectories(dir.resolve("jobs"));
        Path elsewhere = Files.createDirectories(dir.resolve("elsewhere"));
        Files.createSymbolicLink(jobs.resolve("link"), elsewhere);
        String jobsPattern = "['" + jobs.toRealPath() + "(/[a-z]+)?']";
        ExecutionPolicy none = policy("['\\./run\\.sh']", "[]", "[]");
        ExecutionPolicy some = policy("['\\./run\\.sh']", "[]", jobsPattern);

        assertThat(none.refusal(inDir(jobs.toString()))).hasValueSatisfying(reason ->
                assertThat(reason).endsWith("it matches no worker.allow-workdirs pattern"));
        assertThat(some.refusal(inDir(jobs.toString()))).isEmpty();
        assertThat(some.refusal(inDir(jobs + "/../elsewhere"))).isPresent();
        assertThat(some.refusal(inDir(jobs + "/link"))).isPresent();
        assertThat(some.refusal(inDir(elsewhere.toString()))).isPresent();
        // No directory: the node's own (or the task user's home), which no task chooses.
        assertThat(some.refusal(new ExecPayload(List.of("./run.sh"), null, Map.of()))).isEmpty();
    }

    private static ExecPayload inDir(String workDir) {
        return new ExecPayload(List.of("./run.sh"), workDir, Map.of());
    }

    private ExecutionPolicy policy(String commands, String env, String workDirs) throws IOException {
        Path file = dir.resolve("redcron.yaml");
        Files.writeString(file, "worker:\n  allow-commands: " + commands + "\n  allow-env: " + env
                + "\n  allow-workdirs: " + workDirs + "\n");
        return new ExecutionPolicy(ConfigLoader.load(file, Map.of(), Map.of()).worker(), "n1");
    }
}
