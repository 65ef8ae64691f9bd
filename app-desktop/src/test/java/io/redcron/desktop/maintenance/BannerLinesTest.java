package io.redcron.desktop.maintenance;

import io.redcron.desktop.ui.Messages;
import io.redcron.desktop.ui.TimeDisplay;
import io.redcron.domain.MaintenanceWindow;
import io.redcron.domain.MisfirePolicy;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.time.ZoneId;
import java.util.Locale;

import static org.assertj.core.api.Assertions.assertThat;

/** The banner's lines, in English and in Chinese, with times in the zone the app shows. */
class BannerLinesTest {
    private static final Instant NOW = Instant.parse("2026-12-03T14:00:00Z");
    private static final TimeDisplay SHANGHAI = new TimeDisplay(TimeDisplay.Mode.LOCAL, ZoneId.of("Asia/Shanghai"));
    private static final Messages ENGLISH = new Messages(Locale.ENGLISH, SHANGHAI);
    private static final Messages CHINESE = new Messages(Locale.SIMPLIFIED_CHINESE, SHANGHAI);

    private static MaintenanceWindow window(long id, String group, String from, String until, MisfirePolicy policy,
                                            String reason) {
        return new MaintenanceWindow(id, "prod-eu", group, Instant.parse(from), until == null ? null : Instant.parse(until),
                policy, reason, "alice", NOW.minusSeconds(600), null, null);
    }

    @Test
    void aWindowPausedNowSaysUntilWhenWhyWhoAndWhatBecomesOfTheHeldFires() {
        MaintenanceWindow gpu = window(7, "gpu", "2026-12-03T13:00:00Z", "2026-12-03T15:00:00Z", MisfirePolicy.SKIP,
                "GPU driver upgrade");

        BannerLine line = BannerLines.of(gpu, ENGLISH, NOW);

        assertThat(line.paused()).isTrue();
        assertThat(line.text()).isEqualTo("Paused: group gpu until 23:00 \u2014 GPU driver upgrade (window 7, by alice);"
                + " held fires will be skipped");
        assertThat(line.details()).isEqualTo("From 2026-12-03 21:00:00 +08:00\nUntil 2026-12-03 23:00:00 +08:00\n"
                + "Opened 2026-12-03 21:50:00 +08:00 by alice");
        assertThat(BannerLines.of(gpu, CHINESE, NOW).text())
                .isEqualTo("已暂停：组 gpu 直到 23:00 — GPU driver upgrade（窗口 7，由 alice 开启）；暂停期间的触发将被跳过");
    }

    @Test
    void aPlannedWindowSaysWhenItPausesWithTheDateWhenItIsNotToday() {
        MaintenanceWindow night = window(8, null, "2026-12-03T14:00:01Z", "2026-12-03T18:00:00Z",
                MisfirePolicy.FIRE_ONCE, "MySQL upgrade");

        BannerLine line = BannerLines.of(night, ENGLISH, NOW);

        assertThat(line.paused()).isFalse();
        assertThat(line.text()).isEqualTo("Planned: namespace prod-eu pauses 22:00\u20132026-12-04 02:00 \u2014 MySQL"
                + " upgrade (window 8, by alice); held fires will run once");
        assertThat(BannerLines.of(night, CHINESE, NOW).text())
                .isEqualTo("已计划：命名空间 prod-eu 将于 22:00–2026-12-04 02:00 暂停 — MySQL upgrade（窗口 8，由 alice 开启）；"
                        + "暂停期间的触发将只运行一次");
    }

    @Test
    void aWindowWithoutAnEndLastsUntilResumed() {
        MaintenanceWindow open = window(9, "billing", "2026-12-03T12:00:00Z", null, MisfirePolicy.CATCH_UP, "ledger fix");

        assertThat(BannerLines.of(open, ENGLISH, NOW).text()).isEqualTo("Paused: group billing until resumed \u2014"
                + " ledger fix (window 9, by alice); held fires will be caught up, up to each task's catch-up limit");
        assertThat(BannerLines.of(open, ENGLISH, NOW).details()).contains("Until resumed by hand");
        assertThat(BannerLines.of(open, CHINESE, NOW).text()).startsWith("已暂停：组 billing 直到手动恢复 — ledger fix");
    }

    @Test
    void timesFollowTheZoneChosen() {
        MaintenanceWindow gpu = window(7, "gpu", "2026-12-03T13:00:00Z", "2026-12-03T15:00:00Z", MisfirePolicy.SKIP, "x");
        Messages utc = new Messages(Locale.ENGLISH, SHANGHAI.with(TimeDisplay.Mode.UTC));

        assertThat(BannerLines.of(gpu, utc, NOW).text()).startsWith("Paused: group gpu until 15:00 ");
    }
}
