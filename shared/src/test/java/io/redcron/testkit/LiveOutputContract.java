package io.redcron.testkit;

import io.redcron.port.LiveOutput;
import io.redcron.port.LiveOutput.Entry;
import io.redcron.port.LiveOutput.Slice;
import io.redcron.port.LiveOutput.Write;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** What every {@link LiveOutput} promises; one subclass per backend. */
public abstract class LiveOutputContract {
    private static final Duration NO_WAIT = Duration.ZERO;

    private LiveOutput output;
    private long runId;

    /** A live output holding nothing yet for the run ids this suite uses. */
    protected abstract LiveOutput liveOutput();

    @BeforeEach
    void open() {
        output = liveOutput();
        runId = 1_000 + (System.nanoTime() & 0xffff);
    }

    @Test
    void aRunWithoutOutputReadsNothingAndKeepsTheCursor() {
        Slice slice = output.read(runId, LiveOutput.START, NO_WAIT, 10);

        assertThat(slice.entries()).isEmpty();
        assertThat(slice.cursor()).isEqualTo(LiveOutput.START);
    }

    @Test
    void chunksComeBackInOrderAndAReadGoesOnAfterItsCursor() {
        output.write(List.of(new Write(runId, List.of("a\n", "b\n"), false)));
        Slice first = output.read(runId, LiveOutput.START, NO_WAIT, 10);
        output.write(List.of(new Write(runId, List.of("c\n"), false)));
        Slice second = output.read(runId, first.cursor(), NO_WAIT, 10);

        assertThat(first.entries()).containsExactly(new Entry("a\n"), new Entry("b\n"));
        assertThat(second.entries()).containsExactly(new Entry("c\n"));
        assertThat(output.read(runId, second.cursor(), NO_WAIT, 10).entries()).isEmpty();
    }

    @Test
    void theEndMarkerFollowsTheChunksWrittenWithItAndALaterAttemptFollowsIt() {
        output.write(List.of(new Write(runId, List.of("first try\n"), true)));
        output.write(List.of(new Write(runId, List.of("second try\n"), false)));

        assertThat(output.read(runId, LiveOutput.START, NO_WAIT, 10).entries())
                .containsExactly(new Entry("first try\n"), Entry.END, new Entry("second try\n"));
    }

    @Test
    void anEndWithoutChunksIsJustTheMarker() {
        output.write(List.of(new Write(runId, List.of(), true)));

        Slice slice = output.read(runId, LiveOutput.START, NO_WAIT, 10);
        assertThat(slice.entries()).containsExactly(Entry.END);
        assertThat(slice.entries().get(0).isEnd()).isTrue();
    }

    @Test
    void aReadReturnsAtMostMaxAndTheRestComesNext() {
        output.write(List.of(new Write(runId, List.of("1", "2", "3", "4", "5"), false)));

        Slice first = output.read(runId, LiveOutput.START, NO_WAIT, 2);
        Slice second = output.read(runId, first.cursor(), NO_WAIT, 2);
        Slice third = output.read(runId, second.cursor(), NO_WAIT, 2);

        assertThat(first.entries()).extracting(Entry::text).containsExactly("1", "2");
        assertThat(second.entries()).extracting(Entry::text).containsExactly("3", "4");
        assertThat(third.entries()).extracting(Entry::text).containsExactly("5");
    }

    @Test
    void oneWriteCarriesSeveralRunsAndEachReadsOnlyItsOwn() {
        long other = runId + 1;
        output.write(List.of(new Write(runId, List.of("mine"), false), new Write(other, List.of("theirs"), true)));

        assertThat(output.read(runId, LiveOutput.START, NO_WAIT, 10).entries()).containsExactly(new Entry("mine"));
        assertThat(output.read(other, LiveOutput.START, NO_WAIT, 10).entries())
                .containsExactly(new Entry("theirs"), Entry.END);
    }

    @Test
    void aWaitingReadReturnsWithOutputWrittenMeanwhile() throws Exception {
        CompletableFuture<Slice> waiting = CompletableFuture.supplyAsync(
                () -> output.read(runId, LiveOutput.START, Duration.ofSeconds(20), 10));
        output.write(List.of(new Write(runId, List.of("late"), false)));

        assertThat(waiting.get(10, TimeUnit.SECONDS).entries()).containsExactly(new Entry("late"));
    }

    @Test
    void aWaitingReadWithNothingWrittenReturnsEmptyAfterItsWait() {
        Slice slice = output.read(runId, LiveOutput.START, Duration.ofMillis(50), 10);

        assertThat(slice.entries()).isEmpty();
        assertThat(slice.cursor()).isEqualTo(LiveOutput.START);
    }
}
