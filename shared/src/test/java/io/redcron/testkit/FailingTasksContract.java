package io.redcron.testkit;

import io.redcron.domain.RunStatus;
import io.redcron.port.FailingTasks;
import io.redcron.port.FailingTasks.Failure;
import io.redcron.port.FailingTasks.Fire;
import io.redcron.port.FailingTasks.Recovery;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** What every {@link FailingTasks} promises; one subclass per backend. */
public abstract class FailingTasksContract {
    private static final Instant T = Instant.parse("2026-11-30T10:15:00Z");

    private FailingTasks failing;

    /** An empty set of failing tasks. */
    protected abstract FailingTasks failingTasks();

    @BeforeEach
    void open() {
        failing = failingTasks();
    }

    @Test
    void aSuccessAfterAFailureIsOneRecovery() {
        failing.failed(new Failure(fire(1, 0, 10), RunStatus.TIMED_OUT));

        List<Recovery> first = failing.settle(List.of(), List.of(fire(1, 60, 11)));
        List<Recovery> second = failing.settle(List.of(), List.of(fire(1, 120, 12)));

        assertThat(first).containsExactly(new Recovery(fire(1, 60, 11), new Failure(fire(1, 0, 10), RunStatus.TIMED_OUT)));
        assertThat(second).as("the task was not failing any more").isEmpty();
    }

    @Test
    void successesWithoutAFailureRecoverNothing() {
        assertThat(failing.settle(List.of(), List.of(fire(1, 0, 10), fire(2, 0, 11)))).isEmpty();
        assertThat(failing.settle(List.of(), List.of())).isEmpty();
    }

    @Test
    void anOlderSuccessDoesNotClearANewerFailure() {
        failing.failed(new Failure(fire(1, 120, 12), RunStatus.FAILED));

        assertThat(failing.settle(List.of(), List.of(fire(1, 60, 11)))).as("its fire came first").isEmpty();
        assertThat(failing.settle(List.of(), List.of(fire(1, 180, 13))))
                .extracting(recovery -> recovery.cleared().fire().runId()).containsExactly(12L);
    }

    @Test
    void anOlderFailureDoesNotReplaceANewerOne() {
        failing.failed(new Failure(fire(1, 120, 12), RunStatus.FAILED));
        failing.failed(new Failure(fire(1, 60, 11), RunStatus.TIMED_OUT));

        assertThat(failing.settle(List.of(), List.of(fire(1, 90, 14)))).as("the newer failure is kept").isEmpty();
        assertThat(failing.settle(List.of(), List.of(fire(1, 150, 15))))
                .extracting(recovery -> recovery.cleared().status()).containsExactly(RunStatus.FAILED);
    }

    @Test
    void aRunRetriedByHandThatSucceedsRecoversItsOwnFailure() {
        failing.failed(new Failure(fire(1, 60, 11), RunStatus.FAILED));

        assertThat(failing.settle(List.of(), List.of(fire(1, 60, 11)))).hasSize(1);
    }

    @Test
    void oneBatchSettlesFailuresBeforeSuccessesAndTasksApart() {
        failing.failed(new Failure(fire(2, 0, 20), RunStatus.FAILED));

        List<Recovery> recovered = failing.settle(
                List.of(new Failure(fire(1, 0, 10), RunStatus.FAILED), new Failure(fire(3, 120, 31), RunStatus.FAILED)),
                List.of(fire(1, 60, 11), fire(2, 60, 21), fire(3, 60, 30), fire(4, 60, 40)));

        assertThat(recovered).extracting(recovery -> recovery.success().taskId()).containsExactlyInAnyOrder(1L, 2L);
        assertThat(failing.settle(List.of(), List.of(fire(3, 180, 32)))).as("task 3 kept failing")
                .extracting(recovery -> recovery.cleared().fire().runId()).containsExactly(31L);
    }

    private static Fire fire(long taskId, long seconds, long runId) {
        return new Fire(taskId, T.plusSeconds(seconds), runId);
    }
}
