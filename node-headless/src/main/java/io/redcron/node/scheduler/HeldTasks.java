package io.redcron.node.scheduler;

import io.redcron.port.Dispatch;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.function.LongPredicate;

/**
 * The tasks a maintenance window holds, and where their schedule entries wait meanwhile: at the
 * window's planned end, or a while ahead for one that lasts until resumed. When the window ends
 * early the entries are moved to now, so the held fires are decided at once rather than when the
 * entry comes due. Only a memory of this leader: a new leader rebuilds the index from MySQL, where
 * each held task's next fire is the first one held, and finds the tasks held again.
 */
final class HeldTasks {
    private record Held(long windowId, Instant entryDue) {
    }

    private final Map<Long, Held> byTask = new HashMap<>();

    void hold(long taskId, long windowId, Instant entryDue) {
        byTask.put(taskId, new Held(windowId, entryDue));
    }

    /** A task planned again is no longer waiting on a window. */
    void forget(long taskId) {
        byTask.remove(taskId);
    }

    /** The schedule entries to move to {@code now}: those of tasks whose window no longer holds. */
    List<Dispatch.Advance> released(LongPredicate windowHolds, Instant now) {
        if (byTask.isEmpty()) {
            return List.of();
        }
        List<Dispatch.Advance> released = new ArrayList<>();
        Map<Long, Boolean> holds = new HashMap<>();
        for (Iterator<Map.Entry<Long, Held>> it = byTask.entrySet().iterator(); it.hasNext(); ) {
            Map.Entry<Long, Held> entry = it.next();
            Held held = entry.getValue();
            if (!holds.computeIfAbsent(held.windowId(), windowHolds::test)) {
                released.add(new Dispatch.Advance(entry.getKey(), held.entryDue(), now));
                it.remove();
            }
        }
        return released;
    }

    int size() {
        return byTask.size();
    }
}
