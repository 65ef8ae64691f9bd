package io.redcron.node.sandbox;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
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
 */
final class LeftoverServer {
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(60);

    private LeftoverServer() {
    }

    /**
     * @param executableName part of the executable's name, so that a recycled pid of an unrelated
     *                       process is never signalled
     */
    static void stopIfRunning(String server, Path pidFile, String executableName, Consumer<String> progress) {
        Optional<Long> pid = readPid(pidFile);
        if (pid.isEmpty()) {
            return;
        }
        Optional<ProcessHandle> process = ProcessHandle.of(pid.get())
                .filter(ProcessHandle::isAlive)
                .filter(handle -> handle.info().command().map(cmd -> cmd.contains(executableName)).orElse(false));
        if (process.isEmpty()) {
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
