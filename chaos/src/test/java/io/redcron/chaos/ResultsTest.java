package io.redcron.chaos;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ResultsTest {
    @TempDir
    Path dir;

    @Test
    void theTableBetweenTheMarkersIsReplacedByTheLatestResults() {
        Verdict verdict = new Verdict(120, 120, 0, 0, 2, 2, Duration.ofMillis(4200), List.of());
        Results.write(dir, new Results.Row(1, "leader-sigkill", "SIGKILL of the leader", "quick", verdict,
                Duration.ofSeconds(70), Instant.parse("2026-01-01T00:00:00Z")));
        String document = "# Reliability\n\n" + Results.START + "\nold table\n" + Results.END + "\n\nafter\n";

        String updated = Results.regenerate(document, Results.readAll(dir));

        assertThat(updated).doesNotContain("old table").contains("after")
                .contains("| leader-sigkill | SIGKILL of the leader | 120 | 120 | 0 | 0 | 2 | 2 | 4.2 s | pass |");
    }

    @Test
    void aFailureShowsItsFirstViolation() {
        Verdict verdict = new Verdict(10, 9, 1, 0, 0, 0, Duration.ZERO, List.of("short-1: no run row for the fire at X"));

        assertThat(Results.table(List.of(new Results.Row(1, "x", "y", "quick", verdict, Duration.ZERO, Instant.EPOCH))))
                .contains("FAIL: short-1: no run row for the fire at X");
    }

    @Test
    void aDocumentWithoutMarkersIsRefused() {
        assertThatThrownBy(() -> Results.regenerate("# nothing", List.of())).hasMessageContaining("markers");
    }
}
