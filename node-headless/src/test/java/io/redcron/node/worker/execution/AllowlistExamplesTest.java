package io.redcron.node.worker.execution;

import io.redcron.config.ConfigLoader;
import io.redcron.config.WorkerConfig;
import io.redcron.domain.HttpPayload;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static io.redcron.node.worker.execution.Fixtures.exec;
import static io.redcron.node.worker.execution.Fixtures.shell;
import static org.assertj.core.api.Assertions.assertThat;

/** The allowlist examples of docs/SECURITY.md mean what the document says. */
class AllowlistExamplesTest {
    @TempDir
    Path dir;

    @Test
    void programsFromOneDirectoryWithAnyArgumentsAndNoShell() throws IOException {
        ExecutionPolicy policy = policy("""
                worker:
                  types: [exec]
                  allow-commands: ['/opt/jobs/[a-z0-9_-]+ ...']
                """);

        assertThat(policy.refusal(exec("/opt/jobs/backup", "--full"))).isEmpty();
        assertThat(policy.refusal(exec("/opt/jobs/backup"))).isEmpty();
        assertThat(policy.refusal(exec("/opt/jobs/../../bin/sh", "-c", "id"))).isPresent();
        assertThat(policy.refusal(exec("/usr/bin/curl", "http://example.invalid"))).isPresent();
        assertThat(policy.refusal(shell("/opt/jobs/backup"))).hasValueSatisfying(reason ->
                assertThat(reason).isEqualTo("node n1 refuses shell tasks (worker.types: exec)"));
    }

    @Test
    void exactlyTheseCommands() throws IOException {
        ExecutionPolicy policy = policy("""
                worker:
                  types: [exec]
                  allow-commands: ['/usr/bin/pg_dump --format=custom --file=/backup/[a-z]+\\.dump [a-z]+',
                                   '/usr/local/bin/rotate-logs']
                """);

        assertThat(policy.refusal(exec("/usr/bin/pg_dump", "--format=custom", "--file=/backup/sales.dump", "sales"))).isEmpty();
        assertThat(policy.refusal(exec("/usr/local/bin/rotate-logs"))).isEmpty();
        assertThat(policy.refusal(exec("/usr/local/bin/rotate-logs", "--all"))).hasValueSatisfying(reason ->
                assertThat(reason).isEqualTo("node n1 refuses command '/usr/local/bin/rotate-logs --all': it matches"
                        + " no worker.allow-commands pattern"));
    }

    @Test
    void shellLinesOfOneScriptOnlyAndNoChainingBehindThem() throws IOException {
        ExecutionPolicy policy = policy("""
                worker:
                  types: [shell, http]
                  allow-commands: ['/opt/jobs/report\\.sh [a-z]+ [0-9]{4}-[0-9]{2}-[0-9]{2}']
                """);

        assertThat(policy.refusal(shell("/opt/jobs/report.sh sales 2026-11-30"))).isEmpty();
        assertThat(policy.refusal(shell("/opt/jobs/report.sh sales 2026-11-30; rm -rf ~"))).isPresent();
        assertThat(policy.refusal(shell("/opt/jobs/report.sh $(id) 2026-11-30"))).isPresent();
        assertThat(policy.refusal(new HttpPayload("GET", java.net.URI.create("https://example.invalid/"), Map.of(), null, java.util.Set.of(200))))
                .isEmpty();
    }

    @Test
    void theEnvironmentFormIsCommaSeparated() {
        WorkerConfig worker = ConfigLoader.load(null, Map.of("REDCRON_WORKER_TYPES", "exec",
                "REDCRON_WORKER_ALLOW_COMMANDS", "/opt/jobs/[a-z0-9_-]+ ...,/usr/local/bin/rotate-logs"), Map.of()).worker();
        ExecutionPolicy policy = new ExecutionPolicy(worker, "n1");

        assertThat(policy.refusal(exec("/opt/jobs/etl", "daily"))).isEmpty();
        assertThat(policy.refusal(exec("/usr/local/bin/rotate-logs"))).isEmpty();
        assertThat(policy.refusal(exec("/bin/rm", "-rf", "/"))).isPresent();
    }

    @Test
    void oneScriptFromItsOwnDirectoryWithTwoVariables() throws IOException {
        ExecutionPolicy policy = policy("""
                worker:
                  types: [exec]
                  allow-commands: ['\\./nightly\\.sh']
                  allow-workdirs: ['/srv/etl']
                  allow-env: ['ETL_DAY', 'ETL_TARGET']
                """);

        assertThat(policy.refusal(new io.redcron.domain.ExecPayload(java.util.List.of("./nightly.sh"), "/srv/etl",
                Map.of("ETL_DAY", "mon")))).isEmpty();
        assertThat(policy.refusal(new io.redcron.domain.ExecPayload(java.util.List.of("./nightly.sh"), "/tmp",
                Map.of()))).isPresent();
        assertThat(policy.refusal(new io.redcron.domain.ExecPayload(java.util.List.of("./nightly.sh"), "/srv/etl",
                Map.of("ETL_MODE", "x")))).isPresent();
    }

    @Test
    void aYamlListItemIsExactlyOnePatternCommasIncluded() throws IOException {
        ExecutionPolicy policy = policy("""
                worker:
                  types: [exec]
                  allow-commands: ['/opt/jobs/backup --keep=[0-9]{1,2}']
                """);

        assertThat(policy.refusal(exec("/opt/jobs/backup", "--keep=14"))).isEmpty();
        assertThat(policy.refusal(exec("/opt/jobs/backup", "--keep=140"))).isPresent();
    }

    @Test
    void theLockedDownHttpWorker() throws Exception {
        Path file = dir.resolve("http-worker.yaml");
        Files.writeString(file, """
                worker:
                  types: [http]
                  allow-urls:
                    - "https://api\\\\.example\\\\.com/.*"
                    - "https://billing\\\\.internal:8443/jobs/.*"
                  http-max-response: 262144
                """);
        WorkerConfig worker = ConfigLoader.load(file, Map.of(), Map.of()).worker();
        UrlGuard guard = new UrlGuard("worker-2", worker.allowUrls(), host -> {
            throw new AssertionError("patterns decide alone, without looking up " + host);
        });

        assertThat(worker.httpMaxResponse()).isEqualTo(262_144);
        assertThat(guard.refusal(java.net.URI.create("https://api.example.com/v1/report"))).isEmpty();
        assertThat(guard.refusal(java.net.URI.create("https://billing.internal:8443/jobs/close-month"))).isEmpty();
        assertThat(guard.refusal(java.net.URI.create("https://pastebin.example/upload")))
                .contains("node worker-2 refuses URL 'https://pastebin.example/upload': it matches no worker.allow-urls pattern");
        assertThat(guard.refusal(java.net.URI.create("https://api.example.com.evil.example/"))).isPresent();
        assertThat(guard.refusal(java.net.URI.create("https://billing.internal/jobs/x"))).as("another port").isPresent();
    }

    private ExecutionPolicy policy(String yaml) throws IOException {
        Path file = dir.resolve("redcron.yaml");
        Files.writeString(file, yaml);
        return new ExecutionPolicy(ConfigLoader.load(file, Map.of(), Map.of()).worker(), "n1");
    }
}
