package io.redcron.node.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.redcron.config.SandboxConnection;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The zero-setup path end to end: {@code redcron-node sandbox} in a process of its own comes up
 * with the demo tasks and runs them, the other commands find it without options, SIGTERM stops it
 * cleanly, and a restart keeps what was added in between.
 */
class SandboxCommandIT {
    @TempDir
    Path home;

    private Process sandbox;
    private final List<String> output = Collections.synchronizedList(new ArrayList<>());

    @AfterEach
    void stop() throws InterruptedException {
        if (sandbox != null && sandbox.isAlive()) {
            sandbox.destroy();
            sandbox.waitFor(60, TimeUnit.SECONDS);
        }
        System.clearProperty("redcron.home");
    }

    @Test
    void startsRunsDemoTasksStopsCleanlyAndKeepsItsData() throws Exception {
        System.setProperty("redcron.home", home.toString());

        start();
        JsonNode tasks = Json.MAPPER.readTree(Cli.run("task", "list", "--json").out());
        assertThat(tasks).extracting(task -> task.get("name").asText()).contains("hello", "disk-usage");
        await().atMost(Duration.ofSeconds(30)).until(() -> Cli.run("runs", "list", "--task", "hello", "--status",
                "SUCCEEDED", "--json").out().contains("\"status\" : \"SUCCEEDED\""));
        assertThat(Cli.run("task", "add", "--name", "kept", "--cron", "0 3 * * *", "--shell", "true").exitCode()).isZero();

        stopWithSigterm();
        assertThat(output).anyMatch(line -> line.startsWith("Sandbox stopped"));
        assertThat(SandboxConnection.defaultLocation()).doesNotExist();
        assertThat(Cli.run("task", "list").exitCode()).as("no sandbox running").isEqualTo(2);

        start();
        JsonNode again = Json.MAPPER.readTree(Cli.run("task", "list", "--json").out());
        assertThat(again).extracting(task -> task.get("name").asText()).contains("kept", "hello");
        assertThat(again).filteredOn(task -> task.get("name").asText().equals("hello")).hasSize(1);
        stopWithSigterm();
    }

    private void start() throws IOException {
        output.clear();
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        sandbox = new ProcessBuilder(java, "-Dredcron.home=" + home, "-cp", System.getProperty("java.class.path"),
                RedcronNode.class.getName(), "sandbox", "--redis-port", "0", "--mysql-port", "0")
                .redirectErrorStream(true).start();
        ProcessOutput.follow(sandbox, output);
        await().atMost(Duration.ofSeconds(120)).until(() -> output.stream().anyMatch(l -> l.startsWith("Stop with Ctrl-C"))
                || !sandbox.isAlive());
        assertThat(sandbox.isAlive()).as(String.join("\n", output)).isTrue();
        assertThat(Files.exists(SandboxConnection.defaultLocation())).isTrue();
    }

    private void stopWithSigterm() throws InterruptedException {
        // SIGTERM through the handle: Process.destroy() would also close our end of its output.
        sandbox.toHandle().destroy();
        assertThat(sandbox.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(sandbox.exitValue()).as(String.join("\n", output)).isZero();
        await().atMost(Duration.ofSeconds(5)).alias(String.join("\n", output))
                .until(() -> output.stream().anyMatch(l -> l.startsWith("Sandbox stopped")));
    }
}
