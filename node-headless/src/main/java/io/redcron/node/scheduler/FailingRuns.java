package io.redcron.node.scheduler;

import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.port.FailingTasks;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Notes a run the leader failed for good, so that its task's next success is told as a recovery. */
final class FailingRuns {
    private static final Logger LOG = LoggerFactory.getLogger(FailingRuns.class);

    private FailingRuns() {
    }

    /** Never fails the caller: a note lost costs one recovery alert, not the recovery of runs. */
    static void keep(FailingTasks failing, Run run) {
        try {
            failing.failed(new FailingTasks.Failure(new FailingTasks.Fire(run.taskId(), run.scheduledAt(), run.id()),
                    RunStatus.FAILED));
        } catch (RuntimeException e) {
            LOG.debug("Run {}: could not note its task as failing: {}", run.id(), e.getMessage());
        }
    }
}
