package io.redcron.testkit;

import static io.redcron.store.mysql.TaskFixtures.shell;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.redcron.calendar.Blackout;
import io.redcron.calendar.BusinessCalendar;
import io.redcron.calendar.CalendarBinding;
import io.redcron.calendar.CalendarChange;
import io.redcron.calendar.CalendarDay;
import io.redcron.calendar.CalendarInUseException;
import io.redcron.calendar.CalendarMode;
import io.redcron.calendar.ChinaCalendar2026;
import io.redcron.calendar.UnknownCalendarException;
import io.redcron.domain.MisfirePolicy;
import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.Task;
import io.redcron.format.CsvCalendarReader;
import io.redcron.port.AuditEntry;
import io.redcron.port.AuditLog;
import io.redcron.port.CalendarStore;
import io.redcron.port.PageRequest;
import io.redcron.port.RunFilter;
import io.redcron.port.RunStore;
import io.redcron.port.TaskNotFoundException;
import io.redcron.port.TaskStore;
import io.redcron.store.mysql.TaskFixtures;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.DayOfWeek;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;

/**
 * What every {@link CalendarStore} must do, and what a task change does with a task's calendar;
 * one subclass per backend supplies the stores. Each test works in a namespace of its own.
 */
public abstract class CalendarContract {
    private static final ZoneId SHANGHAI = ChinaCalendar2026.SHANGHAI;
    /** The day before China's National Day holiday, 2026. */
    private static final Instant START = Instant.parse("2026-09-30T00:00:00Z");

    protected final ManualClock clock = new ManualClock(START);
    protected TaskStore tasks;
    protected RunStore runs;
    protected CalendarStore calendars;
    protected AuditLog audit;
    protected String ns;

    /** Stores over one fresh database (or one set of in-memory tables), reading {@code clock}. */
    protected abstract void openStores(Clock clock);

    @BeforeEach
    void setUpContract() {
        openStores(clock);
        ns = TaskFixtures.freshNamespace();
    }

    @Test
    void anImportCreatesTheCalendarAndReplacesOnlyTheYearsItCovers() {
        calendars.importDays(ns, new CalendarChange("cn", "China", SHANGHAI, null),
                List.of(CalendarDay.holiday(LocalDate.parse("2025-10-01"), "National Day"),
                        CalendarDay.holiday(LocalDate.parse("2026-01-02"), "stale")), false, "alice");

        CalendarStore.ImportResult result = calendars.importDays(ns, CalendarChange.named("cn"), china(), false, "bob");

        assertThat(result.holidays()).isEqualTo(33);
        assertThat(result.workdays()).isEqualTo(6);
        assertThat(result.years()).containsExactly(2026);
        assertThat(result.removed()).isOne();
        BusinessCalendar cn = calendars.calendar(ns, "cn").orElseThrow();
        assertThat(cn.description()).isEqualTo("China");
        assertThat(cn.zone()).isEqualTo(SHANGHAI);
        assertThat(cn.weekend()).isEqualTo(BusinessCalendar.SATURDAY_SUNDAY);
        assertThat(cn.year(2026)).hasSize(39).containsAll(china());
        assertThat(cn.year(2025)).as("another year stays").hasSize(1);
        assertThat(cn.isBusinessDay(LocalDate.parse("2026-10-10"))).isTrue();
        assertThat(cn.isHoliday(LocalDate.parse("2026-01-02"))).as("the stale entry is the file's now").isTrue();
        assertThat(cn.entry(LocalDate.parse("2026-01-02")).orElseThrow().name()).isEqualTo("元旦");
        assertThat(actions("calendar:cn")).containsExactlyInAnyOrder("calendar.create by alice",
                "calendar.import by alice", "calendar.import by bob");

        CalendarStore.ImportResult replaced = calendars.importDays(ns, CalendarChange.named("cn"),
                List.of(CalendarDay.holiday(LocalDate.parse("2027-01-01"), "元旦")), true, "bob");
        assertThat(replaced.years()).containsExactlyInAnyOrder(2025, 2026, 2027);
        assertThat(replaced.removed()).isEqualTo(40);
        assertThat(calendars.calendar(ns, "cn").orElseThrow().days()).hasSize(1);
    }

    @Test
    void aChangeSetsTheWeekendZoneAndDescriptionAndIsAudited() {
        calendars.change(ns, CalendarChange.named("ae"), "alice");
        BusinessCalendar changed = calendars.change(ns, new CalendarChange("ae", "Gulf office", ZoneId.of("Asia/Dubai"),
                EnumSet.of(DayOfWeek.FRIDAY, DayOfWeek.SATURDAY)), "bob");
        calendars.change(ns, CalendarChange.named("ae"), "carol");

        assertThat(calendars.calendar(ns, "ae")).contains(changed);
        assertThat(changed.weekend()).containsExactlyInAnyOrder(DayOfWeek.FRIDAY, DayOfWeek.SATURDAY);
        assertThat(changed.zone()).isEqualTo(ZoneId.of("Asia/Dubai"));
        assertThat(calendars.calendars(ns)).extracting(BusinessCalendar::name).containsExactly("ae");
        assertThat(calendars.calendars(TaskFixtures.freshNamespace())).isEmpty();
        assertThat(actions("calendar:ae")).as("a change that changes nothing is not audited")
                .containsExactlyInAnyOrder("calendar.create by alice", "calendar.change by bob");
        assertThatThrownBy(() -> calendars.change(ns, CalendarChange.named("ae"), " "))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("actor:");
    }

    @Test
    void blackoutsAreAddedWithAnIdAndRemovedByIt() {
        calendars.change(ns, new CalendarChange("ops", null, SHANGHAI, null), "alice");
        Blackout freeze = calendars.addBlackout(ns, "ops", Blackout.once("release freeze", SHANGHAI,
                LocalDateTime.parse("2026-12-20T00:00"), LocalDateTime.parse("2027-01-03T00:00")), "alice");
        Blackout weekends = calendars.addBlackout(ns, "ops", Blackout.repeating("weekend freeze", SHANGHAI,
                "0 18 * * 5", Duration.ofHours(62)), "alice");

        assertThat(freeze.id()).isPositive();
        assertThat(weekends.id()).isNotEqualTo(freeze.id());
        assertThat(calendars.calendar(ns, "ops").orElseThrow().blackouts()).containsExactly(freeze, weekends);
        assertThat(calendars.removeBlackout(ns, "ops", freeze.id(), "bob")).isTrue();
        assertThat(calendars.removeBlackout(ns, "ops", freeze.id(), "bob")).isFalse();
        assertThat(calendars.calendar(ns, "ops").orElseThrow().blackouts()).containsExactly(weekends);
        assertThat(actions("calendar:ops")).contains("calendar.blackout.add by alice", "calendar.blackout.remove by bob");
        assertThatThrownBy(() -> calendars.addBlackout(ns, "nope", weekends, "alice"))
                .isInstanceOf(UnknownCalendarException.class).hasMessageContaining("no calendar 'nope'");
    }

    @Test
    void aTaskFollowsOneCalendarUntilUnbound() {
        calendars.importDays(ns, new CalendarChange("cn", null, SHANGHAI, null), china(), false, "alice");
        calendars.change(ns, CalendarChange.named("ops"), "alice");
        Task task = tasks.create(shell(ns, "report").build(), "alice");

        calendars.bind(ns, task.id(), "cn", CalendarMode.SKIP_HOLIDAYS, "alice");
        calendars.bind(ns, task.id(), "ops", CalendarMode.BUSINESS_DAYS, "bob");

        assertThat(calendars.binding(ns, task.id())).contains(new CalendarBinding(task.id(), "ops",
                CalendarMode.BUSINESS_DAYS));
        assertThat(calendars.bindings(ns)).containsOnlyKeys(task.id());
        assertThat(calendars.binding(TaskFixtures.freshNamespace(), task.id())).isEmpty();
        assertThat(calendars.unbind(ns, task.id(), "bob")).isTrue();
        assertThat(calendars.unbind(ns, task.id(), "bob")).isFalse();
        assertThat(calendars.binding(ns, task.id())).isEmpty();
        assertThat(actions("task:" + task.id())).contains("task.calendar.bind by alice", "task.calendar.bind by bob",
                "task.calendar.unbind by bob");
        assertThatThrownBy(() -> calendars.bind(ns, task.id(), "nope", CalendarMode.BUSINESS_DAYS, "alice"))
                .isInstanceOf(UnknownCalendarException.class);
        assertThatThrownBy(() -> calendars.bind(ns, 999_999_999L, "cn", CalendarMode.BUSINESS_DAYS, "alice"))
                .isInstanceOf(TaskNotFoundException.class);
        assertThatThrownBy(() -> calendars.bind(TaskFixtures.freshNamespace(), task.id(), "cn",
                CalendarMode.BUSINESS_DAYS, "alice")).as("a task of another namespace").isInstanceOf(TaskNotFoundException.class);
    }

    @Test
    void aCalendarIsNotDeletedWhileTasksFollowIt() {
        calendars.change(ns, CalendarChange.named("cn"), "alice");
        Task report = tasks.create(shell(ns, "report").build(), "alice");
        Task backup = tasks.create(shell(ns, "backup").build(), "alice");
        calendars.bind(ns, report.id(), "cn", CalendarMode.BUSINESS_DAYS, "alice");
        calendars.bind(ns, backup.id(), "cn", CalendarMode.SKIP_HOLIDAYS, "alice");

        assertThatThrownBy(() -> calendars.delete(ns, "cn", "alice")).isInstanceOf(CalendarInUseException.class)
                .hasMessage("calendar: 'cn' is followed by tasks backup, report; unbind them first");

        calendars.unbind(ns, report.id(), "alice");
        tasks.delete(backup.id(), "alice");
        calendars.delete(ns, "cn", "alice");

        assertThat(calendars.calendar(ns, "cn")).isEmpty();
        assertThat(actions("calendar:cn")).contains("calendar.delete by alice");
        assertThatThrownBy(() -> calendars.delete(ns, "cn", "alice")).isInstanceOf(UnknownCalendarException.class);
    }

    /**
     * A daily 09:00 task in Shanghai that follows China's business days, changed after no
     * scheduler ran over the National Day holiday: the change records the fires it missed, the
     * holidays and the Sunday skipped with the calendar's reason, the make-up Saturday run.
     */
    @Test
    void aTaskChangeRecordsTheMissedFiresUnderTheTasksCalendar() {
        calendars.importDays(ns, new CalendarChange("cn", null, SHANGHAI, null), china(), false, "alice");
        Task task = tasks.create(shell(ns, "report").cron("0 9 * * *").zone(SHANGHAI)
                .misfirePolicy(MisfirePolicy.CATCH_UP).catchUpLimit(100).build(), "alice");
        calendars.bind(ns, task.id(), "cn", CalendarMode.BUSINESS_DAYS, "alice");
        clock.set(Instant.parse("2026-10-11T06:00:00Z"));

        tasks.update(task.toBuilder().cron("0 10 * * *").build(), "alice");

        List<Run> fires = runs.list(RunFilter.all(ns).forTask(task.id()), PageRequest.first(100)).items().stream()
                .sorted(Comparator.comparing(Run::scheduledAt)).toList();
        assertThat(fires).extracting(run -> run.scheduledAt().atZone(SHANGHAI).toLocalDate().toString() + " "
                + run.status()).containsExactly("2026-09-30 QUEUED", "2026-10-01 SKIPPED", "2026-10-02 SKIPPED",
                "2026-10-03 SKIPPED", "2026-10-04 SKIPPED", "2026-10-05 SKIPPED", "2026-10-06 SKIPPED",
                "2026-10-07 SKIPPED", "2026-10-08 QUEUED", "2026-10-09 QUEUED", "2026-10-10 QUEUED",
                "2026-10-11 SKIPPED");
        assertThat(fires.get(1).error()).isEqualTo("calendar cn: 2026-10-01 国庆节 (holiday)");
        assertThat(fires.get(11).error()).isEqualTo("calendar cn: Sunday is not a business day");
        assertThat(fires).filteredOn(run -> run.status() == RunStatus.SKIPPED).hasSize(8);
    }

    private static List<CalendarDay> china() {
        return new CsvCalendarReader().read(ChinaCalendar2026.resource("cn-2026.csv"));
    }

    private List<String> actions(String subject) {
        return audit.list(ns, subject, PageRequest.first(50)).items().stream()
                .map((AuditEntry entry) -> entry.action() + " by " + entry.actor()).toList();
    }
}
