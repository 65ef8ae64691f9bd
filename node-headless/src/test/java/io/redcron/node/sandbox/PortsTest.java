package io.redcron.node.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The retry when a program takes a chosen port between the choice and the server's bind. */
class PortsTest {
    private final List<String> lines = new ArrayList<>();
    private final List<Integer> tried = new ArrayList<>();

    @Test
    void aServerWhosePortWasTakenUnderItStartsOnAnotherOne() {
        String started = Ports.startOnAFreePort("Redis", 0, lines::add, port -> {
            tried.add(port);
            if (tried.size() < 3) {
                throw taken(port);
            }
            return "on " + port;
        });

        assertThat(tried).hasSize(3).doesNotHaveDuplicates();
        assertThat(started).isEqualTo("on " + tried.get(2));
        assertThat(lines).containsExactly(
                "Redis: port " + tried.get(0) + " was taken while it started, using " + tried.get(1) + " instead",
                "Redis: port " + tried.get(1) + " was taken while it started, using " + tried.get(2) + " instead");
    }

    @Test
    void otherFailuresEndTheStartAtOnce() {
        SandboxException broken = SandboxException.serverDidNotStart("MariaDB did not start: bad data", null,
                "[ERROR] InnoDB: corrupt page");

        assertThatThrownBy(() -> Ports.startOnAFreePort("MariaDB", 0, lines::add, port -> {
            tried.add(port);
            throw broken;
        })).isSameAs(broken);
        assertThat(tried).hasSize(1);
        assertThat(lines).isEmpty();
    }

    @Test
    void aPortTakenAgainAndAgainEndsAfterTheLastAttemptWithItsOwnMessage() {
        assertThatThrownBy(() -> Ports.startOnAFreePort("MariaDB", 0, lines::add, port -> {
            tried.add(port);
            throw taken(port);
        })).isInstanceOf(SandboxException.class)
                .hasMessage("did not start on 127.0.0.1:" + tried.get(Ports.ATTEMPTS - 1) + ": Address already in use");
        assertThat(tried).hasSize(Ports.ATTEMPTS);
    }

    private static SandboxException taken(int port) {
        return SandboxException.serverDidNotStart("did not start on 127.0.0.1:" + port + ": Address already in use",
                null, "bind: Address already in use");
    }
}
