package io.redcron.node.worker.execution;

import io.redcron.domain.HttpPayload;
import io.redcron.domain.JavaPayload;
import io.redcron.domain.TaskType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;

import static io.redcron.node.worker.execution.Fixtures.exec;
import static io.redcron.node.worker.execution.Fixtures.request;
import static io.redcron.node.worker.execution.Fixtures.shell;
import static org.assertj.core.api.Assertions.assertThat;

class ExecutionPolicyTest {
    private static final Set<TaskType> ALL = EnumSet.allOf(TaskType.class);

    @Test
    void refusesTypesTheNodeDoesNotEnable() {
        ExecutionPolicy policy = new ExecutionPolicy(Fixtures.config(EnumSet.of(TaskType.HTTP, TaskType.EXEC)), "n1");

        assertThat(policy.refusal(shell("echo hi"))).contains("node n1 refuses shell tasks (worker.types: exec, http)");
        assertThat(policy.refusal(new JavaPayload("x", Map.of()))).contains("node n1 refuses java tasks (worker.types: exec, http)");
        assertThat(policy.refusal(exec("true"))).isEmpty();
        assertThat(new ExecutionPolicy(Fixtures.config(Set.of()), "n2").refusal(exec("true")))
                .contains("node n2 refuses exec tasks (worker.types: none)");
    }

    @Test
    void withoutAnAllowlistEveryCommandOfAnEnabledTypeRuns() {
        ExecutionPolicy policy = new ExecutionPolicy(Fixtures.config(ALL), "n1");

        assertThat(policy.refusal(exec("/bin/rm", "-rf", "/tmp/x"))).isEmpty();
        assertThat(policy.refusal(shell("anything | at all"))).isEmpty();
    }

    @Test
    void anAllowedCommandMustMatchAPatternWhole() {
        ExecutionPolicy policy = new ExecutionPolicy(
                Fixtures.config(ALL, "/usr/local/bin/backup ...", "echo [a-z]+"), "n1");

        assertThat(policy.refusal(exec("/usr/local/bin/backup"))).isEmpty();
        assertThat(policy.refusal(exec("/usr/local/bin/backup", "--full", "/srv"))).isEmpty();
        assertThat(policy.refusal(shell("echo hello"))).isEmpty();
        // a pattern that matches only a part of the command does not allow it
        assertThat(policy.refusal(shell("echo hello; rm -rf /srv")))
                .contains("node n1 refuses command 'echo hello; rm -rf /srv': it matches no worker.allow-commands pattern");
        assertThat(policy.refusal(exec("/usr/local/bin/backuppc")))
                .contains("node n1 refuses command '/usr/local/bin/backuppc': it matches no worker.allow-commands pattern");
        assertThat(policy.refusal(exec("/bin/rm", "-rf", "/")))
                .contains("node n1 refuses command '/bin/rm -rf /': it matches no worker.allow-commands pattern");
    }

    @Test
    void theAllowlistDoesNotApplyToHttpOrJava() {
        ExecutionPolicy policy = new ExecutionPolicy(Fixtures.config(ALL, "nothing"), "n1");

        assertThat(policy.refusal(new HttpPayload("GET", URI.create("http://127.0.0.1/x"), Map.of(), "", Set.of())))
                .isEmpty();
        assertThat(policy.refusal(new JavaPayload("report", Map.of()))).isEmpty();
    }

    @Test
    void aRefusedRunNeverStarts(@TempDir Path dir) {
        ExecutorRegistry registry = new ExecutorRegistry(Fixtures.config(ALL, "echo .*"), "n1", Fixtures.GRACE);
        Path touched = dir.resolve("touched");

        ExecutionResult result = registry.execute(request(exec("touch", touched.toString())), OutputListener.NONE,
                new Cancellation());

        assertThat(result).isEqualTo(new ExecutionResult(ExecutionStatus.FAILED, null, "",
                "node n1 refuses command 'touch " + touched + "': it matches no worker.allow-commands pattern",
                java.time.Duration.ZERO));
        assertThat(touched).doesNotExist();
    }

    @Test
    void aDisabledTypeIsRefusedByTheRegistry() {
        ExecutorRegistry registry = new ExecutorRegistry(Fixtures.config(EnumSet.of(TaskType.EXEC)), "n1", Fixtures.GRACE);

        ExecutionResult result = registry.execute(request(shell("echo hi")), OutputListener.NONE, new Cancellation());

        assertThat(result.status()).isEqualTo(ExecutionStatus.FAILED);
        assertThat(result.error()).isEqualTo("node n1 refuses shell tasks (worker.types: exec)");
        assertThat(registry.handlerNames()).isEmpty();
    }

    @Test
    void aParameterThatCannotBeAVariableNameIsRefused() {
        ExecutorRegistry registry = Fixtures.registry(1024);

        ExecutionResult result = registry.execute(
                request(exec("true"), Map.of("A=B", "x"), java.time.Duration.ofSeconds(5)), OutputListener.NONE,
                new Cancellation());

        assertThat(result.status()).isEqualTo(ExecutionStatus.FAILED);
        assertThat(result.error()).isEqualTo("parameter name 'A=B' must match [A-Za-z_][A-Za-z0-9_]*");
    }
}
