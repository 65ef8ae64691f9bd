package io.redcron.node.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A pid file is trusted only as far as the process's command line names the sandbox's data folder. */
class LeftoverServerTest {
    private static final Path DATA = Path.of("/home/ada/.redcron/sandbox");

    @TempDir
    Path tmp;

    private final List<String> lines = new CopyOnWriteArrayList<>();
    private final List<Process> started = new CopyOnWriteArrayList<>();

    @AfterEach
    void stopWhatWasStarted() {
        started.forEach(Process::destroyForcibly);
    }

    @Test
    void aPathInTheDataFolderIsRecognisedWholeOrAfterEquals() {
        assertThat(LeftoverServer.namesDataDir(List.of("/tmp/redis-1/redis-server-6.2.6", DATA + "/redis/redis.conf"),
                DATA)).isTrue();
        assertThat(LeftoverServer.namesDataDir(List.of("/opt/mariadb/bin/mariadbd", "--no-defaults",
                "--datadir=" + DATA + "/mariadb/data", "--port=3316"), DATA)).isTrue();
        assertThat(LeftoverServer.namesDataDir(List.of("tail", DATA.toString()), DATA)).isTrue();
    }

    @Test
    void aPathThatOnlyStartsWithTheSameLettersIsAnotherFolder() {
        assertThat(LeftoverServer.namesDataDir(List.of("redis-server", DATA + "-old/redis/redis.conf"), DATA)).isFalse();
        assertThat(LeftoverServer.namesDataDir(List.of("mariadbd", "--datadir=" + DATA + "2/mariadb/data"), DATA))
                .isFalse();
        assertThat(LeftoverServer.namesDataDir(List.of("redis-server", "/home/ada/.redcron/sandbox/../other/redis.conf"),
                DATA)).isFalse();
        assertThat(LeftoverServer.namesDataDir(List.of("redis-server", "sandbox/redis/redis.conf", "--port", "6390"),
                DATA)).as("a relative path names nothing for sure").isFalse();
        assertThat(LeftoverServer.namesDataDir(List.of("redis-server 127.0.0.1:6390"), DATA)).isFalse();
    }

    @Test
    void aLiveProcessOfTheSandboxIsStopped() throws Exception {
        Path data = Files.createDirectories(tmp.resolve("sandbox"));
        Process server = follow(Files.writeString(data.resolve("redis.log"), ""));
        Path pidFile = pidFile(data, server);

        LeftoverServer.stopIfRunning("Redis", pidFile, data, lines::add);

        assertThat(server.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(lines).containsExactly("Redis (pid " + server.pid() + ") was left running by a sandbox that did"
                + " not stop cleanly; stopping it");
    }

    @Test
    void aProcessThatDoesNotNameTheDataFolderIsLeftAloneAndSaysSoInOneLine() throws Exception {
        Path data = Files.createDirectories(tmp.resolve("sandbox"));
        Path sibling = Files.createDirectories(tmp.resolve("sandbox-old"));
        Process stranger = follow(Files.writeString(sibling.resolve("redis.log"), ""));
        Path pidFile = pidFile(data, stranger);

        LeftoverServer.stopIfRunning("Redis", pidFile, data, lines::add);

        // Had it been signalled, stopIfRunning would have waited for it to exit.
        assertThat(stranger.isAlive()).isTrue();
        assertThat(lines).containsExactly("Redis: " + pidFile + " names pid " + stranger.pid()
                + ", whose command line does not name " + data + "; it is not this sandbox's server, so it is left alone");
        assertThat(pidFile).doesNotExist();
    }

    @Test
    void aPidFileOfAProcessThatIsGoneIsRemovedQuietly() throws Exception {
        Path data = Files.createDirectories(tmp.resolve("sandbox"));
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        Path pidFile = pidFile(data, gone);

        LeftoverServer.stopIfRunning("MariaDB", pidFile, data, lines::add);

        assertThat(lines).isEmpty();
        assertThat(pidFile).doesNotExist();
    }

    /** A harmless long-running process whose command line names {@code file}. */
    private Process follow(Path file) throws IOException {
        Process process = new ProcessBuilder("tail", "-f", file.toString()).redirectErrorStream(true).start();
        started.add(process);
        return process;
    }

    private static Path pidFile(Path data, Process process) throws IOException {
        return Files.writeString(data.resolve("server.pid"), process.pid() + "\n");
    }
}
