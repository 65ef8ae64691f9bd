package io.redcron.desktop.runs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;

class RunAtTest {
    private static final Instant NOW = Instant.parse("2026-12-03T10:00:00Z");
    private static final ZoneId SHANGHAI = ZoneId.of("Asia/Shanghai");

    @Test
    void readsNowADelayALocalTimeAndATimeWithAnOffset() {
        assertThat(RunAt.parse("  ", NOW, SHANGHAI)).isEmpty();
        assertThat(RunAt.parse("30m", NOW, SHANGHAI)).contains(NOW.plus(Duration.ofMinutes(30)));
        assertThat(RunAt.parse("2 h", NOW, SHANGHAI)).contains(NOW.plus(Duration.ofHours(2)));
        assertThat(RunAt.parse("2026-12-24 18:00", NOW, SHANGHAI)).contains(Instant.parse("2026-12-24T10:00:00Z"));
        assertThat(RunAt.parse("2026-12-24T18:00:30", NOW, SHANGHAI)).contains(Instant.parse("2026-12-24T10:00:30Z"));
        assertThat(RunAt.parse("2026-12-24T10:00:00Z", NOW, SHANGHAI)).contains(Instant.parse("2026-12-24T10:00:00Z"));
    }

    @Test
    void refusesWhatIsNeither() {
        assertThatThrownBy(() -> RunAt.parse("tomorrow", NOW, SHANGHAI)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> RunAt.parse("2026-13-01 10:00", NOW, SHANGHAI))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
