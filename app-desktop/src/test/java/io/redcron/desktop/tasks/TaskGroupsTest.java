package io.redcron.desktop.tasks;

import io.redcron.desktop.ui.Messages;
import io.redcron.domain.RunStatus;
import io.redcron.domain.ShellPayload;
import io.redcron.domain.Task;
import io.redcron.port.GroupCount;
import io.redcron.port.RecentResults;
import io.redcron.port.TaskGrouping;
import io.redcron.schedule.CronDialect;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Headers above the groups of a page: where they go and what they count. */
class TaskGroupsTest {
    private static final Instant NOW = Instant.parse("2026-12-03T09:00:00Z");
    private static final Messages ENGLISH = new Messages(Locale.ENGLISH);
    private long ids;

    private TaskRow row(String group, String owner, boolean enabled, RunStatus last) {
        Task task = Task.builder().id(++ids).namespace("ns").name("t" + ids).group(group).owner(owner).enabled(enabled)
                .cron("0 3 * * *").dialect(CronDialect.UNIX).zone(ZoneOffset.UTC)
                .payload(new ShellPayload("echo", null, Map.of())).build();
        return TaskRow.of(task, NOW, ENGLISH, last == null ? null : new RecentResults(last, NOW, 1, 0));
    }

    @Test
    void withoutGroupingTheLinesAreTheRows() {
        List<TaskRow> rows = List.of(row("etl", "", true, null), row("web", "", true, null));
        assertThat(TaskGroups.lines(rows, null, Map.of())).containsExactlyElementsOf(rows);
    }

    @Test
    void aHeaderPrecedesEachRunOfOneKeyWithTheStoresCountsAndThePagesFailures() {
        TaskRow a = row("etl", "ann", true, RunStatus.FAILED);
        TaskRow b = row("etl", "ann", false, RunStatus.SUCCEEDED);
        TaskRow c = row("web", "zoe", true, RunStatus.TIMED_OUT);
        TaskRow d = row("web", "", true, RunStatus.CANCELLED);

        List<TaskLine> lines = TaskGroups.lines(List.of(a, b, c, d), TaskGrouping.GROUP, Map.of(
                "etl", new GroupCount("etl", 12, 2), "web", new GroupCount("web", 3, 0)));

        assertThat(lines).containsExactly(new GroupHeader(TaskGrouping.GROUP, "etl", 12, 2, 1), a, b,
                new GroupHeader(TaskGrouping.GROUP, "web", 3, 0, 1), c, d);
    }

    @Test
    void byOwnerAnEmptyOwnerIsAGroupToo() {
        TaskRow a = row("etl", "", true, null);
        TaskRow b = row("etl", "ann", true, null);

        List<TaskLine> lines = TaskGroups.lines(List.of(a, b), TaskGrouping.OWNER, Map.of(
                "", new GroupCount("", 1, 0), "ann", new GroupCount("ann", 5, 1)));

        assertThat(lines).containsExactly(new GroupHeader(TaskGrouping.OWNER, "", 1, 0, 0), a,
                new GroupHeader(TaskGrouping.OWNER, "ann", 5, 1, 0), b);
    }

    @Test
    void aGroupTheCountsDoNotKnowYetIsCountedFromThePage() {
        TaskRow a = row("new", "", false, null);
        assertThat(TaskGroups.lines(List.of(a), TaskGrouping.GROUP, Map.of()))
                .containsExactly(new GroupHeader(TaskGrouping.GROUP, "new", 1, 1, 0), a);
    }
}
