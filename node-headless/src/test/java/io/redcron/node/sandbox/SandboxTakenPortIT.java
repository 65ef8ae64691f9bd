package io.redcron.node.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each real server, bound to a port another program holds, says so in a way the sandbox tells
 * apart from other failures, which is what lets it start again on another port.
 */
class SandboxTakenPortIT {
    @TempDir
    Path tmp;

    @Test
    void redisReportsAPortAnotherProgramHolds() throws Exception {
        try (ServerSocket squatter = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            SandboxException refused = catchThrowableOfType(SandboxException.class,
                    () -> SandboxRedis.start(tmp.resolve("redis"), squatter.getLocalPort(), SandboxPasswords.generate(),
                            true).close());

            assertThat(refused.portTaken()).as(refused.getMessage()).isTrue();
            assertThat(refused.getMessage()).startsWith("Redis did not start on 127.0.0.1:" + squatter.getLocalPort());
        }
    }

    @Test
    void mariaDbReportsAPortAnotherProgramHolds() throws Exception {
        try (ServerSocket squatter = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            SandboxException refused = catchThrowableOfType(SandboxException.class,
                    () -> SandboxMariaDb.start(tmp.resolve("mariadb"), squatter.getLocalPort(),
                            SandboxPasswords.generate(), line -> { }, true).stop());

            assertThat(refused.portTaken()).as(refused.getMessage()).isTrue();
            assertThat(refused.getMessage())
                    .startsWith("MariaDB did not start on 127.0.0.1:" + squatter.getLocalPort());
        }
    }

    @Test
    void aFailureOfAnotherKindIsNotTakenForABusyPort() throws Exception {
        Path notAFolder = java.nio.file.Files.writeString(tmp.resolve("redis"), "a file where a folder belongs");
        SandboxException refused = catchThrowableOfType(SandboxException.class,
                () -> SandboxRedis.start(notAFolder, Ports.anyFree(), SandboxPasswords.generate(), true).close());

        assertThat(refused.portTaken()).isFalse();
    }
}
