package io.redcron.ops;

import io.redcron.ops.OperationException.Kind;
import io.redcron.port.DeadLetters;
import io.redcron.port.QueueInspector.DeadRun;

import java.util.List;

/**
 * Finds a dead-run entry as an operator names it: by its entry id ({@code 1767225600000-0}) or
 * by the id of its run. A run is looked for among the newest {@link #SEARCH_LIMIT} entries, which
 * is what any screen of them shows.
 */
public final class DeadRunSearch {
    public static final int SEARCH_LIMIT = 10_000;

    private final DeadLetters dead;

    DeadRunSearch(DeadLetters dead) {
        this.dead = dead;
    }

    /** The newest entries first, at most {@code limit}. */
    public List<DeadRun> recent(int limit) {
        return dead.recent(limit);
    }

    /** How many entries the dead list holds. */
    public long count() {
        return dead.count();
    }

    public DeadRun find(String entryOrRun) {
        if (entryOrRun.matches("\\d{1,19}-\\d{1,19}")) {
            return dead.get(entryOrRun).orElseThrow(() -> new OperationException(Kind.NO_SUCH_DEAD_RUN,
                    "no dead-run entry " + entryOrRun));
        }
        if (!entryOrRun.matches("\\d{1,18}")) {
            throw new OperationException(Kind.BAD_INPUT,
                    "not an entry id (like 1767225600000-0) or a run id: '" + entryOrRun + "'");
        }
        long runId = Long.parseLong(entryOrRun);
        return dead.recent(SEARCH_LIMIT).stream().filter(entry -> entry.runId() == runId).findFirst()
                .orElseThrow(() -> new OperationException(Kind.NO_SUCH_DEAD_RUN,
                        "run " + runId + " is not among the dead runs"));
    }
}
