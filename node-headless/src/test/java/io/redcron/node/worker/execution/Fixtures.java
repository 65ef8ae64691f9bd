package io.redcron.node.worker.execution;

import io.redcron.config.CommandPattern;
import io.redcron.config.WorkerConfig;
import io.redcron.domain.ExecPayload;
import io.redcron.domain.ShellPayload;
import io.redcron.domain.TaskPayload;
import io.redcron.domain.TaskType;

import java.io.ByteArrayOutputStream;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

final class Fixtures {
    static final String NODE = "n1";
    static final Instant SCHEDULED_AT = Instant.parse("2024-03-01T02:30:00Z");
    /** Short, so that tests of TERM-then-KILL stay quick. */
    static final Duration GRACE = Duration.ofMillis(300);

    private Fixtures() {
    }

    static WorkerConfig config(int tailBytes) {
        return WorkerConfig.of(Duration.ofSeconds(30), tailBytes, EnumSet.allOf(TaskType.class), List.of());
    }

    static WorkerConfig config(Set<TaskType> types, String... allowCommands) {
        return WorkerConfig.of(Duration.ofSeconds(30), 65536, types,
                java.util.Arrays.stream(allowCommands).map(CommandPattern::compile).toList());
    }

    static ExecutorRegistry registry(int tailBytes) {
        return new ExecutorRegistry(config(tailBytes), NODE, GRACE);
    }

    static ExecutionRequest request(TaskPayload payload) {
        return request(payload, Map.of(), Duration.ofSeconds(20));
    }

    static ExecutionRequest request(TaskPayload payload, Map<String, String> params, Duration timeout) {
        return new ExecutionRequest(42, 7, 2, SCHEDULED_AT, "nightly-report", payload, params, timeout);
    }

    static ExecPayload exec(String... argv) {
        return new ExecPayload(List.of(argv), null, Map.of());
    }

    static ShellPayload shell(String command) {
        return new ShellPayload(command, null, Map.of());
    }

    /** Collects what an executor streams to its live listener. */
    static final class Recording implements OutputListener {
        private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        private long total;

        @Override
        public synchronized void onOutput(byte[] buffer, int offset, int length) {
            total += length;
            if (bytes.size() < 1 << 20) {
                bytes.write(buffer, offset, length);
            }
        }

        synchronized String text() {
            return bytes.toString(java.nio.charset.StandardCharsets.UTF_8);
        }

        synchronized long total() {
            return total;
        }
    }
}
