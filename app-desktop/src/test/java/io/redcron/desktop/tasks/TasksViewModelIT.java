package io.redcron.desktop.tasks;

import io.redcron.config.MysqlConfig;
import io.redcron.config.Secret;
import io.redcron.desktop.connect.ConnectionProfile;
import io.redcron.desktop.session.Screens;
import io.redcron.desktop.session.Session;
import io.redcron.desktop.session.SessionFactory;
import io.redcron.desktop.ui.Messages;
import io.redcron.desktop.ui.UiExecutor;
import io.redcron.domain.ShellPayload;
import io.redcron.domain.Task;
import io.redcron.port.TaskFacet;
import io.redcron.port.TaskGrouping;
import io.redcron.schedule.CronDialect;
import io.redcron.testing.MysqlStores;
import io.redcron.testing.TestRedis;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Clock;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The tasks list's grouping, owner filter and completions against MySQL and Redis, as the app opens them. */
class TasksViewModelIT {
    @RegisterExtension
    static final MysqlStores mysql = MysqlStores.freshDatabase();
    private static final MysqlConfig database = mysql.config();

    private Session session;
    private TasksViewModel list;

    @BeforeEach
    void open() {
        session = new SessionFactory("tester", Clock.systemUTC()).open(new ConnectionProfile("t", TestRedis.uri(),
                database.jdbcUrl(), database.user(), TestRedis.freshNamespace()), database.password(), Secret.NONE);
        list = new Screens(session, UiExecutor.direct(), new Messages(Locale.ENGLISH)).tasks();
    }

    @AfterEach
    void close() {
        session.close();
    }

    private void task(String name, String group, String owner, boolean enabled) {
        session.tasks().create(Task.builder().namespace(session.namespace()).name(name).group(group).owner(owner)
                .enabled(enabled).cron("0 3 * * *").dialect(CronDialect.UNIX).zone(ZoneOffset.UTC)
                .payload(new ShellPayload("echo hi", null, Map.of())).build(), "test");
    }

    /** 60 tasks whose names interleave three groups: sorted by name alone, no group would be contiguous. */
    @Test
    void groupedTheGroupsStayTogetherAcrossPagesAndHeadersCountTheWholeGroup() {
        String[] groups = {"alpha", "beta", "gamma"};
        for (int i = 0; i < 60; i++) {
            task(String.format("task-%02d", i), groups[i % 3], "", i % 10 != 0);
        }

        list.groupBy(GroupBy.GROUP);
        List<TaskLine> first = List.copyOf(list.lines());
        list.nextPage();
        List<TaskLine> second = List.copyOf(list.lines());

        assertThat(first).filteredOn(GroupHeader.class::isInstance).containsExactly(
                new GroupHeader(TaskGrouping.GROUP, "alpha", 20, 2, 0),
                new GroupHeader(TaskGrouping.GROUP, "beta", 20, 2, 0),
                new GroupHeader(TaskGrouping.GROUP, "gamma", 20, 2, 0));
        assertThat(list.headerText((GroupHeader) first.get(0))).isEqualTo("alpha \u2014 20 tasks, 2 disabled");
        assertThat(second).as("gamma goes on from the first page, under its own header again").hasSize(11)
                .first().isEqualTo(new GroupHeader(TaskGrouping.GROUP, "gamma", 20, 2, 0));
        List<String> groupOrder = new ArrayList<>();
        for (List<TaskLine> page : List.of(first, second)) {
            page.stream().filter(TaskRow.class::isInstance).map(line -> ((TaskRow) line).group()).forEach(groupOrder::add);
        }
        assertThat(groupOrder).hasSize(60).isSorted();
        assertThat(list.statusProperty().get()).isEqualTo("51-60 of 60");
    }

    @Test
    void theOwnerFilterMatchesPartOfTheOwnerInAnyCaseAndGroupingByOwnerCountsPerOwner() {
        task("load-orders", "etl", "Ann Lee", true);
        task("load-users", "etl", "zoe", false);
        task("serve-api", "web", "ann", true);

        list.ownerProperty().set("ANN");
        assertThat(list.rows()).extracting(TaskRow::name).containsExactly("load-orders", "serve-api");

        list.ownerProperty().set("");
        list.groupBy(GroupBy.OWNER);
        assertThat(list.lines()).extracting(line -> line instanceof GroupHeader header ? list.headerText(header)
                : ((TaskRow) line).name()).containsExactly("Ann Lee \u2014 1 task", "load-orders", "ann \u2014 1 task",
                "serve-api", "zoe \u2014 1 task, 1 disabled", "load-users");
    }

    @Test
    void completionsAreTheValuesInUseThatContainTheText() {
        task("load-orders", "etl", "Ann Lee", true);
        task("serve-api", "web", "ann", true);
        session.tasks().create(Task.builder().namespace(session.namespace()).name("labelled").labels(Map.of("team", "ops"))
                .cron("0 3 * * *").dialect(CronDialect.UNIX).zone(ZoneOffset.UTC)
                .payload(new ShellPayload("echo hi", null, Map.of())).build(), "test");
        List<List<String>> shown = new ArrayList<>();

        list.suggest(TaskFacet.GROUP, "E", shown::add);
        list.suggest(TaskFacet.OWNER, "an", shown::add);
        list.suggest(TaskFacet.LABEL, "op", shown::add);

        assertThat(shown).containsExactly(List.of("default", "etl", "web"), List.of("Ann Lee", "ann"), List.of("team=ops"));
    }
}
