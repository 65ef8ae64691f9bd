package io.redcron.node.scheduler;

import java.util.Optional;
import java.util.function.LongSupplier;

/**
 * Whether this node leads its namespace's scheduler right now, judged on the monotonic clock: a
 * term ends when its lease could have expired, even if no renewal has failed yet (the process may
 * have been paused). The fencing epoch makes a stale belief harmless; this makes it short.
 */
public final class Leadership {
    private final LongSupplier nanoTime;
    private volatile Term term;

    public Leadership(LongSupplier nanoTime) {
        this.nanoTime = nanoTime;
    }

    /**
     * @param epoch      the fencing token of this term
     * @param holder     the lease value, {@code nodeId:uuid}
     * @param validUntil {@link System#nanoTime()} after which the lease may be someone else's
     */
    public record Term(long epoch, String holder, long validUntil) {
    }

    public Optional<Term> current() {
        Term now = term;
        if (now == null || nanoTime.getAsLong() - now.validUntil() >= 0) {
            return Optional.empty();
        }
        return Optional.of(now);
    }

    public boolean isLeader() {
        return current().isPresent();
    }

    /** The term believed, even if it may have run out (for renewing it). */
    Term held() {
        return term;
    }

    void begin(Term newTerm) {
        term = newTerm;
    }

    void extend(long validUntil) {
        Term now = term;
        if (now != null) {
            term = new Term(now.epoch(), now.holder(), validUntil);
        }
    }

    /** Ends the term; returns the one that ended, if any. */
    Term end() {
        Term ended = term;
        term = null;
        return ended;
    }
}
