package io.redcron.port;

import java.util.Optional;

/**
 * The fencing token of each namespace's scheduler, kept in MySQL. A new leader takes the next
 * epoch; every leader transaction checks it still holds the current one.
 */
public interface FencingEpochs {

    /** Bumps the namespace's epoch and records {@code leader} as its holder; returns the new epoch. */
    long advance(String namespace, String leader);

    Optional<Epoch> current(String namespace);

    record Epoch(long value, String leader, java.time.Instant since) {
    }
}
