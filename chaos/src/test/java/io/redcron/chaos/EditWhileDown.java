package io.redcron.chaos;

import io.redcron.port.TaskStore;

import java.time.Duration;
import java.util.List;

/**
 * Changes made while no node runs: every node is killed, one task gets a new cron and another is
 * paused, and the nodes come back later. Each fire of the old cron up to the edit's commit must
 * have its row, each fire of the new cron after it too, and the paused task must run nothing due
 * after the pause. The invariants read all of it from the tasks' cron periods.
 */
final class EditWhileDown implements Fault {
    static final String EDITED = "short-2";
    static final String NEW_CRON = "*/3 * * * * ?";
    static final String PAUSED = "short-3";
    /** Longer than the lookahead: the leader that died recorded no fire after it. */
    private static final Duration BEFORE_THE_CHANGES = Duration.ofSeconds(4);
    /** Longer than the misfire threshold: old fires are misfires when the nodes come back. */
    private static final Duration AFTER_THE_CHANGES = Duration.ofSeconds(12);

    @Override
    public String name() {
        return "edit-while-down";
    }

    @Override
    public String description() {
        return "every node SIGKILLed; while none runs, a task's cron changed (every second to every 3 s) and another"
                + " task paused; nodes back 16 s after the kill";
    }

    @Override
    public void inject(Cluster cluster) {
        List<NodeProcess> dead = cluster.killAll();
        Holds.hold(BEFORE_THE_CHANGES);
        TaskStore store = cluster.taskStore();
        Workload.Planned edited = cluster.workload().reschedule(store, EDITED, NEW_CRON);
        Workload.Planned paused = cluster.workload().pause(store, PAUSED);
        System.out.println(name() + ": " + EDITED + " rescheduled at " + edited.periods().get(0).until() + ", " + PAUSED
                + " paused at " + paused.pausedAt());
        Holds.hold(AFTER_THE_CHANGES);
        cluster.replaceAll(dead);
    }
}
