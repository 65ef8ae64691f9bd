package io.redcron.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * A real Redcron node ({@code redcron-node run}) in a child JVM, with this benchmark's jar on its
 * class path for the no-op handler. Every child is destroyed when the benchmark exits, however it
 * exits.
 */
public final class NodeProcess implements AutoCloseable {
    /**
     * Extra JVM flags for every node process, split on blanks, for profiling a node under load,
     * e.g. {@code -XX:StartFlightRecording=filename=/tmp/node.jfr,settings=profile}.
     */
    static final String JVM_ARGS_ENV = "REDCRON_BENCH_NODE_JVM_ARGS";
    private static final Set<Process> LIVE = ConcurrentHashMap.newKeySet();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> LIVE.forEach(Process::destroyForcibly), "bench-children"));
    }

    private final String nodeId;
    private final Process process;
    private final Path log;

    private NodeProcess(String nodeId, Process process, Path log) {
        this.nodeId = nodeId;
        this.process = process;
        this.log = log;
    }

    /** What a node is started with; {@code settings} are Redcron keys, passed as environment variables. */
    public record Spec(String nodeId, String roles, int slots, String namespace, String jdbcUrl, String dbUser,
                       String redisUri, Map<String, String> settings) {
    }

    public static NodeProcess start(Spec spec, Jars jars, Path logDir) {
        List<String> command = new ArrayList<>(List.of(javaBinary()));
        command.addAll(extraJvmArgs(System.getenv(JVM_ARGS_ENV)));
        command.addAll(List.of("-cp", jars.nodeClassPath(), "io.redcron.node.cli.RedcronNode", "run", "--allow-root",
                "--jdbc", spec.jdbcUrl(), "--db-user", spec.dbUser(), "--redis", spec.redisUri(),
                "--namespace", spec.namespace(), "--roles", spec.roles(), "--slots", Integer.toString(spec.slots()),
                "--node-id", spec.nodeId()));
        Path log = logDir.resolve(spec.nodeId() + ".log");
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
        spec.settings().forEach((key, value) -> builder.environment().put(envName(key), value));
        try {
            Process process = builder.start();
            LIVE.add(process);
            return new NodeProcess(spec.nodeId(), process, log);
        } catch (IOException e) {
            throw new IllegalStateException("cannot start node " + spec.nodeId() + ": " + e.getMessage(), e);
        }
    }

    static List<String> extraJvmArgs(String value) {
        if (value == null || value.isBlank()) {
            return List.of();
        }
        return List.of(value.trim().split("\\s+"));
    }

    /** {@code worker.lease} is read from {@code REDCRON_WORKER_LEASE}. */
    static String envName(String key) {
        return "REDCRON_" + key.toUpperCase(java.util.Locale.ROOT).replace('.', '_').replace('-', '_');
    }

    private static String javaBinary() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /** Waits until the node says it runs; fails with the end of its log if it died instead. */
    public NodeProcess awaitRunning(Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (logText().contains(" running (namespace")) {
                return this;
            }
            if (!process.isAlive()) {
                throw new IllegalStateException("node " + nodeId + " exited with " + process.exitValue() + ": " + tail());
            }
            pause(Duration.ofMillis(100));
        }
        throw new IllegalStateException("node " + nodeId + " did not start within " + timeout + ": " + tail());
    }

    /** Waits until a line of the node's log contains {@code text} and returns it; fails as {@link #awaitRunning} does. */
    public String awaitLogLine(String text, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            var line = logText().lines().filter(candidate -> candidate.contains(text)).findFirst();
            if (line.isPresent()) {
                return line.get();
            }
            if (!process.isAlive()) {
                throw new IllegalStateException("node " + nodeId + " exited with " + process.exitValue() + ": " + tail());
            }
            pause(Duration.ofMillis(100));
        }
        throw new IllegalStateException("node " + nodeId + " logged no '" + text + "' within " + timeout + ": " + tail());
    }

    public long pid() {
        return process.pid();
    }

    public double cpuSeconds() {
        return ProcStat.cpuSeconds(process.pid());
    }

    /** Heap in use right after a full collection, in bytes. */
    public long heapUsedAfterGc() {
        jcmd("GC.run");
        return HeapInfo.usedBytes(jcmd("GC.heap_info"));
    }

    private String jcmd(String command) {
        Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
        try {
            Process run = new ProcessBuilder(jcmd.toString(), Long.toString(process.pid()), command)
                    .redirectErrorStream(true).start();
            String out = new String(run.getInputStream().readAllBytes());
            if (!run.waitFor(30, TimeUnit.SECONDS) || run.exitValue() != 0) {
                throw new IllegalStateException("jcmd " + command + " failed: " + out.trim());
            }
            return out;
        } catch (IOException e) {
            throw new IllegalStateException("cannot run jcmd: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    private String logText() {
        try {
            return Files.exists(log) ? Files.readString(log) : "";
        } catch (IOException e) {
            return "";
        }
    }

    private String tail() {
        List<String> lines = logText().lines().toList();
        return String.join(" | ", lines.subList(Math.max(0, lines.size() - 5), lines.size()));
    }

    /** Lines of the node's log that report a warning or an error (for the report's notes). */
    public long problems() {
        return logText().lines().filter(line -> line.contains(" WARN ") || line.contains(" ERROR ")).count();
    }

    /** SIGTERM now, without waiting: nodes asked together drain together; {@link #close} waits. */
    public void requestStop() {
        process.destroy();
    }

    /** SIGTERM (the node drains), then SIGKILL if it is still there after a few seconds. */
    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(15, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        } finally {
            LIVE.remove(process);
        }
    }

    static void pause(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}
