package io.redcron.desktop.cluster;

import java.time.Instant;

/**
 * One routing group as the cluster serves it.
 *
 * @param liveWorkers live nodes with the worker role that serve the group
 * @param freeSlots   runs those workers could take now
 * @param waiting     runs of the group waiting for a worker (due, not started)
 * @param oldestDue   when the longest-waiting of them was due; null when none waits
 */
public record GroupRow(String group, int liveWorkers, int freeSlots, long waiting, Instant oldestDue) {

    /** Runs wait and no live worker serves the group: nothing will take them. */
    public boolean unserved() {
        return liveWorkers == 0 && waiting > 0;
    }
}
