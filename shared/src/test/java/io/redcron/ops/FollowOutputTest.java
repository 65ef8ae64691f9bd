package io.redcron.ops;

import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.ops.FollowOutput.Followed;
import io.redcron.ops.FollowOutput.OutputBatch;
import io.redcron.port.LiveOutput;
import io.redcron.port.LiveOutput.Write;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

class FollowOutputTest {
    private static final Duration NO_WAIT = Duration.ZERO;

    private final OpsFixture fixture = new OpsFixture();
    private final LiveOutput live = fixture.stores.liveOutput();

    @Test
    void aBatchBringsTheOutputSoFarAndWhereToGoOn() {
        Run run = fixture.running(fixture.manualRun(fixture.task("report"), Map.of()));
        write(run, false, "one\n", "two\n");
        FollowOutput output = fixture.operations().output();

        OutputBatch first = output.next(run.id(), LiveOutput.START, NO_WAIT);
        write(run, false, "three\n");
        OutputBatch second = output.next(run.id(), first.cursor(), NO_WAIT);

        assertThat(first).extracting(OutputBatch::text, OutputBatch::restarted, OutputBatch::ended)
                .containsExactly("one\ntwo\n", false, false);
        assertThat(second.text()).isEqualTo("three\n");
    }

    @Test
    void theEndMarkerEndsABatch() {
        Run run = fixture.running(fixture.manualRun(fixture.task("report"), Map.of()));
        write(run, true, "done\n");

        OutputBatch batch = fixture.operations().output().next(run.id(), LiveOutput.START, NO_WAIT);

        assertThat(batch).extracting(OutputBatch::text, OutputBatch::ended).containsExactly("done\n", true);
    }

    @Test
    void outputAfterAnEndMarkerIsALaterAttemptThatReplacesWhatCameBefore() {
        Run run = fixture.running(fixture.manualRun(fixture.task("report"), Map.of()));
        write(run, true, "first try\n");
        write(run, false, "second try\n");

        OutputBatch batch = fixture.operations().output().next(run.id(), LiveOutput.START, NO_WAIT);

        assertThat(batch).extracting(OutputBatch::text, OutputBatch::restarted, OutputBatch::ended)
                .containsExactly("second try\n", true, false);
    }

    @Test
    void withNothingNewTheRunsStatusSaysWhetherMoreIsToCome() {
        Run running = fixture.running(fixture.manualRun(fixture.task("report"), Map.of()));
        Run ended = fixture.ended(fixture.manualRun(fixture.task("other"), Map.of()), RunStatus.SUCCEEDED);
        FollowOutput output = fixture.operations().output();

        assertThat(output.next(running.id(), LiveOutput.START, NO_WAIT).ended()).isFalse();
        assertThat(output.next(ended.id(), LiveOutput.START, NO_WAIT).ended()).isTrue();
        assertThat(output.next(4711, LiveOutput.START, NO_WAIT).ended()).isTrue();
    }

    @Test
    void aFullBatchIsNeverTheEndEvenAfterAMarker() {
        Run run = fixture.running(fixture.manualRun(fixture.task("report"), Map.of()));
        write(run, true, IntStream.range(0, FollowOutput.BATCH - 1).mapToObj(i -> i + "\n").toArray(String[]::new));
        write(run, false, "more\n");

        OutputBatch full = fixture.operations().output().next(run.id(), LiveOutput.START, NO_WAIT);

        assertThat(full.ended()).isFalse();
    }

    @Test
    void followingPassesEachChunkOnUntilTheEndMarker() {
        Run run = fixture.running(fixture.manualRun(fixture.task("report"), Map.of()));
        write(run, false, "one\n");
        write(run, true, "two\n");
        List<String> seen = Collections.synchronizedList(new ArrayList<>());

        Followed followed = following().follow(run.id(), seen::add);

        assertThat(seen).containsExactly("one\n", "two\n");
        assertThat(followed.sawLiveOutput()).isTrue();
        assertThat(followed.run().id()).isEqualTo(run.id());
    }

    @Test
    void followingARunThatEndedWithoutLiveOutputStopsAtOnce() {
        Run ended = fixture.ended(fixture.manualRun(fixture.task("report"), Map.of()), RunStatus.SUCCEEDED);
        List<String> seen = new ArrayList<>();

        Followed followed = following().follow(ended.id(), seen::add);

        assertThat(seen).isEmpty();
        assertThat(followed.sawLiveOutput()).isFalse();
        assertThat(followed.run().status()).isEqualTo(RunStatus.SUCCEEDED);
        assertThat(followed.run().output()).isEqualTo("out");
    }

    @Test
    void followingStopsWhenTheRunEndsWithoutAMarker() {
        Run run = fixture.running(fixture.manualRun(fixture.task("report"), Map.of()));
        write(run, false, "partial\n");
        List<String> seen = new ArrayList<>();

        Followed followed = following().follow(run.id(), chunk -> {
            seen.add(chunk);
            fixture.stores.runs().complete(run.id(), run.attempt(), RunStatus.RUNNING,
                    new io.redcron.port.RunOutcome(RunStatus.FAILED, fixture.clock.instant(), 1, "partial\n", "exit 1"));
        });

        assertThat(seen).containsExactly("partial\n");
        assertThat(followed.run().status()).isEqualTo(RunStatus.FAILED);
    }

    /** Following with reads that do not wait, so a test never waits for wall-clock time. */
    private FollowOutput following() {
        return new FollowOutput(live, new Lookup(fixture.stores.tasks(), fixture.stores.runs(), fixture.namespace),
                fixture.clock, NO_WAIT);
    }

    private void write(Run run, boolean end, String... chunks) {
        live.write(List.of(new Write(run.id(), List.of(chunks), end)));
    }
}
