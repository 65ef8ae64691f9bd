package io.redcron.desktop.calendars;

import io.redcron.calendar.BusinessCalendar;
import io.redcron.calendar.ChinaCalendar2026;
import io.redcron.desktop.ui.Messages;
import org.junit.jupiter.api.Test;

import java.time.DayOfWeek;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;

import static org.assertj.core.api.Assertions.assertThat;

/** One calendar's year as the calendars window lists it, in English and Chinese. */
class CalendarYearTest {
    private final BusinessCalendar china = ChinaCalendar2026.calendar();

    @Test
    void listsTheYearsEntriesInDateOrderWithTheirDayAndKind() {
        List<CalendarYear.Day> days = new CalendarYear(new Messages(Locale.ENGLISH)).days(china, 2026);

        assertThat(days).hasSize(39);
        assertThat(days.get(0)).isEqualTo(new CalendarYear.Day("2026-01-01", "Thu", "Holiday", "元旦", true));
        assertThat(days.get(3)).isEqualTo(new CalendarYear.Day("2026-01-04", "Sun", "Make-up workday", "元旦 补班", false));
        assertThat(days).extracting(CalendarYear.Day::date).isSorted();
        assertThat(new CalendarYear(new Messages(Locale.ENGLISH)).days(china, 2027)).isEmpty();
    }

    @Test
    void theSummaryGivesTheZoneWeekendAndCountsOfTheYear() {
        assertThat(new CalendarYear(new Messages(Locale.ENGLISH)).summary(china, 2026)).isEqualTo(
                "Zone Asia/Shanghai; weekend: Saturday, Sunday; 33 holidays and 6 make-up workdays in 2026");
        assertThat(new CalendarYear(new Messages(Locale.ENGLISH)).summary(china.withWeekend(EnumSet.noneOf(DayOfWeek.class)),
                2027)).isEqualTo("Zone Asia/Shanghai; weekend: none; 0 holidays and 0 make-up workdays in 2027");
    }

    @Test
    void chineseNamesTheKindsAndDays() {
        CalendarYear chinese = new CalendarYear(new Messages(Locale.SIMPLIFIED_CHINESE));

        assertThat(chinese.days(china, 2026).get(3).kind()).isEqualTo("调休上班");
        assertThat(chinese.days(china, 2026).get(3).dayOfWeek()).isEqualTo("周日");
        assertThat(chinese.summary(china, 2026)).isEqualTo("时区 Asia/Shanghai；周末：星期六, 星期日；2026 年有 33 个节假日、6 个调休上班日");
    }
}
