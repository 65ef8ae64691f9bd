package io.redcron.node.scheduler;

import io.redcron.calendar.CalendarChange;
import io.redcron.calendar.CalendarDay;
import io.redcron.calendar.CalendarMode;
import io.redcron.domain.Task;
import io.redcron.schedule.FireRules;
import io.redcron.store.mysql.TaskFixtures;
import io.redcron.testkit.InMemoryStores;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** A calendar change reaches the scheduler once its copy is {@link CalendarRules#REFRESH} old. */
class CalendarRulesTest {
    private static final Instant NOW = Instant.parse("2026-09-30T00:00:00Z");
    private static final ZonedDateTime NATIONAL_DAY = ZonedDateTime.of(2026, 10, 1, 9, 0, 0, 0, ZoneOffset.UTC);

    @Test
    void aBindingAppliesFromTheFirstReadAfterTheCopyIsOld() {
        InMemoryStores stores = InMemoryStores.at(NOW);
        String ns = TaskFixtures.freshNamespace();
        Task task = stores.tasks().create(TaskFixtures.shell(ns, "report").build(), "alice");
        stores.calendars().importDays(ns, CalendarChange.named("cn"),
                List.of(CalendarDay.holiday(LocalDate.parse("2026-10-01"), "National Day")), false, "alice");
        CalendarRules rules = new CalendarRules(ns, stores.calendars());
        rules.refresh(NOW);
        assertThat(rules.of(task)).isEqualTo(FireRules.NONE);

        stores.calendars().bind(ns, task.id(), "cn", CalendarMode.SKIP_HOLIDAYS, "alice");
        rules.refresh(NOW.plus(CalendarRules.REFRESH).minusMillis(1));
        assertThat(rules.of(task)).as("the copy is not old yet").isEqualTo(FireRules.NONE);

        rules.refresh(NOW.plus(CalendarRules.REFRESH));
        assertThat(rules.of(task).exclusion().reason(NATIONAL_DAY))
                .contains("calendar cn: 2026-10-01 National Day (holiday)");
        assertThat(rules.of(task).windows()).isEmpty();

        stores.calendars().unbind(ns, task.id(), "alice");
        rules.refresh(NOW.plus(CalendarRules.REFRESH.multipliedBy(2)));
        assertThat(rules.of(task)).isEqualTo(FireRules.NONE);
    }
}
