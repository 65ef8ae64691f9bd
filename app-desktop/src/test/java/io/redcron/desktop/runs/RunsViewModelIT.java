package io.redcron.desktop.runs;

import io.redcron.desktop.session.SessionAdapters;
import io.redcron.config.MysqlConfig;
import io.redcron.desktop.session.Screens;
import io.redcron.desktop.session.Session;
import io.redcron.desktop.ui.Messages;
import io.redcron.desktop.ui.UiExecutor;
import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.Task;
import io.redcron.domain.TriggerType;
import io.redcron.port.EventBus;
import io.redcron.port.PageRequest;
import io.redcron.port.RunFilter;
import io.redcron.config.RedisConfig;
import io.redcron.config.Secret;
import io.redcron.store.redis.RedisEventBus;
import io.redcron.testing.MysqlStores;
import io.redcron.testing.TestRedis;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.params.XAddParams;
import redis.clients.jedis.resps.StreamEntry;

import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** The runs screen's view-model against real stores, with the UI executor running everything at once. */
class RunsViewModelIT {
    @RegisterExtension
    static final MysqlStores mysql = MysqlStores.freshDatabase();
    private static final MysqlConfig database = mysql.config();

    private Session session;
    private RunFixtures fixtures;
    private RunsViewModel model;
    private Instant day;

    @BeforeEach
    void open() {
        session = RunFixtures.openSession(database);
        fixtures = RunFixtures.in(session);
        model = new Screens(session, UiExecutor.direct(), new Messages(Locale.ENGLISH)).runs(ZoneOffset.UTC);
        day = Instant.now().truncatedTo(ChronoUnit.DAYS).minus(Duration.ofDays(10));
    }

    /** The trigger view's model as the app wires it, opened from the runs screen with nothing selected. */
    private TriggerViewModel triggerForm() {
        TriggerViewModel form = new Screens(session, UiExecutor.direct(), new Messages(Locale.ENGLISH)).trigger();
        form.reset(model.selectedTaskName());
        return form;
    }

    @AfterEach
    void close() {
        model.stopFollowing();
        session.close();
    }

    @Test
    void listsNewestFirstAndFiltersByTaskStatusTriggerAndDates() {
        Task backup = fixtures.task("backup");
        Task report = fixtures.task("report");
        Run first = fixtures.ended(fixtures.queued(backup, day.plus(Duration.ofHours(3))), RunStatus.SUCCEEDED, 0, "ok\n");
        Run second = fixtures.ended(fixtures.queued(backup, day.plus(Duration.ofDays(1)).plus(Duration.ofHours(3))),
                RunStatus.FAILED, 2, "boom\n");
        Run other = fixtures.queued(report, day.plus(Duration.ofDays(2)).plus(Duration.ofHours(3)));
        Run manual = session.runs().insertManual(backup.id(), Instant.now(), 1, Map.of());

        model.load();
        assertThat(ids()).containsExactly(manual.id(), other.id(), second.id(), first.id());
        assertThat(model.statusProperty().get()).isEqualTo("1-4 of 4");
        RunRow failed = model.rows().get(2);
        assertThat(failed.task()).isEqualTo("backup");
        assertThat(failed.status()).isEqualTo("Failed");
        assertThat(failed.statusStyle()).isEqualTo("run-status-failed");
        assertThat(failed.trigger()).isEqualTo("Schedule");
        assertThat(failed.attempt()).isEqualTo("1/1");
        assertThat(failed.node()).isEqualTo("node-1");
        assertThat(failed.exitCode()).isEqualTo("2");
        assertThat(failed.scheduled()).endsWith("03:00:00 +00:00");

        model.taskNameProperty().set("backup");
        model.filtersChanged();
        assertThat(ids()).containsExactly(manual.id(), second.id(), first.id());

        model.statuses().addAll(Set.of(RunStatus.SUCCEEDED, RunStatus.FAILED));
        model.filtersChanged();
        assertThat(ids()).containsExactly(second.id(), first.id());

        model.statuses().clear();
        model.triggerProperty().set(RunsViewModel.TriggerChoice.MANUAL);
        model.filtersChanged();
        assertThat(ids()).containsExactly(manual.id());

        model.taskNameProperty().set("");
        model.triggerProperty().set(RunsViewModel.TriggerChoice.CRON);
        LocalDate secondDay = LocalDate.ofInstant(day, ZoneOffset.UTC).plusDays(1);
        model.fromProperty().set(secondDay);
        model.toProperty().set(secondDay.plusDays(1));
        model.filtersChanged();
        assertThat(ids()).containsExactly(other.id(), second.id());
        assertThat(model.errorProperty().get()).isEmpty();
    }

    @Test
    void aTaskFilterNoNameContainsOrAnEmptyDateRangeIsSaidInOneLine() {
        fixtures.queued(fixtures.task("backup"), day);

        model.taskNameProperty().set("nope");
        model.filtersChanged();
        assertThat(model.rows()).isEmpty();
        assertThat(model.statusProperty().get()).isEqualTo("No task name contains 'nope'.");
        assertThat(model.errorProperty().get()).isEmpty();

        model.taskNameProperty().set("");
        model.fromProperty().set(LocalDate.of(2026, 3, 2));
        model.toProperty().set(LocalDate.of(2026, 3, 1));
        model.filtersChanged();
        assertThat(model.errorProperty().get()).isEqualTo("The start date is after the end date.");
    }

    @Test
    void theTaskFilterListsTheRunsOfEveryTaskWhoseNameContainsItWhateverItsCase() {
        Task backup = fixtures.task("backup");
        Task nightly = fixtures.task("nightly-BACKUP");
        Task report = fixtures.task("report");
        Run first = fixtures.queued(backup, day);
        Run second = fixtures.queued(nightly, day.plus(Duration.ofHours(1)));
        fixtures.queued(report, day.plus(Duration.ofHours(2)));

        model.taskNameProperty().set("Back");
        model.filtersChanged();

        assertThat(ids()).containsExactly(second.id(), first.id());
        assertThat(model.statusProperty().get()).isEqualTo("1-2 of 2");

        model.completion().typed("ack");
        assertThat(model.completion().names()).containsExactly("backup", "nightly-BACKUP");
        model.chooseTask("nightly-BACKUP");
        assertThat(model.completion().names()).isEmpty();
        assertThat(model.taskNameProperty().get()).isEqualTo("nightly-BACKUP");
        assertThat(ids()).containsExactly(second.id());

        // A name another screen sends is a whole name, until the operator types in the field.
        model.open(RunsPreset.ofTask("backup"));
        assertThat(ids()).containsExactly(first.id());
        model.taskNameProperty().set("backu");
        model.filtersChanged();
        assertThat(ids()).containsExactly(second.id(), first.id());
    }

    @Test
    void aRefreshChangesTheRowsInPlaceAndAnnouncesNewerRunsWithoutInsertingThem() {
        Task backup = fixtures.task("backup");
        Task report = fixtures.task("report");
        Run older = fixtures.queued(backup, day);
        Run newer = fixtures.queued(report, day.plus(Duration.ofHours(1)));
        model.load();
        model.select(model.rows().get(1));

        fixtures.ended(older, RunStatus.FAILED, 3, "boom\n");
        List<Run> later = new ArrayList<>();
        for (int i = 2; i < 14; i++) {
            later.add(fixtures.queued(i % 2 == 0 ? backup : report, day.plus(Duration.ofHours(i))));
        }
        // Another task firing at the same moment as the newest run shown, recorded after it.
        Run sameMoment = fixtures.queued(fixtures.task("audit"), day.plus(Duration.ofHours(1)));
        model.taskNameProperty().set("r"); // typed, not applied: the refresh keeps the list's own filter
        model.refresh();

        assertThat(ids()).containsExactly(newer.id(), older.id());
        assertThat(model.rows().get(1).status()).isEqualTo("Failed");
        assertThat(model.selectedProperty().get().id()).isEqualTo(older.id());
        assertThat(model.selectedProperty().get().status()).isEqualTo("Failed");
        assertThat(model.newRunsTextProperty().get()).isEqualTo("13 new runs \u2014");

        model.taskNameProperty().set("");
        model.showNewRuns();
        assertThat(model.rows()).hasSize(15);
        assertThat(ids()).contains(sameMoment.id()).containsAll(later.stream().map(Run::id).toList());
        assertThat(model.newRunsTextProperty().get()).isEmpty();

        model.refresh();
        assertThat(model.newRunsTextProperty().get()).isEmpty();
        assertThat(model.selectedProperty().get().id()).isEqualTo(older.id());
    }

    @Test
    void aRefreshOnALaterPageMovesNoRow() {
        Task task = fixtures.task("hourly");
        for (int i = 0; i < 60; i++) {
            fixtures.queued(task, day.plus(Duration.ofHours(i)));
        }
        model.load();
        model.nextPage();
        List<Long> shown = ids();

        for (int i = 60; i < 65; i++) {
            fixtures.queued(task, day.plus(Duration.ofHours(i)));
        }
        model.refresh();

        assertThat(ids()).isEqualTo(shown);
        assertThat(model.newRunsTextProperty().get()).isEmpty();
    }

    @Test
    void hiddenTasksAreLeftOutUntilShownAgain() {
        Task noisy = fixtures.task("every-10s");
        Task backup = fixtures.task("nightly-backup");
        for (int i = 0; i < 5; i++) {
            fixtures.queued(noisy, day.plus(Duration.ofSeconds(10L * i)));
        }
        Run mine = fixtures.queued(backup, day);
        model.load();
        assertThat(model.rows()).hasSize(6);

        model.hideTaskOf(model.rows().get(0));

        assertThat(ids()).containsExactly(mine.id());
        assertThat(model.hiddenTasks()).extracting(HiddenTasks.Task::name).containsExactly("every-10s");
        model.taskNameProperty().set("-"); // in both names: the hidden one still left out
        model.filtersChanged();
        assertThat(ids()).containsExactly(mine.id());

        model.showTask(noisy.id());
        assertThat(model.rows()).hasSize(6);
        assertThat(model.hiddenTasks()).isEmpty();
    }

    @Test
    void inEachTasksZoneEveryRowShowsItsOwnTasksZone() {
        Task shanghai = session.tasks().create(Task.builder().namespace(session.namespace()).name("in-shanghai")
                .cron("0 3 * * *").dialect(io.redcron.schedule.CronDialect.UNIX).zone(java.time.ZoneId.of("Asia/Shanghai"))
                .payload(new io.redcron.domain.ShellPayload("echo hi", null, Map.of())).build(), "test");
        Task utc = fixtures.task("in-utc");
        fixtures.queued(shanghai, day.plus(Duration.ofHours(1)));
        fixtures.queued(utc, day);
        Messages inTaskZones = new Messages(Locale.ENGLISH, new io.redcron.desktop.ui.TimeDisplay(
                io.redcron.desktop.ui.TimeDisplay.Mode.TASK, java.time.ZoneId.of("America/New_York")));
        RunsViewModel screen = new Screens(session, UiExecutor.direct(), inTaskZones).runs();

        screen.load();

        assertThat(screen.rows().get(0).scheduled()).endsWith("09:00:00 +08:00");
        assertThat(screen.rows().get(1).scheduled()).endsWith("00:00:00 +00:00");
        assertThat(screen.header("runs.column.scheduled")).isEqualTo("Scheduled (task zone)");
    }

    @Test
    void pagesFiftyRunsAtATime() {
        Task task = fixtures.task("hourly");
        for (int i = 0; i < 120; i++) {
            fixtures.queued(task, day.plus(Duration.ofHours(i)));
        }

        model.load();
        assertThat(model.rows()).hasSize(50);
        assertThat(model.totalProperty().get()).isEqualTo(120);
        assertThat(model.statusProperty().get()).isEqualTo("1-50 of 120");
        assertThat(model.rows().get(0).scheduled()).startsWith(
                LocalDate.ofInstant(day.plus(Duration.ofHours(119)), ZoneOffset.UTC).toString());

        model.nextPage();
        assertThat(model.statusProperty().get()).isEqualTo("51-100 of 120");
        model.nextPage();
        assertThat(model.rows()).hasSize(20);
        assertThat(model.statusProperty().get()).isEqualTo("101-120 of 120");
        assertThat(model.hasNextPage()).isFalse();
        model.nextPage();
        assertThat(model.pageProperty().get()).isEqualTo(2);

        model.previousPage();
        assertThat(model.statusProperty().get()).isEqualTo("51-100 of 120");
        model.filtersChanged();
        assertThat(model.pageProperty().get()).isZero();
    }

    @Test
    void retryOfAnEndedRunQueuesANewManualRunWithTheSameParameters() {
        Task task = fixtures.task("backup");
        Run failed = fixtures.ended(session.runs().insertManual(task.id(), Instant.now(), 1, Map.of("DAY", "2026-11-30")),
                RunStatus.FAILED, 1, "no disk\n");
        model.load();
        model.select(model.rows().get(0));
        assertThat(model.canRetryProperty().get()).isTrue();
        assertThat(model.canCancelProperty().get()).isFalse();

        model.retry();

        List<Run> runs = session.runs().list(RunFilter.all(session.namespace()), PageRequest.first(10)).items();
        assertThat(runs).hasSize(2);
        Run again = runs.stream().filter(r -> r.id() != failed.id()).findFirst().orElseThrow();
        assertThat(again.trigger()).isEqualTo(TriggerType.MANUAL);
        assertThat(again.status()).isEqualTo(RunStatus.QUEUED);
        assertThat(again.params()).isEqualTo(Map.of("DAY", "2026-11-30"));
        assertThat(queued(again.group())).contains(again.id());
        assertThat(model.noticeProperty().get().text()).isEqualTo("Run " + again.id() + " of task backup is queued.");
        assertThat(model.rows()).hasSize(2);
        assertThat(model.errorProperty().get()).isEmpty();
    }

    @Test
    void cancelOfAQueuedRunRecordsItCancelled() {
        Run waiting = fixtures.queued(fixtures.task("backup"), day);
        model.load();
        model.select(model.rows().get(0));
        assertThat(model.canCancelProperty().get()).isTrue();
        assertThat(model.cancelQuestion()).startsWith("Cancel run " + waiting.id() + " of task backup (Queued)?");

        model.cancel();

        Run after = session.runs().get(waiting.id()).orElseThrow();
        assertThat(after.status()).isEqualTo(RunStatus.CANCELLED);
        assertThat(after.error()).isEqualTo("cancelled by tester");
        assertThat(model.noticeProperty().get().text()).isEqualTo("Run " + waiting.id() + " is cancelled.");
        assertThat(model.rows().get(0).runStatus()).isEqualTo(RunStatus.CANCELLED);
        assertThat(model.selectedProperty().get().runStatus()).isEqualTo(RunStatus.CANCELLED);
        assertThat(model.canCancelProperty().get()).isFalse();
    }

    @Test
    void cancelOfARunningRunAsksItsNodeToStopIt() throws Exception {
        Run running = fixtures.running(fixtures.queued(fixtures.task("backup"), day));
        List<EventBus.Event> events = Collections.synchronizedList(new ArrayList<>());
        RedisEventBus bus = new RedisEventBus(SessionAdapters.redis(session), SessionAdapters.keys(session),
                RedisConfig.fromUri(TestRedis.uri(), Secret.NONE, Duration.ofSeconds(5)));
        try (AutoCloseable subscription = bus.subscribe(events::add)) {
            await().atMost(Duration.ofSeconds(10)).until(() -> subscribers() > 0);
            // Its node has already closed its live output: choosing it does not start a long tail.
            xadd(SessionAdapters.keys(session).log(running.id()), Map.of("end", "1"));
            model.load();
            model.select(model.rows().get(0));
            assertThat(model.followingProperty().get()).isFalse();

            model.cancel();

            await().atMost(Duration.ofSeconds(10)).until(() -> !events.isEmpty());
        }
        assertThat(events).containsExactly(new EventBus.Event(EventBus.Event.Kind.CANCEL_RUN, running.id()));
        assertThat(session.runs().get(running.id()).orElseThrow().status()).isEqualTo(RunStatus.RUNNING);
        assertThat(model.noticeProperty().get().text()).isEqualTo("Run " + running.id()
                + " is running: its node was asked to stop it.");
    }

    @Test
    void triggerRecordsAManualRunWithItsParametersAndQueuesIt() {
        fixtures.task("backup");
        TriggerViewModel form = triggerForm();
        form.taskNameProperty().set("backup");
        form.params().get(0).nameProperty().set("DAY");
        form.params().get(0).valueProperty().set("2026-11-30");
        ParamRow mode = form.addParam();
        mode.nameProperty().set("MODE");
        mode.valueProperty().set("full run");
        form.addParam();
        AtomicBoolean closed = new AtomicBoolean();

        assertThat(form.submit(run -> {
            model.triggered(run);
            closed.set(true);
        })).isTrue();

        assertThat(closed).isTrue();
        List<Run> runs = session.runs().list(RunFilter.all(session.namespace()), PageRequest.first(10)).items();
        assertThat(runs).hasSize(1);
        Run run = runs.get(0);
        assertThat(run.trigger()).isEqualTo(TriggerType.MANUAL);
        assertThat(run.params()).isEqualTo(Map.of("DAY", "2026-11-30", "MODE", "full run"));
        assertThat(queued(run.group())).containsExactly(run.id());
        assertThat(model.noticeProperty().get().text()).isEqualTo("Run " + run.id() + " of task backup is queued.");
        assertThat(model.rows()).extracting(RunRow::id).containsExactly(run.id());
        assertThat(session.audit().list(session.namespace(), "run:" + run.id(), PageRequest.first(5)).items())
                .singleElement().satisfies(entry -> {
                    assertThat(entry.action()).isEqualTo("run.trigger");
                    assertThat(entry.actor()).isEqualTo(session.operator());
                    assertThat(entry.after()).contains("\"DAY\"").doesNotContain("2026-11-30");
                });
    }

    @Test
    void aBadParameterNameIsShownAtItsRowAndNothingIsRecorded() {
        fixtures.task("backup");
        TriggerViewModel form = triggerForm();
        form.taskNameProperty().set("backup");
        form.params().get(0).nameProperty().set("GOOD");
        ParamRow bad = form.addParam();
        bad.nameProperty().set("1DAY");
        bad.valueProperty().set("x");
        ParamRow twice = form.addParam();
        twice.nameProperty().set("GOOD");
        AtomicBoolean closed = new AtomicBoolean();

        assertThat(form.submit(run -> {
            model.triggered(run);
            closed.set(true);
        })).isFalse();

        assertThat(closed).isFalse();
        assertThat(form.params().get(0).errorProperty().get()).isEmpty();
        assertThat(bad.errorProperty().get()).startsWith("'1DAY' is not a parameter name");
        assertThat(twice.errorProperty().get()).isEqualTo("'GOOD' is given twice.");
        assertThat(session.runs().list(RunFilter.all(session.namespace()), PageRequest.first(10)).total()).isZero();

        form.params().setAll(new ParamRow("DAY", "1"));
        form.taskNameProperty().set("missing");
        assertThat(form.submit(run -> {
            model.triggered(run);
            closed.set(true);
        })).isTrue();
        assertThat(closed).isFalse();
        assertThat(form.errorProperty().get()).isEqualTo("There is no task 'missing' in this namespace.");

        form.taskNameProperty().set(" ");
        assertThat(form.submit(run -> {
            model.triggered(run);
            closed.set(true);
        })).isFalse();
        assertThat(form.taskErrorProperty().get()).isEqualTo("Name the task to run.");
        assertThat(session.runs().list(RunFilter.all(session.namespace()), PageRequest.first(10)).total()).isZero();
    }

    @Test
    @Timeout(30)
    void liveTailShowsTheCurrentAttemptsOutputAsItComesAndStopsAtItsEnd() {
        Run running = fixtures.running(fixtures.queued(fixtures.task("backup"), day));
        String log = SessionAdapters.keys(session).log(running.id());
        // An earlier attempt's output and end marker, then the current attempt's first chunk.
        xadd(log, Map.of("out", "old attempt\n"));
        xadd(log, Map.of("end", "1"));
        xadd(log, Map.of("out", "first\n"));
        AtomicBoolean written = new AtomicBoolean();
        List<String> shown = new ArrayList<>();
        RunsViewModel[] holder = new RunsViewModel[1];
        // Runs each step at once, like direct(); once "first" is shown, the node writes more.
        UiExecutor scripted = new UiExecutor() {
            @Override
            public <T> void submit(Callable<T> work, Consumer<T> onSuccess, Consumer<Throwable> onFailure) {
                if (holder[0] != null && holder[0].outputProperty().get().equals("first\n")
                        && written.compareAndSet(false, true)) {
                    xadd(log, Map.of("out", "second\n"));
                    xadd(log, Map.of("end", "1"));
                }
                UiExecutor.direct().submit(work, onSuccess, onFailure);
            }
        };
        RunsViewModel live = new Screens(session, scripted, new Messages(Locale.ENGLISH)).runs(ZoneOffset.UTC);
        holder[0] = live;
        live.outputProperty().addListener((o, old, text) -> shown.add(text));
        live.load();

        live.select(live.rows().get(0));

        assertThat(written).isTrue();
        assertThat(shown).containsExactly("first\n", "first\nsecond\n");
        assertThat(live.followingProperty().get()).isFalse();
        assertThat(live.selectedProperty().get().id()).isEqualTo(running.id());
    }

    @Test
    @Timeout(30)
    void choosingAnotherRunStopsFollowingTheFirst() {
        Task task = fixtures.task("backup");
        Run done = fixtures.ended(fixtures.queued(task, day), RunStatus.SUCCEEDED, 0, "stored output\n");
        fixtures.running(fixtures.queued(task, day.plus(Duration.ofHours(1))));
        AtomicInteger reads = new AtomicInteger();
        RunsViewModel[] holder = new RunsViewModel[1];
        // Nothing is written to the running run's stream: after a few empty reads, choose the other run.
        UiExecutor scripted = new UiExecutor() {
            @Override
            public <T> void submit(Callable<T> work, Consumer<T> onSuccess, Consumer<Throwable> onFailure) {
                RunsViewModel live = holder[0];
                if (live != null && live.followingProperty().get() && reads.incrementAndGet() == 3) {
                    live.select(live.rows().stream().filter(r -> r.id() == done.id()).findFirst().orElseThrow());
                }
                UiExecutor.direct().submit(work, onSuccess, onFailure);
            }
        };
        RunsViewModel live = new Screens(session, scripted, new Messages(Locale.ENGLISH)).runs(ZoneOffset.UTC);
        holder[0] = live;
        live.load();

        live.select(live.rows().get(0));

        assertThat(reads.get()).isEqualTo(3);
        assertThat(live.followingProperty().get()).isFalse();
        assertThat(live.selectedProperty().get().id()).isEqualTo(done.id());
        assertThat(live.outputProperty().get()).isEqualTo("stored output\n");
    }

    @Test
    void theListCarriesNoOutputAndTheChosenRunsOutputIsReadOnceOnItsOwn() {
        Task task = fixtures.task("backup");
        Run done = fixtures.ended(fixtures.queued(task, day), RunStatus.FAILED, 1, "x".repeat(50_000) + "\nboom\n");
        AtomicInteger submitted = new AtomicInteger();
        UiExecutor counting = new UiExecutor() {
            @Override
            public <T> void submit(Callable<T> work, Consumer<T> onSuccess, Consumer<Throwable> onFailure) {
                submitted.incrementAndGet();
                UiExecutor.direct().submit(work, onSuccess, onFailure);
            }
        };
        RunsViewModel screen = new Screens(session, counting, new Messages(Locale.ENGLISH)).runs(ZoneOffset.UTC);
        screen.load();
        assertThat(screen.rows()).singleElement().satisfies(row -> assertThat(row.run().output()).isNull());

        screen.select(screen.rows().get(0));
        assertThat(screen.outputProperty().get()).isEqualTo(done.output()).endsWith("\nboom\n");
        int afterSelect = submitted.get();
        screen.refresh();

        assertThat(submitted.get()).as("a refresh reads the page again, not the unchanged run's output")
                .isEqualTo(afterSelect + 1);
        assertThat(screen.outputProperty().get()).endsWith("\nboom\n");
    }

    @Test
    void aRunIsPinnedWithANoteTheDetailsSayByWhomAndItIsUnpinnedAgain() {
        Run done = fixtures.ended(fixtures.queued(fixtures.task("backup"), day), RunStatus.FAILED, 1, "boom\n");
        Run other = fixtures.queued(fixtures.task("report"), day.plus(Duration.ofHours(1)));
        model.load();
        model.select(rowOf(done.id()));
        assertThat(model.pinProperty().get()).isNull();
        assertThat(model.canPinProperty().get()).isTrue();
        assertThat(model.pinQuestion()).isEqualTo("Keep run " + done.id() + " of task backup whatever the retention"
                + " policy says?");

        model.pin(" incident 4711 ");

        assertThat(model.noticeProperty().get().text()).isEqualTo("Run " + done.id() + " is pinned: retention keeps it.");
        assertThat(model.errorProperty().get()).isEmpty();
        Instant pinnedAt = session.retention().pin(done.id()).orElseThrow().pinnedAt();
        assertThat(model.pinTextProperty().get()).isEqualTo("Pinned by tester on "
                + java.time.format.DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm").format(pinnedAt.atZone(ZoneOffset.UTC))
                + " +00:00 \u2014 incident 4711");
        assertThat(session.retention().pins(session.namespace())).extracting(pin -> pin.note())
                .containsExactly("incident 4711");

        model.select(rowOf(other.id()));
        assertThat(model.pinTextProperty().get()).as("another run, not pinned").isEmpty();
        model.select(rowOf(done.id()));
        assertThat(model.isSelectedPinned()).isTrue();

        model.unpin();

        assertThat(model.noticeProperty().get().text()).isEqualTo("Run " + done.id() + " is no longer pinned.");
        assertThat(model.pinTextProperty().get()).isEmpty();
        assertThat(session.retention().pin(done.id())).isEmpty();
        assertThat(session.audit().list(session.namespace(), "run:" + done.id(), PageRequest.first(10)).items())
                .extracting(entry -> entry.action()).containsExactlyInAnyOrder("run.pin", "run.unpin");
    }

    @Test
    void aPinWithoutANoteSaysOnlyByWhomAndWhen() {
        Run done = fixtures.ended(fixtures.queued(fixtures.task("backup"), day), RunStatus.SUCCEEDED, 0, "ok\n");
        model.load();
        model.select(rowOf(done.id()));

        model.pin("");

        assertThat(model.pinTextProperty().get()).startsWith("Pinned by tester on ").endsWith(" +00:00");
        model.pin("again");
        assertThat(model.noticeProperty().get().text()).isEqualTo("Run " + done.id() + " was pinned already.");
    }

    private RunRow rowOf(long runId) {
        return model.rows().stream().filter(row -> row.id() == runId).findFirst().orElseThrow();
    }

    private long subscribers() {
        try (Jedis probe = new Jedis(URI.create(TestRedis.uri()))) {
            return probe.pubsubNumSub(SessionAdapters.keys(session).events()).getOrDefault(SessionAdapters.keys(session).events(), 0L);
        }
    }

    private List<Long> ids() {
        return model.rows().stream().map(RunRow::id).toList();
    }

    private List<Long> queued(String group) {
        List<StreamEntry> entries = SessionAdapters.redis(session).xrange(SessionAdapters.keys(session).stream(group), "-", "+");
        return entries.stream().map(e -> Long.parseLong(e.getFields().get("run"))).toList();
    }

    private void xadd(String key, Map<String, String> fields) {
        SessionAdapters.redis(session).xadd(key, XAddParams.xAddParams(), fields);
    }
}
