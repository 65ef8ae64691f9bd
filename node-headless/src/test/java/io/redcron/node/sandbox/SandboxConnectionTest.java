package io.redcron.node.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.redcron.config.ConfigException;
import io.redcron.config.SandboxConnection;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SandboxConnectionTest {
    @TempDir
    Path tmp;

    private final SandboxConnection connection = new SandboxConnection("redis://127.0.0.1:6390",
            "jdbc:mysql://127.0.0.1:3316/redcron", "root", Path.of("/home/ada/.redcron/sandbox"), 4242,
            Instant.parse("2025-03-01T10:15:30Z"));

    @Test
    void readsBackWhatWasWritten() {
        Path file = tmp.resolve("nested/sandbox.properties");

        connection.write(file);

        assertThat(SandboxConnection.read(file)).contains(connection);
    }

    @Test
    void holdsNoPassword() throws IOException {
        Path file = tmp.resolve("sandbox.properties");
        connection.write(file);

        assertThat(Files.readString(file).toLowerCase(Locale.ROOT)).doesNotContain("password", "secret");
        assertThat(SandboxConnection.class.getRecordComponents())
                .extracting(component -> component.getName().toLowerCase(Locale.ROOT))
                .noneMatch(name -> name.contains("password") || name.contains("secret"));
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
        return new SandboxConnection(connection.redisUri(), connection.jdbcUrl(), connection.dbUser(),
                connection.dataDir(), pid, connection.startedAt());
    }
}
