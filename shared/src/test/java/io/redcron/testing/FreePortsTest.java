package io.redcron.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class FreePortsTest {
    @Test
    void handsOutDistinctBindablePortsBelowTheEphemeralRange() throws IOException {
        int ephemeralLow = ephemeralLow();
        Set<Integer> ports = new HashSet<>();
        for (int i = 0; i < 50; i++) {
            int port = FreePorts.any();
            assertThat(ports.add(port)).as("port %d handed out twice", port).isTrue();
            try (ServerSocket socket = new ServerSocket()) {
                socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 1);
            }
        }
        if (ephemeralLow > 21000) {
            assertThat(ports).allMatch(port -> port < ephemeralLow, "below " + ephemeralLow);
        }
    }

    @Test
    void aPortWithACompanionHasBothFreeBelowTheEphemeralRangeAndNeitherHandedOutAgain() throws IOException {
        int ephemeralLow = ephemeralLow();
        Set<Integer> ports = new HashSet<>();
        for (int i = 0; i < 12; i++) {
            int port = FreePorts.withCompanion(10000);
            assertThat(ports.add(port)).as("port %d handed out twice", port).isTrue();
            assertThat(ports.add(port + 10000)).as("companion %d handed out twice", port + 10000).isTrue();
            for (int bound : new int[] {port, port + 10000}) {
                try (ServerSocket socket = new ServerSocket()) {
                    socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), bound), 1);
                }
                if (ephemeralLow > 31000) {
                    assertThat(bound).isLessThan(ephemeralLow);
                }
            }
        }
        for (int i = 0; i < 20; i++) {
            int port = FreePorts.any();
            assertThat(ports).as("a companion is never handed out alone").doesNotContain(port);
        }
    }

    private static int ephemeralLow() throws IOException {
        Path range = Path.of("/proc/sys/net/ipv4/ip_local_port_range");
        return Files.exists(range) ? Integer.parseInt(Files.readAllLines(range).get(0).trim().split("\\s+")[0]) : 32768;
    }
}
