package io.redcron.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

import java.util.EnumSet;
import java.util.Set;

/** The table of {@link RunStatus} and the named {@link RunTransition}s say the same thing. */
class RunTransitionTest {

    @Test
    void everyNamedTransitionIsAllowedByTheTable() {
        for (RunTransition transition : RunTransition.values()) {
            assertThat(transition.to()).as(transition.name()).isNotEmpty();
            for (RunStatus to : transition.to()) {
                if (transition.from().isEmpty()) {
                    assertThat(to.isInitial()).as(transition + ": recorded as " + to).isTrue();
                }
                for (RunStatus from : transition.from()) {
                    assertThat(from.canBecome(to)).as(transition + ": " + from + " -> " + to).isTrue();
                }
            }
        }
    }

    @Test
    void everyChangeTheTableAllowsHasANameAndEveryInitialStatusIsRecordedByOne() {
        for (RunStatus from : RunStatus.values()) {
            for (RunStatus to : RunStatus.values()) {
                if (from.canBecome(to)) {
                    assertThat(RunTransition.values()).as(from + " -> " + to)
                            .anyMatch(transition -> transition.allows(from, to));
                }
            }
        }
        for (RunStatus initial : RunStatus.INITIAL) {
            assertThat(RunTransition.RECORD_NEW.to()).contains(initial);
        }
    }

    @Test
    void aRunAttemptedIsNeverSkipped() {
        assertThat(RunTransition.SKIP.from()).containsExactly(RunStatus.QUEUED);
        assertThat(RunStatus.RETRYING.canBecome(RunStatus.SKIPPED)).isFalse();
        // RUNNING -> SKIPPED only by dropping a claim held for its time, never begun (no attempt):
        // RunStatusTransitionsIT checks that every store's drop is of such a claim.
        assertThat(RunTransition.values()).filteredOn(transition -> transition.allows(RunStatus.RUNNING,
                RunStatus.SKIPPED)).containsExactly(RunTransition.DROP_HELD);
    }

    @Test
    void theNamedSetsFollowTheTable() {
        for (RunStatus status : RunStatus.values()) {
            assertThat(RunStatus.FINAL.contains(status)).as(status.name()).isEqualTo(status.isFinal());
            assertThat(RunStatus.UNFINISHED.contains(status)).as(status.name()).isEqualTo(!status.isFinal());
        }
        assertThat(RunStatus.FINAL).containsExactlyInAnyOrder(RunStatus.SUCCEEDED, RunStatus.FAILED,
                RunStatus.TIMED_OUT, RunStatus.CANCELLED, RunStatus.SKIPPED);
        assertThat(RunStatus.WAITING).isEqualTo(RunTransition.CLAIM.from());
        assertThat(RunStatus.UNFINISHED).containsAll(RunStatus.WAITING).containsAll(RunStatus.IN_FLIGHT);
        assertThat(RunStatus.FINAL).containsAll(RunStatus.FAILURES);
        assertThat(RunStatus.IN_FLIGHT).isEqualTo(RunTransition.RECORD_OUTCOME.from());
        Set<RunStatus> ended = EnumSet.copyOf(RunTransition.RECORD_OUTCOME.to());
        assertThat(RunStatus.FINAL).containsAll(ended);
    }

    @Test
    void conditionsAndLiteralsAreBuiltFromTheStatuses() {
        assertThat(RunTransition.CLAIM.fromCondition()).isEqualTo("status IN ('QUEUED', 'RETRYING')");
        assertThat(RunTransition.SKIP.toAssignment()).isEqualTo("status = 'SKIPPED'");
        assertThat(RunTransition.condition(RunStatus.FINAL))
                .isEqualTo("status IN ('SUCCEEDED', 'FAILED', 'TIMED_OUT', 'CANCELLED', 'SKIPPED')");
        assertThat(RunTransition.RECORD_NEW.literal(RunStatus.QUEUED)).isEqualTo("'QUEUED'");
        assertThatThrownBy(() -> RunTransition.RECORD_NEW.literal(RunStatus.RUNNING))
                .isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(RunTransition.RECORD_NEW::fromCondition).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(RunTransition.RECORD_OUTCOME::toAssignment).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> RunTransition.condition(Set.of())).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theEndOfAnAttemptIsAnOutcomeOrARetry() {
        assertThat(RunTransition.ofAttemptEnd(1, RunStatus.RUNNING, RunStatus.RETRYING)).isEqualTo(RunTransition.RETRY);
        for (RunStatus outcome : RunTransition.RECORD_OUTCOME.to()) {
            assertThat(RunTransition.ofAttemptEnd(1, RunStatus.RUNNING, outcome)).isEqualTo(RunTransition.RECORD_OUTCOME);
        }
        assertThatThrownBy(() -> RunTransition.ofAttemptEnd(1, RunStatus.QUEUED, RunStatus.SUCCEEDED))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("run 1");
        assertThatThrownBy(() -> RunTransition.ofAttemptEnd(1, RunStatus.RUNNING, RunStatus.SKIPPED))
                .isInstanceOf(IllegalStateException.class);
    }
}
