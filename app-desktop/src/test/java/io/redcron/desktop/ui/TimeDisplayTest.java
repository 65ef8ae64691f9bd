package io.redcron.desktop.ui;

import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.time.ZoneId;
import java.util.Locale;

import static org.assertj.core.api.Assertions.assertThat;

/** One zone for every time on every screen, always with its offset, the others a tooltip away. */
class TimeDisplayTest {
    private static final Instant AT = Instant.parse("2026-12-03T01:00:00Z");
    private static final ZoneId BERLIN = ZoneId.of("Europe/Berlin");
    private static final ZoneId SHANGHAI = ZoneId.of("Asia/Shanghai");
    private final Messages english = new Messages(Locale.ENGLISH);

    @Test
    void eachModeShowsTimesInItsZoneWithTheOffset() {
        TimeDisplay local = new TimeDisplay(TimeDisplay.Mode.LOCAL, BERLIN);

        assertThat(local.format(AT, SHANGHAI)).isEqualTo("2026-12-03 02:00:00 +01:00");
        assertThat(local.with(TimeDisplay.Mode.UTC).format(AT, SHANGHAI)).isEqualTo("2026-12-03 01:00:00 +00:00");
        assertThat(local.with(TimeDisplay.Mode.TASK).format(AT, SHANGHAI)).isEqualTo("2026-12-03 09:00:00 +08:00");
        assertThat(local.with(TimeDisplay.Mode.TASK).format(AT)).as("a time of no task: the desktop's zone")
                .isEqualTo("2026-12-03 02:00:00 +01:00");
        assertThat(local.format(null)).isEmpty();
    }

    @Test
    void theTooltipGivesTheOtherZonesOnce() {
        TimeDisplay task = new TimeDisplay(TimeDisplay.Mode.TASK, BERLIN);

        assertThat(task.otherZones(AT, SHANGHAI)).isEqualTo(
                "2026-12-03 01:00:00 +00:00  UTC\n2026-12-03 02:00:00 +01:00  Europe/Berlin");
        assertThat(new TimeDisplay(TimeDisplay.Mode.UTC, BERLIN).otherZones(AT, null))
                .isEqualTo("2026-12-03 02:00:00 +01:00  Europe/Berlin");
    }

    @Test
    void headersNameTheZoneAndRelativeTimesReadNaturally() {
        TimeDisplay local = new TimeDisplay(TimeDisplay.Mode.LOCAL, BERLIN);
        Messages chinese = new Messages(Locale.SIMPLIFIED_CHINESE, local);

        assertThat(english.get("time.header", "Next fire", local.headerZone(english))).isEqualTo("Next fire (Europe/Berlin)");
        assertThat(local.with(TimeDisplay.Mode.TASK).headerZone(english)).isEqualTo("task zone");
        assertThat(TimeDisplay.relative(english, AT.plusSeconds(240), AT)).isEqualTo("in 4 min");
        assertThat(TimeDisplay.relative(english, AT.minusSeconds(12), AT)).isEqualTo("12 s ago");
        assertThat(TimeDisplay.relative(english, AT, AT)).isEqualTo("now");
        assertThat(TimeDisplay.relative(chinese, AT.plusSeconds(240), AT)).isEqualTo("4 分钟后");
        assertThat(chinese.withTime(local.with(TimeDisplay.Mode.UTC)).time().mode()).isEqualTo(TimeDisplay.Mode.UTC);
        assertThat(chinese.withTime(local).locale()).isEqualTo(Locale.SIMPLIFIED_CHINESE);
    }
}
