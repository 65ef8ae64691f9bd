package io.redcron.chaos;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/** One {@code redcron-node run} JVM, started from the built jar, with its output in a log file. */
final class NodeProcess {
    /** Where Debian's libfaketime package puts the library, per architecture. */
    private static final List<Path> FAKETIME = List.of(Path.of("/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1"),
            Path.of("/usr/lib/aarch64-linux-gnu/faketime/libfaketime.so.1"), Path.of("/usr/lib/faketime/libfaketime.so.1"));

    private final String id;
    private final Process process;
    private final Path log;

    private NodeProcess(String id, Process process, Path log) {
        this.id = id;
        this.process = process;
        this.log = log;
    }

    /**
     * Starts a node. {@code clockOffset} other than zero runs it under libfaketime, its wall clock
     * that far off (the monotonic clock stays true, as it would on a machine with a wrong clock).
     */
    static NodeProcess start(String id, Path jar, Path config, Path logDir, Duration clockOffset) {
        List<String> command = new ArrayList<>(List.of(javaBinary(), "-Xmx192m", "-Xss512k", "-XX:+UseSerialGC",
                "-XX:TieredStopAtLevel=1", "-jar", jar.toString(), "run", "--allow-root", "--config", config.toString(), "--node-id", id));
        Path log = logDir.resolve(id + ".log");
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        Map<String, String> env = builder.environment();
        env.remove("JAVA_TOOL_OPTIONS");
        if (!clockOffset.isZero()) {
            Path library = FAKETIME.stream().filter(path -> path.toFile().isFile()).findFirst()
                    .orElseThrow(() -> new IllegalStateException("libfaketime is missing (" + FAKETIME.get(0)
                            + "): apt-get install -y faketime"));
            env.put("LD_PRELOAD", library.toString());
            env.put("FAKETIME", (clockOffset.isNegative() ? "" : "+") + clockOffset.toSeconds() + "s");
            env.put("FAKETIME_DONT_FAKE_MONOTONIC", "1");
            // On glibc, libfaketime turns on a "monotonic fix" by itself that makes the JVM's timed waits
            // (Object.wait, LockSupport.parkNanos) return at once: the node would spin on every core
            // instead of merely having a wrong clock. Off, waits last as long as they should.
            env.put("FAKETIME_FORCE_MONOTONIC_FIX", "0");
            env.put("FAKETIME_NO_CACHE", "1");
        }
        try {
            Process process = builder.start();
            ChildProcesses.register(process);
            return new NodeProcess(id, process, log);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start node " + id + ": " + e.getMessage(), e);
        }
    }

    String id() {
        return id;
    }

    long pid() {
        return process.pid();
    }

    boolean isAlive() {
        return process.isAlive();
    }

    /**
     * The CPU time the node has used so far: user plus system time of /proc/PID/stat, as the JDK reads
     * it. Empty once the process has ended.
     */
    Optional<Duration> cpuTime() {
        return process.toHandle().info().totalCpuDuration();
    }

    Path log() {
        return log;
    }

    void signal(String signal) {
        Signals.send(process.pid(), signal);
    }

    /** SIGKILL, as a crashed machine would; also kills the runs it had started. */
    void kill() {
        List<ProcessHandle> children = process.descendants().toList();
        process.destroyForcibly();
        children.forEach(ProcessHandle::destroyForcibly);
        awaitExit(Duration.ofSeconds(30));
    }

    /** Waits for the process to end and returns its exit code. */
    int awaitExit(Duration timeout) {
        try {
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                throw new IllegalStateException("node " + id + " did not exit within " + timeout);
            }
            return process.exitValue();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for node " + id, e);
        }
    }

    private static String javaBinary() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }
}
