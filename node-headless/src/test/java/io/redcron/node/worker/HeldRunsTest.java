package io.redcron.node.worker;

import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.TriggerType;
import io.redcron.testkit.ManualClock;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class HeldRunsTest {
    private static final Instant T0 = Instant.parse("2026-03-01T10:00:00Z");

    private final ManualClock clock = new ManualClock(T0);
    private final HeldRuns held = new HeldRuns(clock, 100);

    @Test
    void aRunDeferredAgainAndAgainWaitsLongerEachTimeUpToTheLongestWait() {
        assertThat(HeldRuns.recheckAfter(1)).isEqualTo(Duration.ofMillis(250));
        assertThat(HeldRuns.recheckAfter(2)).isEqualTo(Duration.ofMillis(500));
        assertThat(HeldRuns.recheckAfter(3)).isEqualTo(Duration.ofSeconds(1));
        assertThat(HeldRuns.recheckAfter(4)).isEqualTo(HeldRuns.MAX_RECHECK);
        assertThat(HeldRuns.recheckAfter(Integer.MAX_VALUE)).isEqualTo(HeldRuns.MAX_RECHECK);
    }

    @Test
    void aDeferredRunIsDueAfterItsWaitAndCarriesHowOftenItWasDeferred() {
        held.defer(run(1, 7), 2);

        clock.advance(Duration.ofMillis(499));
        assertThat(held.pollDue(10)).isEmpty();
        clock.advance(Duration.ofMillis(1));
        List<HeldRuns.Held> due = held.pollDue(10);

        assertThat(due).singleElement().satisfies(again -> {
            assertThat(again.again.id()).isEqualTo(1);
            assertThat(again.deferrals).isEqualTo(2);
        });
    }

    @Test
    void aRunOfTheTaskEndingHereMakesItsDeferredRunsDueAtOnceAndNoOtherTasks() {
        held.defer(run(1, 7), 3);
        held.defer(run(2, 7), 1);
        held.defer(run(3, 8), 1);

        held.taskRunEnded(7);

        assertThat(held.pollDue(10)).extracting(again -> again.again.id()).containsExactlyInAnyOrder(1L, 2L);
        clock.advance(Duration.ofMillis(250));
        assertThat(held.pollDue(10)).extracting(again -> again.again.id()).containsExactly(3L);
    }

    @Test
    void aDeferredRunTakenOrDrainedIsNotWokenAgain() {
        held.defer(run(1, 7), 1);
        clock.advance(Duration.ofMillis(250));
        assertThat(held.pollDue(10)).hasSize(1);

        held.taskRunEnded(7);
        held.defer(run(2, 7), 1);
        assertThat(held.drain()).hasSize(1);
        held.taskRunEnded(7);

        assertThat(held.pollDue(10)).isEmpty();
        assertThat(held.size()).isZero();
    }

    @Test
    void aNewClaimOfARunHeldHereReplacesTheEarlierOneWhichNeverComesDue() {
        InFlight earlier = new InFlight(run(1, 7), null);
        InFlight again = new InFlight(run(1, 7), null);
        held.hold(earlier);
        held.hold(again);

        assertThat(held.size()).isOne();
        clock.advance(Duration.ofSeconds(1));
        assertThat(held.pollDue(10)).singleElement().satisfies(due -> assertThat(due.flight).isSameAs(again));
        assertThat(held.holds(1)).isFalse();
    }

    private static Run run(long id, long taskId) {
        return new Run(id, taskId, "default", "task-" + taskId, "default", TriggerType.CRON, T0, RunStatus.QUEUED, 0, 1,
                0, null, null, T0, null, null, null, null, null, Map.of());
    }
}
