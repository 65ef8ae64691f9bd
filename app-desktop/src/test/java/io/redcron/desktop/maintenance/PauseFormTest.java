package io.redcron.desktop.maintenance;

import io.redcron.desktop.ui.Messages;
import io.redcron.domain.MaintenanceWindow;
import io.redcron.domain.MisfirePolicy;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.Locale;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** What the Pause dialog's entries come to: the request, or each error at its field in the user's words. */
class PauseFormTest {
    private static final Instant NOW = Instant.parse("2026-12-03T14:00:00Z");
    private static final ZoneId BERLIN = ZoneId.of("Europe/Berlin");
    private static final LocalDate TODAY = LocalDate.of(2026, 12, 3);
    private static final Messages ENGLISH = new Messages(Locale.ENGLISH);
    private static final Messages CHINESE = new Messages(Locale.SIMPLIFIED_CHINESE);

    private static PauseForm.Entry entry(String group, String fromTime, PauseEnd end, String untilTime, String length,
                                        String reason) {
        return new PauseForm.Entry(group == null, group, fromTime == null, TODAY, fromTime, end, TODAY, untilTime,
                length, MisfirePolicy.FIRE_ONCE, reason);
    }

    @Test
    void aGroupBetweenTwoTimesTypedInTheZoneShown() {
        PauseForm.Reading reading = PauseForm.read(entry(" gpu ", "22:00", PauseEnd.AT, "23:30", null, "GPU driver upgrade"),
                BERLIN, NOW, ENGLISH);

        assertThat(reading.errors()).isEmpty();
        assertThat(reading.request()).isEqualTo(new MaintenanceWindow.Request("gpu", Instant.parse("2026-12-03T21:00:00Z"),
                Instant.parse("2026-12-03T22:30:00Z"), MisfirePolicy.FIRE_ONCE, "GPU driver upgrade"));
    }

    @Test
    void nowForAWhileCountsFromNowAndNowIsLeftToTheStore() {
        PauseForm.Reading reading = PauseForm.read(entry(null, null, PauseEnd.AFTER, null, "1h30m", "MySQL upgrade"),
                BERLIN, NOW, ENGLISH);

        assertThat(reading.request().group()).isNull();
        assertThat(reading.request().from()).isNull();
        assertThat(reading.request().until()).isEqualTo(NOW.plusSeconds(5400));
    }

    @Test
    void noReasonAndAnEndBeforeTheStartAreEachShownAtTheirFieldAndNothingIsAsked() {
        PauseForm.Reading reading = PauseForm.read(entry("gpu", "22:00", PauseEnd.AT, "21:00", null, "  "),
                BERLIN, NOW, ENGLISH);

        assertThat(reading.request()).isNull();
        assertThat(reading.errors()).isEqualTo(Map.of(PauseField.REASON, "Reason: say why the fires are paused.",
                PauseField.UNTIL, "End: must be after the start."));
        assertThat(PauseForm.read(entry("gpu", "22:00", PauseEnd.AT, "21:00", null, ""), BERLIN, NOW, CHINESE).errors())
                .isEqualTo(Map.of(PauseField.REASON, "原因：请说明为什么暂停触发。", PauseField.UNTIL, "结束：必须晚于开始。"));
    }

    @Test
    void eachUnreadableValueIsNamedAtItsField() {
        PauseForm.Reading reading = PauseForm.read(new PauseForm.Entry(false, "gpu nodes", false, null, "9", PauseEnd.AFTER,
                null, null, "soon", null, "x"), BERLIN, NOW, ENGLISH);

        assertThat(reading.errors()).isEqualTo(Map.of(
                PauseField.GROUP, "Routing group: 'gpu nodes' is not a group name: 1 to 64 letters, digits, '.', '_' or '-'.",
                PauseField.FROM, "Start: pick a date.",
                PauseField.UNTIL, "End: 'soon' is not a duration; for example 30m, 2h or 1h30m.",
                PauseField.ON_RESUME, "On resume: choose what becomes of the held fires."));
        assertThat(PauseForm.read(entry(null, "25:00", PauseEnd.RESUMED, null, null, "x"), BERLIN, NOW, CHINESE).errors())
                .isEqualTo(Map.of(PauseField.FROM, "开始：“25:00”不是时间；请按 HH:mm 输入。"));
        assertThat(PauseForm.read(entry("", null, PauseEnd.RESUMED, null, null, "x"), BERLIN, NOW, ENGLISH).errors())
                .isEqualTo(Map.of(PauseField.GROUP, "Routing group: choose or type a group."));
    }

    @Test
    void aStartInThePastIsRefusedBeforeAskingTheStore() {
        PauseForm.Reading reading = PauseForm.read(entry(null, "08:00", PauseEnd.RESUMED, null, null, "x"), BERLIN, NOW,
                ENGLISH);

        assertThat(reading.errors()).isEqualTo(Map.of(PauseField.FROM, "Start: must not be in the past."));
    }

    @Test
    void aReasonLongerThanALineIsRefused() {
        PauseForm.Reading reading = PauseForm.read(entry(null, null, PauseEnd.RESUMED, null, null, "x".repeat(201)),
                BERLIN, NOW, ENGLISH);

        assertThat(reading.errors()).isEqualTo(Map.of(PauseField.REASON, "Reason: one line of at most 200 characters."));
    }
}
