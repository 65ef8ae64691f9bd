package io.redcron.format;

import io.redcron.calendar.CalendarDay;
import io.redcron.calendar.ChinaCalendar2026;
import io.redcron.calendar.DayKind;
import io.redcron.calendar.InvalidCalendarException;
import org.junit.jupiter.api.Test;

import java.time.LocalDate;
import java.util.List;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class CalendarReadersTest {

    @Test
    void anIcsFileGivesEachDayOfItsAllDayEventsWithDtendExcluded() {
        IcsCalendarReader.Result result = new IcsCalendarReader(null).read(ChinaCalendar2026.resource("cn-2026.ics"));

        assertThat(result.days()).filteredOn(day -> day.kind() == DayKind.HOLIDAY).hasSize(33);
        assertThat(result.days()).filteredOn(day -> day.kind() == DayKind.WORKDAY).extracting(CalendarDay::date)
                .extracting(LocalDate::toString).containsExactlyInAnyOrder("2026-01-04", "2026-02-14", "2026-02-28",
                        "2026-05-09", "2026-09-20", "2026-10-10");
        // 春节 runs from DTSTART 02-15 to DTEND 02-24: the 23rd is its last day.
        assertThat(result.days()).contains(CalendarDay.holiday(LocalDate.parse("2026-02-23"), "春节"))
                .doesNotContain(CalendarDay.holiday(LocalDate.parse("2026-02-24"), "春节"));
        assertThat(result.timedEventsLeftOut()).isOne();
    }

    @Test
    void theIcsAndCsvFixturesHoldTheSameDays() {
        List<CalendarDay> ics = new IcsCalendarReader(null).read(ChinaCalendar2026.resource("cn-2026.ics")).days();
        List<CalendarDay> csv = new CsvCalendarReader().read(ChinaCalendar2026.resource("cn-2026.csv"));

        assertThat(ics).containsExactlyInAnyOrderElementsOf(csv);
    }

    @Test
    void workdaysCanBeMarkedByAnotherPattern() {
        String ics = """
                BEGIN:VCALENDAR\r
                VERSION:2.0\r
                PRODID:test\r
                BEGIN:VEVENT\r
                UID:1\r
                DTSTAMP:20260101T000000Z\r
                DTSTART;VALUE=DATE:20261010\r
                SUMMARY:Working Saturday\r
                END:VEVENT\r
                END:VCALENDAR\r
                """;

        assertThat(new IcsCalendarReader(Pattern.compile("(?i)working")).read(ics).days())
                .containsExactly(CalendarDay.workday(LocalDate.parse("2026-10-10"), "Working Saturday"));
        assertThat(new IcsCalendarReader(null).read(ics).days()).extracting(CalendarDay::kind)
                .containsExactly(DayKind.HOLIDAY);
    }

    @Test
    void icsErrorsNameTheEvent() {
        String repeating = """
                BEGIN:VCALENDAR\r
                VERSION:2.0\r
                PRODID:test\r
                BEGIN:VEVENT\r
                UID:1\r
                DTSTAMP:20260101T000000Z\r
                DTSTART;VALUE=DATE:20261225\r
                RRULE:FREQ=YEARLY\r
                SUMMARY:Christmas\r
                END:VEVENT\r
                END:VCALENDAR\r
                """;
        String backwards = repeating.replace("RRULE:FREQ=YEARLY", "DTEND;VALUE=DATE:20261224");

        assertThatThrownBy(() -> new IcsCalendarReader(null).read(repeating))
                .isInstanceOf(InvalidCalendarException.class).hasMessageStartingWith("event 1 'Christmas': repeats");
        assertThatThrownBy(() -> new IcsCalendarReader(null).read(backwards))
                .hasMessageStartingWith("event 1 'Christmas': ends (DTEND) on or before it starts");
        assertThatThrownBy(() -> new IcsCalendarReader(null).read("date,kind,name\n"))
                .hasMessageStartingWith("ics: ");
    }

    @Test
    void csvErrorsNameTheLine() {
        CsvCalendarReader csv = new CsvCalendarReader();

        assertThatThrownBy(() -> csv.read("date,kind,name\n2026-10-01,holiday,National Day\n2026-13-01,holiday,x\n"))
                .isInstanceOf(InvalidCalendarException.class)
                .hasMessage("line 3: date: '2026-13-01' is not a date (YYYY-MM-DD)");
        assertThatThrownBy(() -> csv.read("date,kind,name\n2026-10-01,vacation,National Day\n"))
                .hasMessage("line 2: kind: must be holiday or workday, got 'vacation'");
        assertThatThrownBy(() -> csv.read("day,type\n2026-10-01,holiday\n"))
                .hasMessageStartingWith("line 1: the header must be date,kind,name");
        assertThatThrownBy(() -> csv.read("date,kind,name\n2026-10-10,workday,x\n2026-10-10,holiday,y\n"))
                .hasMessage("line 3: 2026-10-10 is a holiday here but a workday in line 2");
        assertThat(csv.read("date,kind\n2026-10-10, WORKDAY \n"))
                .containsExactly(CalendarDay.workday(LocalDate.parse("2026-10-10"), ""));
    }
}
