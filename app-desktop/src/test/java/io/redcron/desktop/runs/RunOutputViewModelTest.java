package io.redcron.desktop.runs;

import io.redcron.desktop.ui.Messages;
import io.redcron.desktop.ui.UiExecutor;
import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.ShellPayload;
import io.redcron.domain.Task;
import io.redcron.ops.Operations;
import io.redcron.ops.OperatorPorts;
import io.redcron.port.LiveOutput;
import io.redcron.port.RunOutcome;
import io.redcron.schedule.CronDialect;
import io.redcron.testkit.InMemoryLiveOutput;
import io.redcron.testkit.InMemoryStores;
import io.redcron.testkit.ManualClock;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Consumer;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A run's output window, on in-memory ports. Work submitted to the UI executor waits until the
 * test runs it, so each read of the live output happens when the test says.
 */
class RunOutputViewModelTest {
    private static final Instant NOW = Instant.parse("2026-11-30T08:00:00Z");
    private static final String NAMESPACE = "desk";

    private final ManualClock clock = new ManualClock(NOW);
    private final InMemoryStores stores = new InMemoryStores(clock);
    private final InMemoryLiveOutput liveOutput = stores.liveOutput();
    private final Messages messages = new Messages(Locale.ENGLISH);
    private final SteppedExecutor executor = new SteppedExecutor();
    private Operations operations;
    private Task task;

    @TempDir
    Path folder;

    @BeforeEach
    void open() {
        operations = new Operations(new OperatorPorts(stores.tasks(), stores.runs(), stores.queue(), stores.events(),
                stores.audit(), stores.deadLetters(), liveOutput), NAMESPACE, "tester@desktop", clock);
        task = stores.tasks().create(Task.builder().namespace(NAMESPACE).name("backup").cron("0 3 * * *")
                .dialect(CronDialect.UNIX).zone(ZoneOffset.UTC).payload(new ShellPayload("echo hi", null, Map.of()))
                .build(), "test");
    }

    /** Runs what was submitted, one piece of work at a time, in order. */
    private static final class SteppedExecutor implements UiExecutor {
        private final Deque<Runnable> pending = new ArrayDeque<>();

        @Override
        public <T> void submit(Callable<T> work, Consumer<T> onSuccess, Consumer<Throwable> onFailure) {
            pending.add(() -> UiExecutor.direct().submit(work, onSuccess, onFailure));
        }

        void step() {
            pending.remove().run();
        }

        /** Runs work until none is left or {@code steps} pieces have run (a followed run reads forever). */
        void run(int steps) {
            for (int i = 0; i < steps && !pending.isEmpty(); i++) {
                step();
            }
        }
    }

    private Run running() {
        Run queued = stores.runs().insertOrGetCronFire(task.id(), NOW, 1);
        return stores.runs().claim(queued.id(), "node-1", NOW, NOW.plus(Duration.ofMinutes(5))).orElseThrow();
    }

    private Run ended(Run running, RunStatus status, Integer exitCode, String output) {
        stores.runs().complete(running.id(), running.attempt(), RunStatus.RUNNING,
                new RunOutcome(status, NOW.plusSeconds(42), exitCode, output, null));
        return stores.runs().get(running.id()).orElseThrow();
    }

    private RunOutputViewModel viewerOf(Run run) {
        RunRow row = RunRow.of(stores.runs().get(run.id()).orElseThrow(), NOW, ZoneOffset.UTC, messages);
        return new RunOutputViewModel(operations, executor, messages, ZoneOffset.UTC, clock, row);
    }

    private void write(Run run, boolean end, String... chunks) {
        liveOutput.write(List.of(new LiveOutput.Write(run.id(), List.of(chunks), end)));
    }

    @Test
    void anEndedRunShowsItsStoredOutputAndHowItEnded() {
        Run done = ended(running(), RunStatus.SUCCEEDED, 0, "starting\nall done\n");
        RunOutputViewModel viewer = viewerOf(done);

        viewer.open();
        executor.run(5);

        assertThat(viewer.lines()).containsExactly("starting", "all done");
        assertThat(viewer.stateProperty().get())
                .isEqualTo("Ended: Succeeded at 2026-11-30 08:00:42 +00:00, exit code 0.");
        assertThat(viewer.followingProperty().get()).isFalse();
        assertThat(viewer.liveProperty().get()).isFalse();
        assertThat(viewer.title()).isEqualTo("Output of run " + done.id() + " · backup");
    }

    @Test
    void aRunningRunIsFollowedUntilTheOperatorScrollsUpAndStaysSoUntilTheyComeBackToTheEnd() {
        Run busy = running();
        write(busy, false, "line 1\nline ", "2\n");
        RunOutputViewModel viewer = viewerOf(busy);

        viewer.open();
        executor.step();
        assertThat(viewer.lines()).containsExactly("line 1", "line 2");
        assertThat(viewer.stateProperty().get()).isEqualTo("Running: new output appears as it comes.");
        assertThat(viewer.followingProperty().get()).isTrue();

        viewer.scrolled(false);
        write(busy, false, "line 3\n");
        executor.step();
        assertThat(viewer.lines()).containsExactly("line 1", "line 2", "line 3");
        assertThat(viewer.followingProperty().get()).as("new output does not turn following back on").isFalse();

        viewer.scrolled(true);
        assertThat(viewer.followingProperty().get()).isTrue();

        ended(busy, RunStatus.FAILED, 3, "line 1\nline 2\nline 3\n");
        write(busy, true, "bye\n");
        executor.run(5);
        assertThat(viewer.lines()).endsWith("bye");
        assertThat(viewer.followingProperty().get()).isFalse();
        assertThat(viewer.liveProperty().get()).isFalse();
        assertThat(viewer.stateProperty().get()).isEqualTo("Ended: Failed at 2026-11-30 08:00:42 +00:00, exit code 3.");
    }

    @Test
    void aLaterAttemptsOutputReplacesTheEarlierOnes() {
        Run busy = running();
        write(busy, false, "attempt 1\n");
        RunOutputViewModel viewer = viewerOf(busy);
        viewer.open();
        executor.step();

        write(busy, true);
        write(busy, false, "attempt 2\n");
        executor.step();

        assertThat(viewer.lines()).containsExactly("attempt 2");
        assertThat(viewer.liveProperty().get()).isTrue();
    }

    @Test
    void aRunWhoseLiveOutputLapsedShowsItsStoredOutput() {
        Run busy = running();
        RunOutputViewModel viewer = viewerOf(busy);
        ended(busy, RunStatus.SUCCEEDED, 0, "kept in the history\n");

        viewer.open();
        executor.run(5);

        assertThat(viewer.lines()).containsExactly("kept in the history");
        assertThat(viewer.stateProperty().get()).startsWith("Ended: Succeeded");
    }

    @Test
    void searchCountsAndSelectsEachMatchAndGoingToOneStopsFollowing() {
        Run busy = running();
        write(busy, false, "ok\nERROR disk\nok\nerror net\n");
        RunOutputViewModel viewer = viewerOf(busy);
        viewer.open();
        executor.step();

        viewer.queryProperty().set("error");

        assertThat(viewer.matchCountProperty().get()).isEqualTo("1 of 2");
        assertThat(viewer.matchProperty().get()).isEqualTo(new OutputSearch.Match(1, 0, 5));
        assertThat(viewer.followingProperty().get()).as("the view goes to the match").isFalse();
        viewer.nextMatch();
        assertThat(viewer.matchCountProperty().get()).isEqualTo("2 of 2");
        assertThat(viewer.matchProperty().get().line()).isEqualTo(3);

        write(busy, false, "error again\n");
        executor.step();
        assertThat(viewer.matchCountProperty().get()).isEqualTo("2 of 3");
        assertThat(viewer.matchProperty().get().line()).isEqualTo(3);

        viewer.nextMatch();
        viewer.nextMatch();
        assertThat(viewer.matchCountProperty().get()).isEqualTo("1 of 3");
        viewer.previousMatch();
        assertThat(viewer.matchProperty().get().line()).isEqualTo(4);

        viewer.queryProperty().set("nothing like it");
        assertThat(viewer.matchCountProperty().get()).isEqualTo("No matches");
        assertThat(viewer.matchProperty().get()).isNull();
        viewer.queryProperty().set("");
        assertThat(viewer.matchCountProperty().get()).isEmpty();
    }

    @Test
    void copyTakesTheChosenLinesOrAllWhenNoneIsChosen() {
        RunOutputViewModel viewer = viewerOf(ended(running(), RunStatus.SUCCEEDED, 0, "a\nb\nc"));
        viewer.open();
        executor.run(5);

        assertThat(viewer.textToCopy(List.of())).isEqualTo("a\nb\nc");
        assertThat(viewer.textToCopy(List.of(2, 0))).isEqualTo("a\nc\n");
    }

    @Test
    void saveWritesTheOutputAsItCameAndSaysWhere() throws Exception {
        Run done = ended(running(), RunStatus.SUCCEEDED, 0, "first\nsecond\n");
        RunOutputViewModel viewer = viewerOf(done);
        viewer.open();
        executor.run(5);
        Path file = folder.resolve("run.log");

        assertThat(viewer.suggestedFileName()).isEqualTo("run-" + done.id() + "-backup.log");
        viewer.saveTo(file);
        executor.run(1);

        assertThat(Files.readString(file, StandardCharsets.UTF_8)).isEqualTo("first\nsecond\n");
        assertThat(viewer.noticeProperty().get()).isEqualTo("Saved to " + file + ".");
        assertThat(viewer.errorProperty().get()).isEmpty();
    }

    @Test
    void aFailedSaveSaysWhy() {
        RunOutputViewModel viewer = viewerOf(ended(running(), RunStatus.SUCCEEDED, 0, "x\n"));
        viewer.open();
        executor.run(5);

        viewer.saveTo(folder.resolve("no such folder").resolve("run.log"));
        executor.run(1);

        assertThat(viewer.errorProperty().get()).startsWith("Cannot save the output: ").contains("no such folder");
        assertThat(viewer.noticeProperty().get()).isEmpty();
    }

    @Test
    void closingStopsFollowing() {
        Run busy = running();
        write(busy, false, "one\n");
        RunOutputViewModel viewer = viewerOf(busy);
        viewer.open();
        executor.step();

        viewer.close();
        write(busy, false, "two\n");
        executor.run(3);

        assertThat(viewer.lines()).containsExactly("one");
    }
}
