package io.redcron.bench;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;

class WindowTest {

    @Test
    void startsOnTheFirstWholeSecondAfterTheWarmUp() {
        Window window = Window.after(Instant.parse("2026-01-01T00:00:00.250Z"), Duration.ofSeconds(5), Duration.ofSeconds(15));

        assertThat(window.start()).isEqualTo(Instant.parse("2026-01-01T00:00:06Z"));
        assertThat(window.end()).isEqualTo(Instant.parse("2026-01-01T00:00:21Z"));
        assertThat(window.seconds()).isEqualTo(15);
    }
}
