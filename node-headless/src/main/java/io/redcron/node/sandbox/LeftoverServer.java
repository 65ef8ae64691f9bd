package io.redcron.node.sandbox;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

/**
 * A server that a killed sandbox left behind. The servers are child processes: when the JVM dies
 * by SIGKILL they keep running, holding the ports and the data files, and the next start would
 * fail on them. Their pid files tell them apart; once the sandbox lock is ours, no live sandbox
 * owns them, so they are stopped the clean way (SIGTERM, which both servers handle as shutdown).
 *
 * <p>A pid file can outlive its process, and the pid be given to another one. So a process is
 * signalled only when its command line names this sandbox's data folder (each server is started
 * with a path inside it); any other is left alone.
 */
final class LeftoverServer {
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(60);

    private LeftoverServer() {
    }

    static void stopIfRunning(String server, Path pidFile, Path dataDir, Consumer<String> progress) {
        Optional<Long> pid = readPid(pidFile);
        if (pid.isEmpty()) {
            return;
        }
        Optional<ProcessHandle> process = ProcessHandle.of(pid.get()).filter(ProcessHandle::isAlive);
        if (process.isEmpty()) {
            deleteStale(pidFile);
            return;
        }
        if (!namesDataDir(commandLine(process.get()), dataDir)) {
            progress.accept(server + ": " + pidFile + " names pid " + pid.get() + ", whose command line does not name "
                    + dataDir + "; it is not this sandbox's server, so it is left alone");
            deleteStale(pidFile);
            return;
        }
        progress.accept(server + " (pid " + pid.get() + ") was left running by a sandbox that did not stop cleanly; stopping it");
        process.get().destroy();
        try {
            process.get().onExit().get(STOP_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SandboxException("interrupted while stopping the leftover " + server + " (pid " + pid.get() + ")", e);
        } catch (ExecutionException | TimeoutException e) {
            throw new SandboxException("the leftover " + server + " (pid " + pid.get() + ") did not stop within "
                    + STOP_TIMEOUT.toSeconds() + " s; stop it with: kill -9 " + pid.get(), e);
        }
    }

    /**
     * Whether an argument is a path in {@code dataDir}, whole (a server's config file) or after
     * {@code =} ({@code --datadir=…}). Compared path element by path element, so that
     * {@code /home/ada/sandbox-old} is not taken for {@code /home/ada/sandbox}.
     */
    static boolean namesDataDir(List<String> arguments, Path dataDir) {
        List<Path> dirs = new ArrayList<>(List.of(dataDir.toAbsolutePath().normalize()));
        try {
            dirs.add(dataDir.toRealPath()); // what a server may print after resolving links
        } catch (IOException e) {
            // Only the path as given, then.
        }
        for (String argument : arguments) {
            String value = argument.startsWith("-") && argument.contains("=")
                    ? argument.substring(argument.indexOf('=') + 1) : argument;
            Optional<Path> path = absolutePath(value);
            if (path.isPresent() && dirs.stream().anyMatch(path.get()::startsWith)) {
                return true;
            }
        }
        return false;
    }

    /** The process's arguments, program first; empty when they cannot be read (another user's process, say). */
    private static List<String> commandLine(ProcessHandle process) {
        Path procFile = Path.of("/proc", Long.toString(process.pid()), "cmdline");
        if (Files.isDirectory(Path.of("/proc", Long.toString(process.pid())))) {
            try {
                String raw = new String(Files.readAllBytes(procFile), StandardCharsets.UTF_8);
                return Arrays.asList(raw.split("\0"));
            } catch (IOException e) {
                return List.of();
            }
        }
        // No /proc (macOS): what the JDK can tell.
        List<String> out = new ArrayList<>();
        process.info().command().ifPresent(out::add);
        process.info().arguments().ifPresent(arguments -> out.addAll(Arrays.asList(arguments)));
        return out;
    }

    private static Optional<Path> absolutePath(String text) {
        try {
            Path path = Path.of(text);
            return path.isAbsolute() ? Optional.of(path.normalize()) : Optional.empty();
        } catch (InvalidPathException e) {
            return Optional.empty();
        }
    }

    private static Optional<Long> readPid(Path pidFile) {
        try {
            return Optional.of(Long.parseLong(Files.readString(pidFile).trim()));
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (IOException | NumberFormatException e) {
            deleteStale(pidFile);
            return Optional.empty();
        }
    }

    private static void deleteStale(Path pidFile) {
        try {
            Files.deleteIfExists(pidFile);
        } catch (IOException e) {
            throw new SandboxException("cannot remove the stale pid file " + pidFile + ": " + e.getMessage(), e);
        }
    }
}
