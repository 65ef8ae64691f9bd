package io.redcron.ops;

import io.redcron.port.DeadLetters;
import io.redcron.port.QueueInspector.DeadRun;

import java.util.Collection;
import java.util.List;

/** Forgets dead runs: their entries go, their history in the run store stays. */
public final class PurgeDeadRuns {
    private final DeadLetters dead;
    private final AuditTrail audit;

    PurgeDeadRuns(DeadLetters dead, AuditTrail audit) {
        this.dead = dead;
        this.audit = audit;
    }

    /** Removes the given entries; returns how many were still there. */
    public long purge(Collection<DeadRun> entries) {
        if (entries.isEmpty()) {
            return 0;
        }
        long removed = dead.remove(entries.stream().map(DeadRun::entryId).toList());
        audit.purged(List.copyOf(entries));
        return removed;
    }

    /** Removes every entry; returns how many there were. */
    public long purgeAll() {
        long removed = dead.removeAll();
        audit.purgedAll(removed);
        return removed;
    }
}
