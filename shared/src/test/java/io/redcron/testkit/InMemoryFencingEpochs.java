package io.redcron.testkit;

import io.redcron.port.FencingEpochs;

import java.time.Duration;
import java.util.Optional;

/** Scheduler epochs in memory; a new epoch publishes its leader's misfire threshold, as in MySQL. */
public final class InMemoryFencingEpochs implements FencingEpochs {
    private final Tables tables;
    private final Duration misfireThreshold;

    InMemoryFencingEpochs(Tables tables, Duration misfireThreshold) {
        this.tables = tables;
        this.misfireThreshold = misfireThreshold;
    }

    @Override
    public long advance(String namespace, String leader) {
        synchronized (tables) {
            long next = tables.epochs.containsKey(namespace) ? tables.epochs.get(namespace).value() + 1 : 1;
            tables.epochs.put(namespace, new Epoch(next, leader, tables.now()));
            if (misfireThreshold == null) {
                tables.misfireThresholds.remove(namespace);
            } else {
                tables.misfireThresholds.put(namespace, misfireThreshold);
            }
            return next;
        }
    }

    @Override
    public Optional<Epoch> current(String namespace) {
        synchronized (tables) {
            return Optional.ofNullable(tables.epochs.get(namespace));
        }
    }

    /** Fails unless {@code epoch} is the namespace's current one, as every fenced leader write checks. */
    void check(String namespace, long epoch) {
        Epoch current = tables.epochs.get(namespace);
        if (current == null || current.value() != epoch) {
            throw new io.redcron.port.FencedOutException(namespace, epoch, current == null ? 0 : current.value());
        }
    }
}
