package io.redcron.node.worker.execution;

import io.redcron.domain.ExecPayload;
import io.redcron.domain.ShellPayload;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static io.redcron.node.worker.execution.Fixtures.exec;
import static io.redcron.node.worker.execution.Fixtures.request;
import static io.redcron.node.worker.execution.Fixtures.shell;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

class ProcessExecutorTest {
    private final ExecutorRegistry registry = Fixtures.registry(65536);

    @TempDir
    Path dir;

    @Test
    void aParameterArrivesAsPlainTextAndIsNeverRun() throws IOException {
        Path canary = Files.createFile(dir.resolve("canary"));
        Path pwned = dir.resolve("pwned");
        String hostile = "; rm -rf " + canary + " $(touch " + pwned + ") `touch " + pwned + "` && echo gotcha";
        Map<String, String> params = Map.of("x", hostile);

        ExecutionResult viaExec = run(request(exec("printenv", "REDCRON_PARAM_X"), params, Duration.ofSeconds(20)));
        ExecutionResult viaShell = run(request(shell("printenv REDCRON_PARAM_X; echo \"$REDCRON_PARAM_X\""), params,
                Duration.ofSeconds(20)));

        assertThat(viaExec.status()).isEqualTo(ExecutionStatus.SUCCEEDED);
        assertThat(viaExec.output()).isEqualTo(hostile + "\n");
        assertThat(viaShell.output()).isEqualTo(hostile + "\n" + hostile + "\n");
        assertThat(pwned).doesNotExist();
        assertThat(canary).exists();
    }

    @Test
    void theProgramSeesTheNodeEnvironmentTheTaskEnvironmentAndTheRunIdentity() {
        ExecPayload payload = new ExecPayload(List.of("env"), null, Map.of("GREETING", "hello world"));

        ExecutionResult result = run(request(payload, Map.of("region", "eu-west"), Duration.ofSeconds(20)));

        assertThat(result.status()).isEqualTo(ExecutionStatus.SUCCEEDED);
        assertThat(result.output().lines()).contains(
                "GREETING=hello world",
                "REDCRON_RUN_ID=42",
                "REDCRON_TASK_ID=7",
                "REDCRON_ATTEMPT=2",
                "REDCRON_SCHEDULED_AT=2024-03-01T02:30:00Z",
                "REDCRON_TASK_NAME=nightly-report",
                "REDCRON_PARAM_REGION=eu-west",
                "PATH=" + System.getenv("PATH"));
        assertThat(result.output()).as("no shard").doesNotContain("REDCRON_SHARD_");
    }

    @Test
    void aShardSeesWhichShardItIs() {
        ExecutionRequest plain = request(new ExecPayload(List.of("env"), null, Map.of()));
        ExecutionResult result = run(new ExecutionRequest(plain.runId(), plain.taskId(), plain.attempt(),
                plain.scheduledAt(), plain.taskName(), plain.payload(), Map.of(), plain.timeout(), 2, 8));

        assertThat(result.output().lines()).contains("REDCRON_SHARD_INDEX=2", "REDCRON_SHARD_TOTAL=8");
    }

    @Test
    void runsInTheWorkingDirectory() throws IOException {
        ExecutionResult result = run(request(new ExecPayload(List.of("pwd"), dir.toString(), Map.of())));

        assertThat(result.output().strip()).isEqualTo(dir.toRealPath().toString());
    }

    @Test
    void aMissingWorkingDirectoryFailsWithoutStarting() {
        ExecutionResult result = run(request(new ShellPayload("echo hi", dir.resolve("gone").toString(), Map.of())));

        assertThat(result.status()).isEqualTo(ExecutionStatus.FAILED);
        assertThat(result.error()).isEqualTo("working directory " + dir.resolve("gone") + " does not exist or is not a directory");
    }

    @Test
    void exitCodeZeroSucceedsAndAnyOtherFails() {
        ExecutionResult ok = run(request(shell("echo done")));
        ExecutionResult failed = run(request(shell("echo almost; exit 3")));

        assertThat(ok).extracting(ExecutionResult::status, ExecutionResult::exitCode, ExecutionResult::error)
                .containsExactly(ExecutionStatus.SUCCEEDED, 0, null);
        assertThat(failed).extracting(ExecutionResult::status, ExecutionResult::exitCode, ExecutionResult::error,
                        ExecutionResult::output)
                .containsExactly(ExecutionStatus.FAILED, 3, "exited with code 3", "almost\n");
    }

    @Test
    void aProgramThatCannotStartFailsWithOneLineNamingIt() throws IOException {
        Path notExecutable = Files.writeString(dir.resolve("script.sh"), "#!/bin/sh\necho hi\n");

        ExecutionResult missing = run(request(exec("/nonexistent/redcron-tool", "--flag")));
        ExecutionResult denied = run(request(exec(notExecutable.toString())));

        assertThat(missing.status()).isEqualTo(ExecutionStatus.FAILED);
        assertThat(missing.exitCode()).isNull();
        assertThat(missing.error()).isEqualTo("cannot start '/nonexistent/redcron-tool': No such file or directory");
        assertThat(denied.error()).isEqualTo("cannot start '" + notExecutable + "': Permission denied");
    }

    @Test
    void execNeverUsesAShell() {
        ExecutionResult result = run(request(exec("echo", "$HOME", ";", "ls", "*")));

        assertThat(result.output()).isEqualTo("$HOME ; ls *\n");
    }

    @Test
    void stdoutAndStderrAreMergedInTheOrderWritten() {
        ExecutionResult result = run(request(exec("sh", "-c", "echo a; echo b >&2; echo c")));

        assertThat(result.output()).isEqualTo("a\nb\nc\n");
    }

    @Test
    void stdinIsEmpty() {
        ExecutionResult result = run(request(exec("cat"), Map.of(), Duration.ofSeconds(20)));

        assertThat(result.status()).isEqualTo(ExecutionStatus.SUCCEEDED);
        assertThat(result.output()).isEmpty();
    }

    @Test
    void streamsOutputToTheListener() {
        Fixtures.Recording live = new Fixtures.Recording();

        ExecutionResult result = registry.execute(request(shell("echo one; echo two")), live, new Cancellation());

        assertThat(live.text()).isEqualTo("one\ntwo\n").isEqualTo(result.output());
    }

    @Test
    void aFailingListenerDoesNotFailTheRun() {
        OutputListener broken = (buffer, offset, length) -> {
            throw new IllegalStateException("redis is down");
        };

        ExecutionResult result = registry.execute(request(shell("echo one; echo two")), broken, new Cancellation());

        assertThat(result.status()).isEqualTo(ExecutionStatus.SUCCEEDED);
        assertThat(result.output()).isEqualTo("one\ntwo\n");
    }

    @Test
    void hundredMegabytesOfOutputKeepOnlyTheTail() {
        ExecutorRegistry small = Fixtures.registry(64 * 1024);
        Fixtures.Recording live = new Fixtures.Recording();

        ExecutionResult result = small.execute(
                request(shell("head -c 100000000 /dev/zero | tr '\\0' 'x'"), Map.of(), Duration.ofSeconds(60)),
                live, new Cancellation());

        assertThat(result.status()).isEqualTo(ExecutionStatus.SUCCEEDED);
        assertThat(result.output()).hasSizeLessThanOrEqualTo(64 * 1024);
        assertThat(result.output()).startsWith("[… 99,9").contains(" earlier bytes not kept]\nxxxx").endsWith("xxxx");
        assertThat(live.total()).isEqualTo(100_000_000L);
    }

    @Test
    void binaryOutputIsDecodedWithReplacementCharacters() {
        Fixtures.Recording live = new Fixtures.Recording();

        ExecutionResult result = registry.execute(request(shell("head -c 1000 /dev/urandom")), live, new Cancellation());

        assertThat(result.status()).isEqualTo(ExecutionStatus.SUCCEEDED);
        assertThat(live.total()).isEqualTo(1000);
        assertThat(result.output()).isNotEmpty().hasSizeLessThanOrEqualTo(1000);
    }

    @Test
    void aBackgroundChildHoldingTheOutputDoesNotHoldTheRun() {
        ExecutionResult result = run(request(shell("sleep 30 & echo $!")));

        assertThat(result.status()).isEqualTo(ExecutionStatus.SUCCEEDED);
        assertThat(result.elapsed()).isLessThan(Duration.ofSeconds(10));
        ProcessHandle.of(Long.parseLong(result.output().strip())).ifPresent(ProcessHandle::destroyForcibly);
    }

    @Test
    void whatARunLeavesRunningEndsSoonAfterIt() {
        ExecutionResult result = run(request(shell("sleep 600 >/dev/null 2>&1 & echo $!")));

        assertThat(result.status()).isEqualTo(ExecutionStatus.SUCCEEDED);
        ProcessHandle left = ProcessHandle.of(Long.parseLong(result.output().strip())).orElse(null);
        try {
            await().atMost(Duration.ofSeconds(10)).until(() -> left == null || !left.isAlive());
        } finally {
            if (left != null) {
                left.destroyForcibly();
            }
        }
    }

    @Test
    void anAttemptStartsNoThreadOfItsOwn() {
        run(request(exec("/bin/true"))); // the helper and the JDK's reaper thread now exist
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long before = threads.getTotalStartedThreadCount();

        for (int i = 0; i < 30; i++) {
            assertThat(run(request(exec("/bin/true"))).status()).isEqualTo(ExecutionStatus.SUCCEEDED);
        }

        // One to read the output and one to hear of the exit, per attempt, was 60.
        assertThat(threads.getTotalStartedThreadCount() - before).isLessThan(10);
    }

    private ExecutionResult run(ExecutionRequest request) {
        return registry.execute(request, OutputListener.NONE, new Cancellation());
    }
}
