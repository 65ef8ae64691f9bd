package io.redcron.node.cli;

import io.redcron.config.MysqlConfig;
import io.redcron.testing.TestDatabase;
import io.redcron.testing.TestRedis;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** {@code redcron-node run} in a JVM of its own: SIGTERM drains it and it exits 0, as documented. */
class RunCommandIT {
    private Process node;
    private final List<String> output = Collections.synchronizedList(new ArrayList<>());

    @AfterEach
    void stop() throws InterruptedException {
        if (node != null && node.isAlive()) {
            node.destroyForcibly();
            node.waitFor(60, TimeUnit.SECONDS);
        }
    }

    @Test
    void sigtermStopsTheNodeWithExitCodeZero() throws Exception {
        MysqlConfig database = TestDatabase.freshSchema();
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ProcessBuilder builder = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                RedcronNode.class.getName(), "run", "--allow-root", "--redis", TestRedis.uri(), "--jdbc", database.jdbcUrl(),
                "--db-user", database.user(), "--node-id", "term-test")
                .redirectErrorStream(true);
        builder.environment().put("REDCRON_NODE_NAMESPACE", TestRedis.freshNamespace());
        builder.environment().put("REDCRON_MYSQL_PASSWORD", database.password().reveal());
        node = builder.start();
        ProcessOutput.follow(node, output);
        await().atMost(Duration.ofSeconds(120)).until(() -> output.stream().anyMatch(l -> l.startsWith("Node term-test running"))
                || !node.isAlive());
        assertThat(node.isAlive()).as(String.join("\n", output)).isTrue();

        // SIGTERM through the handle: Process.destroy() would also close our end of its output.
        node.toHandle().destroy();

        assertThat(node.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(node.exitValue()).as(String.join("\n", output)).isZero();
    }
}
