package io.redcron.desktop.session;

import io.redcron.config.Secret;
import io.redcron.desktop.audit.AuditViewModel;
import io.redcron.desktop.cluster.ClusterViewModel;
import io.redcron.desktop.cluster.EpochSource;
import io.redcron.desktop.connect.ConnectionProfile;
import io.redcron.desktop.dashboard.DashboardViewModel;
import io.redcron.desktop.queues.QueuesViewModel;
import io.redcron.desktop.runs.RunsViewModel;
import io.redcron.desktop.session.Screens;
import io.redcron.desktop.runs.TriggerViewModel;
import io.redcron.desktop.tasks.TasksViewModel;
import io.redcron.desktop.ui.Messages;
import io.redcron.desktop.ui.UiExecutor;
import io.redcron.domain.NodeInfo;
import io.redcron.domain.NodeRole;
import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.ShellPayload;
import io.redcron.domain.Task;
import io.redcron.port.AuditEntry;
import io.redcron.port.EventBus;
import io.redcron.port.PageRequest;
import io.redcron.port.QueuedRun;
import io.redcron.port.RunOutcome;
import io.redcron.port.TaskFilter;
import io.redcron.schedule.CronDialect;
import io.redcron.store.redis.RedisLeaderLease;
import io.redcron.store.redis.RedisNodeRegistry;
import io.redcron.store.redis.RedisRunQueue;
import io.redcron.testing.LockedDownStores;
import io.redcron.testing.LockedDownStores.Role;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.StreamEntryID;
import redis.clients.jedis.params.XAddParams;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The viewer of installers/sql/roles.sql and installers/redis/users.acl, signed in to the desktop
 * app: every screen shows what an administrator put there, and every change is refused, by MySQL
 * and by Redis alike. The operator, signed in the same way, can make the changes the app offers,
 * and each is audited under the operator's database account, whatever name the app gives.
 */
class StoreRolesIT {
    private static final String NAMESPACE = "locked";
    private static final Messages ENGLISH = new Messages(Locale.ENGLISH);

    @TempDir
    static Path dir;
    static LockedDownStores stores;
    static Session admin;
    static Session viewer;
    static Task task;
    static Run finished;

    @BeforeAll
    static void seed() {
        stores = LockedDownStores.start(dir);
        admin = open("admin", stores.redisAdminUri(), "root", Secret.NONE, Secret.NONE);
        task = admin.tasks().create(Task.builder().namespace(NAMESPACE).name("nightly-report").group("billing")
                .cron("0 2 * * *").dialect(CronDialect.UNIX).zone(ZoneOffset.UTC)
                .payload(new ShellPayload("echo report", null, Map.of())).build(), "admin");
        Instant now = Instant.now();
        finished = admin.runs().insertManual(task.id(), now.minusSeconds(60), 1, Map.of());
        admin.runs().claim(finished.id(), "node-a", now.minusSeconds(59), now.plusSeconds(30));
        admin.runs().complete(finished.id(), 1, RunStatus.RUNNING,
                new RunOutcome(RunStatus.FAILED, now.minusSeconds(58), 1, "the report output\n", "exit code 1", null));
        admin.audit("run.trigger", "run:" + finished.id(), null, "{}");
        admin.epochs().advance(NAMESPACE, "node-a:1");

        RedisRunQueue queue = new RedisRunQueue(admin.redis(), admin.keys());
        queue.ensureGroups(Set.of("billing"));
        queue.enqueue(List.of(QueuedRun.of("billing", 901), QueuedRun.of("billing", 902)));
        queue.read("worker-a", Set.of("billing"), 1, Duration.ZERO);
        queue.delay(QueuedRun.of("billing", 903), now.plusSeconds(600));
        queue.dead(QueuedRun.of("billing", finished.id()), "no attempts left", now);
        new RedisLeaderLease(admin.redis(), admin.keys()).tryAcquire("node-a:1", Duration.ofMinutes(5));
        new RedisNodeRegistry(admin.redis(), admin.keys()).heartbeat(new NodeInfo("node-a", "host-a", 42, "1.0",
                Set.of(NodeRole.SCHEDULER, NodeRole.WORKER), Set.of("billing"), 4, 1, now, now), Duration.ofMinutes(5));

        viewer = open("viewer", stores.redisUri(Role.VIEWER), Role.VIEWER.databaseUser(), Role.VIEWER.password(),
                Role.VIEWER.password());
    }

    @AfterAll
    static void close() {
        for (AutoCloseable closeable : new AutoCloseable[] {viewer, admin, stores}) {
            try {
                if (closeable != null) {
                    closeable.close();
                }
            } catch (Exception e) {
                // the next one still closes
            }
        }
    }

    @Test
    void theViewerSeesTasksRunsAndRunOutput() {
        TasksViewModel tasks = new Screens(viewer, UiExecutor.direct(), ENGLISH).tasks();
        tasks.load();
        RunsViewModel runs = new Screens(viewer, UiExecutor.direct(), ENGLISH).runs(ZoneOffset.UTC);
        runs.load();
        runs.select(runs.rows().stream().filter(row -> row.run().id() == finished.id()).findFirst().orElseThrow());

        assertThat(tasks.errorProperty().get()).isEmpty();
        assertThat(tasks.rows()).extracting(row -> row.name()).containsExactly("nightly-report");
        assertThat(runs.errorProperty().get()).isEmpty();
        assertThat(runs.outputProperty().get()).contains("the report output");
    }

    @Test
    void theViewerSeesQueuesDelayedAndDeadRuns() {
        QueuesViewModel queues = new io.redcron.desktop.session.Screens(viewer, UiExecutor.direct(), ENGLISH).queues();
        queues.load();

        assertThat(queues.errorProperty().get()).isEmpty();
        assertThat(queues.streams()).hasSize(1);
        assertThat(queues.pending()).hasSize(1);
        assertThat(queues.delayed()).hasSize(1);
        assertThat(queues.dead()).hasSize(1);
    }

    @Test
    void theViewerSeesTheLeaderItsEpochAndTheNodes() {
        ClusterViewModel cluster = new Screens(viewer, UiExecutor.direct(), ENGLISH).cluster(
                new EpochSource(() -> viewer.epochs().current(NAMESPACE)));
        cluster.load();

        assertThat(cluster.errorProperty().get()).isEmpty();
        assertThat(cluster.leaderProperty().get()).isEqualTo("node-a");
        assertThat(cluster.epochProperty().get()).startsWith("1, taken by node-a:1");
        assertThat(cluster.nodes()).hasSize(1);
    }

    @Test
    void theViewerSeesStatisticsAndTheAuditLog() {
        DashboardViewModel dashboard = new DashboardViewModel(viewer.statistics(), NAMESPACE, Clock.systemUTC(),
                UiExecutor.direct(), ENGLISH, ZoneOffset.UTC);
        dashboard.load();
        AuditViewModel audit = new Screens(viewer, UiExecutor.direct(), ENGLISH).audit();
        audit.load();

        assertThat(dashboard.errorProperty().get()).isEmpty();
        assertThat(dashboard.failing()).hasSize(1);
        assertThat(audit.errorProperty().get()).isEmpty();
        assertThat(audit.entries()).extracting(entry -> entry.action()).contains("task.create", "run.trigger");
    }

    @Test
    void everyDatabaseWriteOfTheViewerIsRefusedByTheDatabase() {
        Task another = task.toBuilder().id(null).name("sneaky").build();
        Run waiting = admin.runs().insertManual(task.id(), Instant.now(), 1, Map.of());

        assertRefusedByMysql(() -> viewer.tasks().create(another, "viewer"));
        assertRefusedByMysql(() -> viewer.tasks().update(task.toBuilder().description("changed").build(), "viewer"));
        assertRefusedByMysql(() -> viewer.tasks().setEnabled(task.id(), false, "viewer"));
        assertRefusedByMysql(() -> viewer.tasks().delete(task.id(), "viewer"));
        assertRefusedByMysql(() -> viewer.runs().insertManual(task.id(), Instant.now(), 1, Map.of()));
        assertRefusedByMysql(() -> viewer.runs().requestCancel(waiting.id(), Instant.now(), "viewer"));
        assertRefusedByMysql(() -> viewer.audit("run.trigger", "run:1", null, "{}"));
        assertRefusedByMysql(() -> viewer.epochs().advance(NAMESPACE, "viewer"));

        assertThat(admin.tasks().get(task.id())).hasValueSatisfying(kept -> {
            assertThat(kept.enabled()).isTrue();
            assertThat(kept.description()).isEqualTo(task.description());
        });
        assertThat(admin.tasks().list(TaskFilter.all(NAMESPACE), new PageRequest(0, 10)).items()).hasSize(1);
        assertThat(admin.runs().get(waiting.id())).hasValueSatisfying(run -> assertThat(run.status()).isEqualTo(RunStatus.QUEUED));
    }

    @Test
    void theScreensReportTheRefusalAndChangeNothing() {
        TasksViewModel tasks = new Screens(viewer, UiExecutor.direct(), ENGLISH).tasks();
        tasks.load();
        tasks.delete(java.util.List.of(tasks.rows().get(0)));
        QueuesViewModel queues = new io.redcron.desktop.session.Screens(viewer, UiExecutor.direct(), ENGLISH).queues();
        queues.load();
        queues.purgeAll();

        assertThat(tasks.errorProperty().get()).isNotEmpty();
        assertThat(queues.errorProperty().get()).isNotEmpty();
        assertThat(admin.tasks().get(task.id())).isPresent();
        assertThat(admin.redis().xlen(admin.keys().dead())).isEqualTo(1);
    }

    /**
     * The workflow screens on a viewer's account: it reads the workflows, and each change it tries
     * is shown as the database's refusal, and nothing is stored.
     */
    @Test
    void theWorkflowScreensShowTheViewersRefusalAndStoreNothing() {
        admin.workflows().add(io.redcron.workflow.Workflow.of(admin.namespace(), "made-by-an-operator",
                java.util.List.of(new io.redcron.workflow.Step("only", io.redcron.workflow.StepTarget.task(task.name()),
                        java.util.Map.of(), io.redcron.workflow.Join.ALL, java.util.List.of()))));
        Screens screens = new Screens(viewer, UiExecutor.direct(), ENGLISH);
        io.redcron.desktop.workflows.WorkflowsViewModel list = screens.workflows();
        list.refresh();
        assertThat(list.errorProperty().get()).isEmpty();
        assertThat(list.workflows()).hasSize(1);

        io.redcron.desktop.workflows.WorkflowEditorViewModel editor = screens.workflowEditor();
        editor.startNew();
        editor.nameProperty().set("made-by-a-viewer");
        editor.steps().get(0).targetProperty().set(task.name());
        assertThat(editor.validProperty().get()).isTrue();
        editor.save(saved -> { throw new AssertionError("saved by a viewer: " + saved); });

        assertThat(editor.saveErrorProperty().get()).startsWith("Not saved: ");
        assertThat(admin.workflows().list()).extracting(io.redcron.workflow.Workflow::name)
                .containsExactly("made-by-an-operator");
    }

    @Test
    void theViewerReadsRetentionAndPinsAndEachChangeItTriesShowsTheDatabasesRefusal() {
        admin.retention().pin(finished.id(), "evidence", "admin");
        try {
            io.redcron.desktop.retention.RetentionViewModel retention =
                    new Screens(viewer, UiExecutor.direct(), ENGLISH).retention();
            retention.forNamespace();
            assertThat(retention.errorProperty().get()).isEmpty();
            assertThat(retention.pinnedProperty().get()).isEqualTo("1 pinned run stays whatever its age.");
            retention.fields().get(0).textProperty().set("7");
            retention.save();
            assertThat(retention.errorProperty().get()).containsPattern("command denied|denied to user")
                    .doesNotContain("\n");

            RunsViewModel runs = new Screens(viewer, UiExecutor.direct(), ENGLISH).runs(ZoneOffset.UTC);
            runs.load();
            selectRun(runs, finished.id());
            assertThat(runs.pinTextProperty().get()).startsWith("Pinned by admin on ").endsWith(" \u2014 evidence");
            runs.unpin();
            assertThat(runs.errorProperty().get()).containsPattern("command denied|denied to user")
                    .doesNotContain("\n");

            assertThat(admin.retention().settings(NAMESPACE).namespace())
                    .isEqualTo(io.redcron.domain.RetentionPolicy.INHERIT);
            assertThat(admin.retention().pin(finished.id())).isPresent();
        } finally {
            admin.retention().unpin(finished.id(), "admin");
        }
    }

    @Test
    void theViewerSeesTheMaintenanceBannerAndPausingOrResumingShowsTheDatabasesRefusal() {
        io.redcron.domain.MaintenanceWindow window = admin.maintenanceWindows().open(NAMESPACE,
                new io.redcron.domain.MaintenanceWindow.Request("billing", null, null,
                        io.redcron.domain.MisfirePolicy.SKIP, "ledger migration"), "admin");
        try {
            io.redcron.desktop.maintenance.MaintenanceBannerViewModel banner =
                    new Screens(viewer, UiExecutor.direct(), ENGLISH).maintenanceBanner();
            banner.load();
            assertThat(banner.lines()).singleElement().satisfies(line -> assertThat(line.text())
                    .startsWith("Paused: group billing until resumed \u2014 ledger migration"));
            banner.resume(banner.lines().get(0));
            assertThat(banner.errorProperty().get()).startsWith("Could not resume window " + window.id() + ": ")
                    .containsPattern("command denied|denied to user").doesNotContain("\n");
            assertThat(banner.lines()).as("still paused").hasSize(1);

            io.redcron.desktop.maintenance.PauseViewModel pause =
                    new Screens(viewer, UiExecutor.direct(), ENGLISH).pause();
            pause.reasonProperty().set("viewer tries");
            assertThat(pause.pause(opened -> { })).as("the values were right: sent").isTrue();
            assertThat(pause.errorProperty().get()).startsWith("Could not pause: ")
                    .containsPattern("command denied|denied to user").doesNotContain("\n");

            assertThat(admin.maintenanceWindows().recent(NAMESPACE, 10)).singleElement()
                    .satisfies(kept -> assertThat(kept.resumedAt()).isNull());
        } finally {
            admin.maintenanceWindows().resume(NAMESPACE, window.id(), "admin");
        }
    }

    @Test
    void theViewerReadsTheCalendarsAndEachChangeItTriesShowsTheDatabasesRefusal() {
        admin.calendars().change(NAMESPACE, new io.redcron.calendar.CalendarChange("ops", null, ZoneOffset.UTC, null),
                "admin");
        try {
            io.redcron.desktop.calendars.CalendarsViewModel calendars =
                    new Screens(viewer, UiExecutor.direct(), ENGLISH).calendars();
            calendars.refresh();
            assertThat(calendars.errorProperty().get()).isEmpty();
            assertThat(calendars.calendars()).extracting(io.redcron.calendar.BusinessCalendar::name).containsExactly("ops");
            assertThat(calendars.selectedProperty().get().name()).isEqualTo("ops");

            calendars.blackoutNameProperty().set("release freeze");
            calendars.blackoutFromProperty().set("2026-12-20T00:00");
            calendars.blackoutToProperty().set("2027-01-03T00:00");
            calendars.addBlackout();
            assertThat(calendars.errorProperty().get()).containsPattern("command denied|denied to user")
                    .doesNotContain("\n");
            calendars.deleteSelected();
            assertThat(calendars.errorProperty().get()).containsPattern("command denied|denied to user");

            assertThat(admin.calendars().calendar(NAMESPACE, "ops").orElseThrow().blackouts()).isEmpty();
        } finally {
            admin.calendars().delete(NAMESPACE, "ops", "admin");
        }
    }

    @Test
    void everyRedisWriteOfTheViewerIsRefusedByRedis() {
        UnifiedJedis redis = viewer.redis();
        String stream = viewer.keys().stream("billing");

        assertRefusedByRedis(() -> redis.xadd(stream, XAddParams.xAddParams(), Map.of("run", "1")));
        assertRefusedByRedis(() -> redis.xdel(viewer.keys().dead(), new StreamEntryID(0, 1)));
        assertRefusedByRedis(() -> redis.del(viewer.keys().dead()));
        assertRefusedByRedis(() -> redis.zadd(viewer.keys().delayed(), 1, "billing|1"));
        assertRefusedByRedis(() -> redis.set(viewer.keys().leader(), "viewer"));
        assertRefusedByRedis(() -> redis.hset(viewer.keys().node("fake"), "host", "x"));
        assertRefusedByRedis(() -> redis.publish(viewer.keys().events(), "cancel:1"));
        assertRefusedByRedis(() -> redis.eval("return redis.call('DEL', KEYS[1])", List.of(viewer.keys().dead()), List.of()));
        assertRefusedByRedis(() -> redis.flushAll());
        assertRefusedByRedis(() -> redis.get("not-redcron"));

        assertThat(admin.redis().xlen(admin.keys().dead())).isEqualTo(1);
        assertThat(admin.redis().zcard(admin.keys().delayed())).isEqualTo(1);
        assertThat(admin.redis().get(admin.keys().leader())).isEqualTo("node-a:1");
    }

    /**
     * Every change the app offers, made by the operator user: each is allowed, and each audit entry
     * carries the operator's database account, written by the database, beside the name the app gave.
     */
    @Test
    void theOperatorCanMakeTheChangesTheAppOffersAndEachIsAuditedUnderItsDatabaseAccount() {
        Instant now = Instant.now();
        Run running = admin.runs().insertManual(task.id(), now, 1, Map.of());
        admin.runs().claim(running.id(), "node-a", now, now.plusSeconds(300));
        Run deadRun = admin.runs().insertManual(task.id(), now.minusSeconds(30), 1, Map.of());
        admin.runs().changeIdle(deadRun.id(), RunStatus.QUEUED, RunStatus.FAILED, "no attempts left", now);
        new RedisRunQueue(admin.redis(), admin.keys()).dead(QueuedRun.of("billing", deadRun.id()), "no attempts left", now);
        try (Session operator = open("operator", stores.redisUri(Role.OPERATOR), Role.OPERATOR.databaseUser(),
                Role.OPERATOR.password(), Role.OPERATOR.password())) {
            Task created = operator.tasks().create(task.toBuilder().id(null).name("operators-task").build(), "operator");
            operator.tasks().update(created.toBuilder().description("edited").cron("0 3 * * *").labels(Map.of("tier", "gold"))
                    .payload(new ShellPayload("echo edited", null, Map.of("MODE", "full"))).build(), "operator");
            operator.tasks().setEnabled(created.id(), false, "operator");
            operator.tasks().setEnabled(created.id(), true, "operator");

            RunsViewModel runs = new Screens(operator, UiExecutor.direct(), ENGLISH).runs(ZoneOffset.UTC);
            TriggerViewModel trigger = new Screens(operator, UiExecutor.direct(), ENGLISH).trigger();
            trigger.taskNameProperty().set("operators-task");
            assertThat(trigger.submit(runs::triggered)).isTrue();
            assertThat(trigger.errorProperty().get()).isEmpty();
            selectRun(runs, finished.id());
            runs.retry();
            assertThat(runs.errorProperty().get()).isEmpty();
            Run waiting = operator.runs().insertManual(created.id(), Instant.now(), 1, Map.of());
            selectRun(runs, waiting.id());
            runs.cancel();
            assertThat(runs.errorProperty().get()).isEmpty();
            // A running run, as the runs screen stops one: marked in MySQL, its node told through Redis.
            assertThat(operator.runs().requestCancel(running.id(), Instant.now(), "cancelled by operator"))
                    .hasValueSatisfying(run -> assertThat(run.status()).isEqualTo(RunStatus.RUNNING));
            operator.audit("run.cancel", "run:" + running.id(), null, "{}");
            operator.redis().publish(operator.keys().events(),
                    new EventBus.Event(EventBus.Event.Kind.CANCEL_RUN, running.id()).encode());

            QueuesViewModel queues = new io.redcron.desktop.session.Screens(operator, UiExecutor.direct(), ENGLISH).queues();
            queues.load();
            queues.requeue(queues.dead().stream().filter(row -> row.runId() == deadRun.id()).toList());
            assertThat(queues.errorProperty().get()).isEmpty();
            operator.tasks().delete(created.id(), "operator");

            assertThat(operator.tasks().get(created.id())).isEmpty();
            assertThat(admin.runs().get(waiting.id())).hasValueSatisfying(run ->
                    assertThat(run.status()).isEqualTo(RunStatus.CANCELLED));
            assertThat(admin.runs().renewLease(running.id(), 1, "node-a", Instant.now().plusSeconds(300)))
                    .as("a run asked to stop keeps no lease").isFalse();
            assertRefusedByMysql(() -> operator.epochs().advance(NAMESPACE, "operator"));
            assertRefusedByRedis(() -> operator.redis().set(operator.keys().leader(), "operator"));
        }

        List<AuditEntry> byOperator = admin.audit().list(NAMESPACE, null, new PageRequest(0, 200)).items().stream()
                .filter(entry -> entry.actor().equals("operator")).toList();
        assertThat(byOperator).extracting(AuditEntry::action).contains("task.create", "task.update", "task.disable",
                "task.enable", "run.trigger", "run.retry", "run.cancel", "dead.requeue", "task.delete");
        assertThat(byOperator).allSatisfy(entry -> assertThat(entry.databaseAccount())
                .startsWith(Role.OPERATOR.databaseUser() + "@"));
    }

    /** The app names whoever it likes; the database records who signed in. */
    @Test
    void anOperatorNamingSomeoneElseIsStillRecordedUnderTheOperatorsDatabaseAccount() {
        try (Session impostor = open("root", stores.redisUri(Role.OPERATOR), Role.OPERATOR.databaseUser(),
                Role.OPERATOR.password(), Role.OPERATOR.password())) {
            impostor.audit("run.cancel", "run:424242", null, "{}");
        }

        AuditEntry entry = admin.audit().list(NAMESPACE, "run:424242", PageRequest.first(1)).items().get(0);
        assertThat(entry.actor()).isEqualTo("root");
        assertThat(entry.databaseAccount()).startsWith(Role.OPERATOR.databaseUser() + "@").doesNotStartWith("root@");
    }

    private static void selectRun(RunsViewModel runs, long runId) {
        runs.load();
        runs.select(runs.rows().stream().filter(row -> row.run().id() == runId).findFirst().orElseThrow());
    }

    private static void assertRefusedByMysql(Executable write) {
        assertThatThrownBy(write::execute).satisfies(error -> assertThat(causes(error))
                .as("refused by the database").containsPattern("command denied|denied to user"));
    }

    private static void assertRefusedByRedis(Executable write) {
        assertThatThrownBy(write::execute).satisfies(error -> assertThat(causes(error))
                .as("refused by Redis").contains("NOPERM"));
    }

    private static String causes(Throwable error) {
        StringBuilder text = new StringBuilder();
        for (Throwable cause = error; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            text.append(cause.getMessage()).append(" | ");
        }
        return text.toString();
    }

    private static Session open(String who, String redisUri, String dbUser, Secret dbPassword, Secret redisPassword) {
        return new SessionFactory(who, Clock.systemUTC()).open(new ConnectionProfile(who, redisUri, stores.jdbcUrl(),
                dbUser, NAMESPACE), dbPassword, redisPassword);
    }
}
