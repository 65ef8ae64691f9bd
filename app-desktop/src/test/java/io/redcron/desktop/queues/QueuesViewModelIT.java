package io.redcron.desktop.queues;

import io.redcron.desktop.session.SessionAdapters;
import io.redcron.config.MysqlConfig;
import io.redcron.config.Secret;
import io.redcron.desktop.connect.ConnectionProfile;
import io.redcron.desktop.session.Session;
import io.redcron.desktop.session.SessionFactory;
import io.redcron.desktop.ui.Messages;
import io.redcron.desktop.ui.UiExecutor;
import io.redcron.domain.RetryPolicy;
import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.ShellPayload;
import io.redcron.domain.Task;
import io.redcron.domain.TriggerType;
import io.redcron.port.QueuedRun;
import io.redcron.port.RunOutcome;
import io.redcron.schedule.CronDialect;
import io.redcron.store.redis.RedisRunQueue;
import io.redcron.testing.MysqlStores;
import io.redcron.testing.TestRedis;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** The queues screen's model against real Redis and MariaDB, with work run synchronously. */
class QueuesViewModelIT {
    @RegisterExtension
    static final MysqlStores mysql = MysqlStores.freshDatabase();
    private static final MysqlConfig database = mysql.config();

    private Session session;
    private RedisRunQueue queue;
    private Task task;
    private QueuesViewModel model;

    @BeforeEach
    void open() {
        String namespace = TestRedis.freshNamespace();
        session = new SessionFactory("tester", Clock.systemUTC()).open(new ConnectionProfile("t", TestRedis.uri(),
                database.jdbcUrl(), database.user(), namespace), database.password(), Secret.NONE);
        queue = new RedisRunQueue(SessionAdapters.redis(session), SessionAdapters.keys(session));
        task = session.tasks().create(Task.builder().namespace(namespace).name("nightly-report").group("billing")
                .cron("0 2 * * *").dialect(CronDialect.UNIX).zone(ZoneOffset.UTC).retry(RetryPolicy.retries(2))
                .payload(new ShellPayload("false", null, Map.of())).build(), "tester");
        model = new io.redcron.desktop.session.Screens(session, UiExecutor.direct(), new Messages(Locale.ENGLISH)).queues();
    }

    @AfterEach
    void close() {
        session.close();
    }

    @Test
    void showsEachStreamWithItsWaitingAndDeliveredRunsPerWorker() {
        queue.ensureGroups(Set.of("default", "billing"));
        queue.enqueue(List.of(QueuedRun.of("default", 101), QueuedRun.of("default", 102),
                QueuedRun.of("default", 103), QueuedRun.of("billing", 201)));
        queue.read("worker-a", Set.of("default"), 2, Duration.ZERO);
        queue.read("worker-b", Set.of("default"), 1, Duration.ZERO);

        model.load();

        assertThat(model.errorProperty().get()).isEmpty();
        assertThat(model.streams()).containsExactly(
                new StreamRow("billing", 1, 0, ""),
                new StreamRow("default", 3, 3, "worker-a 2, worker-b 1"));
        assertThat(model.pending()).extracting(PendingRow::group, PendingRow::consumer, PendingRow::run,
                PendingRow::deliveries).containsExactly(
                org.assertj.core.groups.Tuple.tuple("default", "worker-a", "101", 1L),
                org.assertj.core.groups.Tuple.tuple("default", "worker-a", "102", 1L),
                org.assertj.core.groups.Tuple.tuple("default", "worker-b", "103", 1L));
        assertThat(model.pending()).allSatisfy(row -> assertThat(row.idleText()).endsWith(" s"));
        assertThat(model.summaryProperty().get()).isEqualTo(
                "2 streams · 4 waiting · 3 delivered, not acknowledged · 0 delayed · 0 dead");
    }

    @Test
    void aRedeliveredEntryCountsItsDeliveries() {
        queue.ensureGroups(Set.of("default"));
        queue.enqueue(List.of(QueuedRun.of("default", 7)));
        queue.read("worker-a", Set.of("default"), 1, Duration.ZERO);
        queue.reclaimIdle("default", "reaper", Duration.ZERO, 10);

        model.load();

        assertThat(model.pending()).singleElement().satisfies(row -> {
            assertThat(row.consumer()).isEqualTo("reaper");
            assertThat(row.deliveries()).isEqualTo(2);
        });
    }

    @Test
    void showsDelayedRunsWithTheirDueTimes() {
        Instant now = Instant.now();
        queue.delay(QueuedRun.of("default", 301), now.plusSeconds(90));
        queue.delay(QueuedRun.of("billing", 302), now.minusSeconds(5));

        model.load();

        assertThat(model.delayed()).extracting(DelayedRow::group, DelayedRow::runId).containsExactly(
                org.assertj.core.groups.Tuple.tuple("billing", 302L),
                org.assertj.core.groups.Tuple.tuple("default", 301L));
        assertThat(model.delayed().get(0).dueText()).endsWith(" overdue)");
        assertThat(model.delayed().get(1).dueText()).matches(".*\\(in 1 min [0-9]+ s\\)");
        assertThat(model.delayed().get(1).due()).isEqualTo(Instant.ofEpochMilli(now.plusSeconds(90).toEpochMilli()));
        assertThat(model.delayedTitleProperty().get()).isEqualTo("Delayed (2)");
    }

    @Test
    void showsDeadRunsNewestFirstWithTheirReason() {
        Instant at = Instant.parse("2026-03-01T10:15:30Z");
        queue.dead(QueuedRun.of("default", 11), "exhausted 3 attempts", at);
        queue.dead(QueuedRun.of("billing", 12), "delivered 10 times", at.plusSeconds(60));

        model.load();

        assertThat(model.dead()).extracting(DeadRow::runId, DeadRow::group, DeadRow::reason, DeadRow::at)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple(12L, "billing", "delivered 10 times", at.plusSeconds(60)),
                        org.assertj.core.groups.Tuple.tuple(11L, "default", "exhausted 3 attempts", at));
        assertThat(model.deadTitleProperty().get()).isEqualTo("Dead (2)");
        assertThat(model.purgeAllQuestion()).startsWith("Remove all 2 dead runs");
    }

    @Test
    void requeueRecordsANewManualRunOfTheTaskQueuesItAndRemovesTheDeadEntry() {
        Run failed = failedRun(Map.of("DAY", "2026-03-01"));
        queue.dead(QueuedRun.of("billing", failed.id()), "exhausted 2 attempts", Instant.now());
        model.load();
        DeadRow dead = model.dead().get(0);

        model.requeue(List.of(dead));

        assertThat(model.errorProperty().get()).isEmpty();
        assertThat(model.dead()).isEmpty();
        assertThat(SessionAdapters.redis(session).xlen(SessionAdapters.keys(session).dead())).isZero();
        Set<Long> waiting = queue.waiting("billing", 10);
        assertThat(waiting).hasSize(1);
        long fresh = waiting.iterator().next();
        assertThat(fresh).isNotEqualTo(failed.id());
        Run run = session.runs().get(fresh).orElseThrow();
        assertThat(run.taskId()).isEqualTo(task.id());
        assertThat(run.trigger()).isEqualTo(TriggerType.MANUAL);
        assertThat(run.status()).isEqualTo(RunStatus.QUEUED);
        assertThat(run.maxAttempts()).isEqualTo(3);
        assertThat(run.params()).isEqualTo(Map.of("DAY", "2026-03-01"));
        assertThat(session.runs().get(failed.id()).orElseThrow().status()).isEqualTo(RunStatus.FAILED);
        assertThat(model.noticeProperty().get().text()).isEqualTo("Run " + failed.id() + " requeued as run " + fresh + ".");
        java.util.List<io.redcron.desktop.runs.RunsPreset> opened = new java.util.ArrayList<>();
        model.openRunsWith(opened::add);
        model.noticeProperty().get().link().action().run();
        assertThat(opened).as("the notice links to the new run").containsExactly(
                io.redcron.desktop.runs.RunsPreset.ofRun(task.name(), fresh));
        assertThat(model.streams()).extracting(StreamRow::group, StreamRow::waiting)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("billing", 1L));
    }

    @Test
    void aRunStillInFlightOrUnknownIsNotRequeuedAndItsEntryStays() {
        Run queued = session.runs().insertManual(task.id(), Instant.now(), 1, Map.of());
        queue.dead(QueuedRun.of("billing", queued.id()), "odd", Instant.now());
        queue.dead(QueuedRun.of("billing", 999_999), "forgotten", Instant.now());
        model.load();

        model.requeue(List.copyOf(model.dead()));

        assertThat(model.errorProperty().get()).isEqualTo("Run 999999 is not in the run history; purge its entry instead."
                + " Run " + queued.id() + " is still QUEUED: not requeued, so that it never runs twice at once.");
        assertThat(model.noticeProperty().get()).isNull();
        assertThat(model.dead()).hasSize(2);
        assertThat(queue.waiting("billing", 10)).isEmpty();
    }

    @Test
    void anEntryRequeuedElsewhereMeanwhileIsNotRequeuedTwice() {
        Run failed = failedRun(Map.of());
        queue.dead(QueuedRun.of("billing", failed.id()), "exhausted", Instant.now());
        model.load();
        DeadRow dead = model.dead().get(0);
        QueuesViewModel other = new io.redcron.desktop.session.Screens(session, UiExecutor.direct(), new Messages(Locale.ENGLISH)).queues();
        other.load();
        other.requeue(List.copyOf(other.dead()));

        model.requeue(List.of(dead));

        assertThat(model.errorProperty().get()).isEqualTo("Run " + failed.id()
                + " was already requeued or purged by someone else.");
        assertThat(queue.waiting("billing", 10)).hasSize(1);
    }

    @Test
    void purgeRemovesTheSelectedEntriesAndPurgeAllTheRest() {
        Instant at = Instant.now();
        queue.dead(QueuedRun.of("default", 21), "a", at);
        queue.dead(QueuedRun.of("default", 22), "b", at);
        queue.dead(QueuedRun.of("default", 23), "c", at);
        model.load();

        model.purge(List.of(model.dead().get(0)));

        assertThat(model.noticeProperty().get().text()).isEqualTo("Removed 1 dead run.");
        assertThat(model.dead()).extracting(DeadRow::runId).containsExactly(22L, 21L);
        assertThat(model.purgeQuestion(2)).isEqualTo(
                "Remove these 2 dead runs from the dead list? Their history in the database stays.");

        model.purgeAll();

        assertThat(model.noticeProperty().get().text()).isEqualTo("Removed 2 dead runs.");
        assertThat(model.dead()).isEmpty();
        assertThat(SessionAdapters.redis(session).exists(SessionAdapters.keys(session).dead())).isFalse();
    }

    @Test
    void aRefreshKeepsRowsThatStayedSoTheirSelectionSurvives() {
        Instant at = Instant.now();
        queue.dead(QueuedRun.of("default", 31), "a", at);
        model.load();
        DeadRow first = model.dead().get(0);

        queue.dead(QueuedRun.of("default", 32), "b", at);
        model.refresh();

        assertThat(model.dead()).hasSize(2);
        assertThat(model.dead().get(1)).isSameAs(first);
    }

    @Test
    void aStoreThatFailsGivesOneReadableLine() {
        session.close();

        model.load();

        assertThat(model.errorProperty().get()).startsWith("Cannot read the queues: ").doesNotContain("\n")
                .doesNotContain("\tat ");
        assertThat(model.busyProperty().get()).isFalse();
    }

    @Test
    void chineseTextForTheSameQueues() {
        queue.delay(QueuedRun.of("default", 41), Instant.now().plusSeconds(30));
        QueuesViewModel chinese = new io.redcron.desktop.session.Screens(session, UiExecutor.direct(), new Messages(Locale.SIMPLIFIED_CHINESE)).queues();

        chinese.load();

        assertThat(chinese.delayedTitleProperty().get()).isEqualTo("延迟 (1)");
        assertThat(chinese.delayed().get(0).dueText()).matches(".*\\([0-9]+ 秒后\\)");
    }

    /** A run of the task that failed its only attempt, as a dead run is in the run store. */
    private Run failedRun(Map<String, String> params) {
        Instant now = Instant.now();
        Run run = session.runs().insertManual(task.id(), now, 1, params);
        Run claimed = session.runs().claim(run.id(), "node-a", now, now.plusSeconds(60)).orElseThrow();
        session.runs().complete(run.id(), claimed.attempt(), RunStatus.RUNNING,
                new RunOutcome(RunStatus.FAILED, now, 1, "", "exit 1"));
        return session.runs().get(run.id()).orElseThrow();
    }
}
