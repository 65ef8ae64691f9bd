package io.redcron.desktop.cron;

import io.redcron.calendar.CalendarMode;
import io.redcron.calendar.ChinaCalendar2026;
import io.redcron.desktop.ui.Messages;
import io.redcron.schedule.CronDialect;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import java.util.Locale;

import static org.assertj.core.api.Assertions.assertThat;

/** The builder's preview judged by a business calendar: China's 2026 arrangement around National Day. */
class CronBuilderCalendarTest {
    private static final ZoneId SHANGHAI = ChinaCalendar2026.SHANGHAI;
    /** Monday 2026-09-28, 00:00 in Shanghai: the week before the National Day holiday. */
    private static final Clock BEFORE_NATIONAL_DAY = Clock.fixed(Instant.parse("2026-09-27T16:00:00Z"), SHANGHAI);

    private final CronBuilderViewModel model = new CronBuilderViewModel("0 9 * * *", CronDialect.UNIX, SHANGHAI,
            new Messages(Locale.ENGLISH), BEFORE_NATIONAL_DAY);

    private List<String> skipped() {
        return model.fires().stream().map(FireTime::skippedBecause).toList();
    }

    @Test
    void withoutACalendarEveryFireRunsAndTheResultNamesNone() {
        model.useCalendars(List.of(ChinaCalendar2026.calendar()));

        assertThat(skipped()).hasSize(10).allMatch(String::isEmpty);
        assertThat(model.result().orElseThrow().calendar()).isEqualTo(CalendarChoice.NONE);
    }

    @Test
    void businessDaysLeavesOutTheHolidaysWithTheReasonTheSchedulerRecordsAndKeepsThemListed() {
        model.useCalendars(List.of(ChinaCalendar2026.calendar()));
        model.chooseCalendar(new CalendarChoice("cn", CalendarMode.BUSINESS_DAYS));

        // 09-28 Mon, 09-29 Tue, 09-30 Wed run; 10-01 to 10-07 are the holiday; 10-08 runs
        assertThat(model.fires()).hasSize(10);
        assertThat(model.fires().get(0).isSkipped()).isFalse();
        assertThat(model.fires().get(3).taskText()).startsWith("2026-10-01");
        assertThat(model.fires().get(3).skippedBecause()).isEqualTo("calendar cn: 2026-10-01 国庆节 (holiday)");
        assertThat(skipped().subList(3, 10)).allMatch(reason -> reason.endsWith("(holiday)"));
        assertThat(model.result().orElseThrow().calendar()).isEqualTo(new CalendarChoice("cn", CalendarMode.BUSINESS_DAYS));
    }

    @Test
    void businessDaysSkipsAWeekendDayButNotAMakeUpWorkday() {
        model.expressionProperty().set("0 9 * * 6");
        model.useCalendars(List.of(ChinaCalendar2026.calendar()));
        model.chooseCalendar(new CalendarChoice("cn", CalendarMode.BUSINESS_DAYS));

        assertThat(model.fires().get(0).taskText()).startsWith("2026-10-03");
        assertThat(model.fires().get(0).skippedBecause()).endsWith("(holiday)");
        assertThat(model.fires().get(1).taskText()).startsWith("2026-10-10");
        assertThat(model.fires().get(1).isSkipped()).as("10-10 is a make-up workday").isFalse();
        assertThat(model.fires().get(2).skippedBecause()).isEqualTo("calendar cn: Saturday is not a business day");

        model.calendarModeProperty().set(CalendarMode.SKIP_HOLIDAYS);
        assertThat(model.fires().get(2).isSkipped()).isFalse();
        assertThat(model.fires().get(0).isSkipped()).isTrue();
    }

    @Test
    void aTaskCalendarThatIsNotInTheNamespaceIsKeptShownAndSaidSo() {
        model.chooseCalendar(new CalendarChoice("de", CalendarMode.SKIP_HOLIDAYS));
        assertThat(model.calendarProblemProperty().get()).isEmpty();

        model.useCalendars(List.of(ChinaCalendar2026.calendar()));

        assertThat(model.calendarNames()).containsExactly("", "cn", "de");
        assertThat(model.calendarProblemProperty().get()).isEqualTo("There is no calendar 'de' in this namespace.");
        assertThat(skipped()).allMatch(String::isEmpty);
        assertThat(model.calendarsShownProperty().get()).isTrue();
    }

    @Test
    void theChooserIsHiddenUntilCalendarsAreOffered() {
        assertThat(model.calendarsShownProperty().get()).isFalse();
        BuilderCalendars.NONE.into(model);
        assertThat(model.calendarsShownProperty().get()).isFalse();
    }
}
