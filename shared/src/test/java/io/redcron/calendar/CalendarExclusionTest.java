package io.redcron.calendar;

import org.junit.jupiter.api.Test;

import java.time.DayOfWeek;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;

import static io.redcron.calendar.ChinaCalendar2026.SHANGHAI;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Which fires a calendar leaves out, against China's 2026 arrangement worked out by hand. */
class CalendarExclusionTest {
    private final BusinessCalendar cn = ChinaCalendar2026.calendar();
    private final CalendarExclusion businessDays = new CalendarExclusion(cn, CalendarMode.BUSINESS_DAYS);
    private final CalendarExclusion skipHolidays = new CalendarExclusion(cn, CalendarMode.SKIP_HOLIDAYS);

    @Test
    void makeUpWeekendsAreBusinessDaysAndBridgeHolidaysAreNot() {
        // The six make-up days of 2026: Sun 1-04, Sat 2-14, Sat 2-28, Sat 5-09, Sun 9-20, Sat 10-10.
        for (String date : List.of("2026-01-04", "2026-02-14", "2026-02-28", "2026-05-09", "2026-09-20", "2026-10-10")) {
            assertThat(cn.isBusinessDay(LocalDate.parse(date))).as(date).isTrue();
            assertThat(businessDays.reason(at(date, 9))).as(date).isEmpty();
        }
        // Weekdays inside the holidays: Thu 1-01, Mon 2-23, Mon 4-06, Tue 5-05, Fri 6-19, Fri 9-25, Wed 10-07.
        for (String date : List.of("2026-01-01", "2026-02-23", "2026-04-06", "2026-05-05", "2026-06-19",
                "2026-09-25", "2026-10-07")) {
            assertThat(cn.isBusinessDay(LocalDate.parse(date))).as(date).isFalse();
        }
        // Back to work the day after: Tue 2-24, Thu 10-08; and an ordinary weekend stays off: Sun 10-11.
        assertThat(cn.isBusinessDay(LocalDate.parse("2026-02-24"))).isTrue();
        assertThat(cn.isBusinessDay(LocalDate.parse("2026-10-08"))).isTrue();
        assertThat(cn.isBusinessDay(LocalDate.parse("2026-10-11"))).isFalse();
    }

    @Test
    void chinaHas248BusinessDaysIn2026() {
        // 365 days - 104 Saturdays and Sundays = 261 weekdays; 19 of them are holidays (2 at New
        // Year, 6 at Spring Festival, 1 at Qingming, 3 in May, 1 each at Dragon Boat and
        // Mid-Autumn, 5 at National Day); 6 weekend days are worked: 261 - 19 + 6.
        long count = LocalDate.of(2026, 1, 1).datesUntil(LocalDate.of(2027, 1, 1)).filter(cn::isBusinessDay).count();

        assertThat(count).isEqualTo(248);
    }

    @Test
    void reasonsNameTheCalendarAndTheCause() {
        assertThat(businessDays.reason(at("2026-10-01", 9))).contains("calendar cn: 2026-10-01 国庆节 (holiday)");
        assertThat(businessDays.reason(at("2026-10-03", 9))).as("a holiday on a weekend is still named")
                .contains("calendar cn: 2026-10-03 国庆节 (holiday)");
        assertThat(businessDays.reason(at("2026-10-17", 9))).contains("calendar cn: Saturday is not a business day");
        assertThat(skipHolidays.reason(at("2026-10-17", 9))).as("skip-holidays fires on weekends").isEmpty();
        assertThat(skipHolidays.reason(at("2026-10-01", 9))).isPresent();
        assertThat(skipHolidays.reason(at("2026-10-10", 9))).isEmpty();
    }

    @Test
    void aFireIsJudgedByItsLocalDateInTheTasksZone() {
        // 2026-10-01 00:30 in Shanghai is still 2026-09-30 in UTC: a business day there.
        ZonedDateTime shanghai = ZonedDateTime.of(2026, 10, 1, 0, 30, 0, 0, SHANGHAI);

        assertThat(businessDays.reason(shanghai)).isPresent();
        assertThat(businessDays.reason(shanghai.withZoneSameInstant(ZoneId.of("UTC")))).isEmpty();
    }

    @Test
    void aOneOffBlackoutCoversItsRangeStartIncludedEndNot() {
        Blackout freeze = Blackout.once("release freeze", SHANGHAI, LocalDateTime.parse("2026-12-20T00:00"),
                LocalDateTime.parse("2027-01-03T00:00"));
        CalendarExclusion ops = new CalendarExclusion(BusinessCalendar.empty("ops", "", SHANGHAI)
                .withBlackouts(List.of(freeze)), CalendarMode.SKIP_HOLIDAYS);

        assertThat(ops.reason(ZonedDateTime.of(2026, 12, 20, 0, 0, 0, 0, SHANGHAI)))
                .contains("calendar ops: blackout \"release freeze\" (2026-12-20 00:00 – 2027-01-03 00:00)");
        assertThat(ops.reason(ZonedDateTime.of(2026, 12, 19, 23, 59, 0, 0, SHANGHAI))).isEmpty();
        assertThat(ops.reason(ZonedDateTime.of(2027, 1, 3, 0, 0, 0, 0, SHANGHAI))).isEmpty();
        // The range is Shanghai's: 2026-12-19 17:00 in UTC is already 2026-12-20 01:00 there.
        assertThat(ops.reason(ZonedDateTime.of(2026, 12, 19, 17, 0, 0, 0, ZoneId.of("UTC")))).isPresent();
    }

    @Test
    void aRepeatingBlackoutCoversEachOccurrence() {
        Blackout weekend = Blackout.repeating("weekend freeze", SHANGHAI, "0 18 * * 5", Duration.ofHours(62));
        CalendarExclusion ops = new CalendarExclusion(BusinessCalendar.empty("ops", "", SHANGHAI)
                .withBlackouts(List.of(weekend)), CalendarMode.SKIP_HOLIDAYS);

        // Friday 2026-12-04 18:00 to Monday 2026-12-07 08:00.
        assertThat(ops.reason(ZonedDateTime.of(2026, 12, 4, 18, 0, 0, 0, SHANGHAI)))
                .contains("calendar ops: blackout \"weekend freeze\" (2026-12-04 18:00 – 2026-12-07 08:00)");
        assertThat(ops.reason(ZonedDateTime.of(2026, 12, 7, 7, 59, 0, 0, SHANGHAI))).isPresent();
        assertThat(ops.reason(ZonedDateTime.of(2026, 12, 7, 8, 0, 0, 0, SHANGHAI))).isEmpty();
        assertThat(ops.reason(ZonedDateTime.of(2026, 12, 4, 17, 59, 0, 0, SHANGHAI))).isEmpty();
    }

    @Test
    void theWeekendIsTheCalendarsOwn() {
        BusinessCalendar gulf = BusinessCalendar.empty("ae", "", ZoneId.of("Asia/Dubai"))
                .withWeekend(EnumSet.of(DayOfWeek.FRIDAY, DayOfWeek.SATURDAY));

        assertThat(gulf.isBusinessDay(LocalDate.parse("2026-12-04"))).as("Friday").isFalse();
        assertThat(gulf.isBusinessDay(LocalDate.parse("2026-12-06"))).as("Sunday").isTrue();
        assertThat(new CalendarExclusion(gulf, CalendarMode.BUSINESS_DAYS)
                .reason(ZonedDateTime.of(2026, 12, 4, 9, 0, 0, 0, ZoneId.of("Asia/Dubai"))))
                .contains("calendar ae: Friday is not a business day");
        assertThat(BusinessCalendar.parseWeekend("--weekend", "fri,saturday"))
                .containsExactlyInAnyOrder(DayOfWeek.FRIDAY, DayOfWeek.SATURDAY);
        assertThat(BusinessCalendar.parseWeekend("--weekend", "none")).isEmpty();
    }

    @Test
    void badInputIsOneLineNamingTheField() {
        assertThatThrownBy(() -> BusinessCalendar.empty("cn china", "", SHANGHAI))
                .isInstanceOf(InvalidCalendarException.class).hasMessageStartingWith("name: 'cn china'");
        assertThatThrownBy(() -> Blackout.once("x", SHANGHAI, LocalDateTime.parse("2026-12-20T00:00"),
                LocalDateTime.parse("2026-12-20T00:00"))).hasMessageStartingWith("end: must be after");
        assertThatThrownBy(() -> Blackout.repeating("x", SHANGHAI, "0 18 * * 8", Duration.ofHours(1)))
                .hasMessageStartingWith("cron: ");
        assertThatThrownBy(() -> Blackout.repeating("x", SHANGHAI, "0 18 * * 5", Duration.ZERO))
                .hasMessageStartingWith("duration: ");
        assertThatThrownBy(() -> Blackout.repeating(" ", SHANGHAI, "0 18 * * 5", Duration.ofHours(1)))
                .hasMessageStartingWith("name: ");
        assertThatThrownBy(() -> CalendarMode.parse("--mode", "weekdays"))
                .hasMessage("--mode: must be business-days or skip-holidays, got 'weekdays'");
        assertThatThrownBy(() -> BusinessCalendar.parseWeekend("--weekend", "sat,funday"))
                .hasMessage("--weekend: 'funday' is not a day of the week");
        assertThat(new BusinessCalendar("cn", null, SHANGHAI, BusinessCalendar.SATURDAY_SUNDAY, Map.of(), List.of())
                .description()).isEmpty();
    }

    private static ZonedDateTime at(String date, int hour) {
        return ZonedDateTime.of(LocalDate.parse(date), LocalTime.of(hour, 0), SHANGHAI);
    }
}
