package io.redcron.desktop.ui;

import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.Locale;

import static org.assertj.core.api.Assertions.assertThat;

/** When a notice shows its age and when it goes: a function of the notice and the time, at fixed instants. */
class NoticeTest {
    private static final Instant SHOWN = Instant.parse("2026-12-03T09:00:00Z");
    private final Notice notice = Notice.of("3 tasks enabled.", SHOWN);
    private final Messages english = new Messages(Locale.ENGLISH);

    @Test
    void freshNewsShowsJustItsWords() {
        assertThat(notice.textAt(english, SHOWN)).isEqualTo("3 tasks enabled.");
        assertThat(notice.textAt(english, SHOWN.plusMillis(9_999))).isEqualTo("3 tasks enabled.");
        assertThat(notice.expiredAt(SHOWN.plusSeconds(9))).isFalse();
    }

    @Test
    void fromTenSecondsOnItSaysHowOldItIs() {
        assertThat(notice.ageShownAt(SHOWN.plusSeconds(10))).isPresent();
        assertThat(notice.textAt(english, SHOWN.plusSeconds(10))).isEqualTo("3 tasks enabled. \u00b7 10 s ago");
        assertThat(notice.textAt(english, SHOWN.plusSeconds(59))).isEqualTo("3 tasks enabled. \u00b7 59 s ago");
        assertThat(notice.textAt(new Messages(Locale.SIMPLIFIED_CHINESE), SHOWN.plusSeconds(30)))
                .startsWith("3 tasks enabled. \u00b7 30").doesNotContain("ago");
    }

    @Test
    void afterAMinuteItIsGone() {
        assertThat(notice.expiredAt(SHOWN.plusSeconds(59).plusMillis(999))).isFalse();
        assertThat(notice.expiredAt(SHOWN.plusSeconds(60))).isTrue();
        assertThat(notice.expiredAt(SHOWN.plusSeconds(3600))).isTrue();
    }

    @Test
    void aClockBehindTheStampShowsTheNoticeFresh() {
        assertThat(notice.textAt(english, SHOWN.minusSeconds(5))).isEqualTo("3 tasks enabled.");
        assertThat(notice.expiredAt(SHOWN.minusSeconds(5))).isFalse();
    }

    @Test
    void aLinkCarriesItsWordsAndAction() {
        int[] followed = {0};
        Notice linked = notice.withLink("Open runs", () -> followed[0]++);

        linked.link().action().run();

        assertThat(linked.text()).isEqualTo(notice.text());
        assertThat(linked.link().text()).isEqualTo("Open runs");
        assertThat(followed[0]).isEqualTo(1);
        assertThat(notice.linkIfAny()).isEmpty();
    }
}
