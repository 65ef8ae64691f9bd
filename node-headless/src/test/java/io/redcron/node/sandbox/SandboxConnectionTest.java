package io.redcron.node.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.redcron.config.ConfigException;
import io.redcron.config.SandboxConnection;
import io.redcron.config.Secret;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SandboxConnectionTest {
    @TempDir
    Path tmp;

    private final SandboxConnection connection = new SandboxConnection("redis://127.0.0.1:6390",
            Secret.of("redis-Pa55"), "jdbc:mysql://127.0.0.1:3316/redcron", "redcron", Secret.of("db-Pa55"),
            Path.of("/home/ada/.redcron/sandbox"), 4242, Instant.parse("2025-03-01T10:15:30Z"));

    @Test
    void readsBackWhatWasWritten() {
        Path file = tmp.resolve("nested/sandbox.properties");

        connection.write(file);

        assertThat(SandboxConnection.read(file)).contains(connection);
    }

    @Test
    void holdsThePasswordsReadableByItsOwnerOnlyInAPrivateFolder() throws IOException {
        Path file = tmp.resolve("home/.redcron/sandbox.properties");

        connection.write(file);

        assertThat(SandboxConnection.read(file).orElseThrow().dbPassword().reveal()).isEqualTo("db-Pa55");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file.getParent()))).isEqualTo("rwx------");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(tmp.resolve("home")))).isEqualTo("rwx------");
        assertThat(connection.toString()).doesNotContain("Pa55");
    }

    @Test
    void aFileOfAnOlderSandboxStillRunningIsRefusedInOneLine() throws IOException {
        Path file = Files.writeString(tmp.resolve("sandbox.properties"), olderFile(ProcessHandle.current().pid()));

        assertThatThrownBy(() -> SandboxConnection.read(file))
                .isInstanceOf(ConfigException.class)
                .hasMessage(file + ": was written by a sandbox of an older Redcron (pid " + ProcessHandle.current().pid()
                        + "), whose servers have no passwords; stop it and start it again with this version (the data is kept)");
    }

    @Test
    void aFileLeftByAnOlderSandboxThatIsGoneIsNoSandbox() throws IOException {
        Path file = Files.writeString(tmp.resolve("sandbox.properties"), olderFile(Long.MAX_VALUE));

        assertThat(SandboxConnection.read(file)).isEmpty();
        assertThat(SandboxConnection.deleteIfOwnedBy(file, Long.MAX_VALUE)).isFalse();
    }

    @Test
    void noFileMeansNoSandbox() {
        assertThat(SandboxConnection.read(tmp.resolve("absent.properties"))).isEmpty();
    }

    @Test
    void anUnrelatedFileIsReportedByName() throws IOException {
        Path file = Files.writeString(tmp.resolve("other.properties"), "colour=blue\n");

        assertThatThrownBy(() -> SandboxConnection.read(file))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining(file.toString())
                .hasMessageContaining("redis.uri");
    }

    @Test
    void isAliveFollowsTheProcess() {
        SandboxConnection ours = withPid(ProcessHandle.current().pid());
        SandboxConnection gone = withPid(Long.MAX_VALUE);

        assertThat(ours.isAlive()).isTrue();
        assertThat(gone.isAlive()).isFalse();
    }

    @Test
    void onlyTheOwnerDeletesTheFile() {
        Path file = tmp.resolve("sandbox.properties");
        connection.write(file);

        assertThat(SandboxConnection.deleteIfOwnedBy(file, 1)).isFalse();
        assertThat(file).exists();
        assertThat(SandboxConnection.deleteIfOwnedBy(file, 4242)).isTrue();
        assertThat(file).doesNotExist();
        assertThat(SandboxConnection.deleteIfOwnedBy(file, 4242)).isFalse();
    }

    @Test
    void defaultLocationIsInTheUsersHome() {
        assertThat(SandboxConnection.defaultLocation())
                .isEqualTo(Path.of(System.getProperty("user.home"), ".redcron", "sandbox.properties"));
    }

    private SandboxConnection withPid(long pid) {
        return new SandboxConnection(connection.redisUri(), connection.redisPassword(), connection.jdbcUrl(),
                connection.dbUser(), connection.dbPassword(), connection.dataDir(), pid, connection.startedAt());
    }

    /** What versions before the passwords wrote. */
    private static String olderFile(long pid) {
        return "redis.uri=redis://127.0.0.1:6390\nmysql.url=jdbc:mysql://127.0.0.1:3316/redcron\nmysql.user=root\n"
                + "data.dir=/home/ada/.redcron/sandbox\npid=" + pid + "\nstarted.at=2025-03-01T10:15:30Z\n";
    }
}
