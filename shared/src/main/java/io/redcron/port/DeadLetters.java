package io.redcron.port;

import io.redcron.port.QueueInspector.DeadRun;

import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * Runs that failed for good, kept for operators to look at, run again or forget. Entries are
 * written by {@link RunQueue#dead} when a run exhausts its attempts; this port is the operators'
 * side of the same list, and the list is capped, so the oldest entries may go unread.
 */
public interface DeadLetters {

    /** The newest entries first, at most {@code limit}. */
    List<DeadRun> recent(int limit);

    /** The entry with this id, if it is still there. */
    Optional<DeadRun> get(String entryId);

    /** How many entries the list holds. */
    long count();

    /**
     * Removes one entry as a claim on it: of several callers taking the same entry, exactly one
     * gets true, so only that one acts on it.
     */
    boolean take(String entryId);

    /** Adds an entry again (after a taker could not act on it); it gets a new entry id. */
    void putBack(DeadRun entry);

    /** Removes the entries with these ids; returns how many were still there. */
    long remove(Collection<String> entryIds);

    /** Removes every entry at once; returns how many there were. */
    long removeAll();
}
