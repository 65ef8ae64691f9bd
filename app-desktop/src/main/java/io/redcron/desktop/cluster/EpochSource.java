package io.redcron.desktop.cluster;

import io.redcron.port.FencingEpochs;

import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Where the cluster screen reads the scheduler's fencing epoch. The epoch lives in MySQL
 * ({@code scheduler_epoch}); the screen takes it from whoever owns the database connection, for
 * example {@code new EpochSource(() -> new MysqlFencingEpochs(dataSource, clock).current(namespace))}.
 * The supplier is only ever called off the JavaFX thread and may throw; the screen then shows the
 * error on the epoch line and the leader and nodes from Redis regardless.
 */
public final class EpochSource {
    private static final EpochSource UNAVAILABLE = new EpochSource(null);

    private final Supplier<Optional<FencingEpochs.Epoch>> epoch;

    public EpochSource(Supplier<Optional<FencingEpochs.Epoch>> epoch) {
        this.epoch = epoch;
    }

    /** For an app that has no way to the epoch: the screen says so instead of showing one. */
    public static EpochSource unavailable() {
        return UNAVAILABLE;
    }

    boolean available() {
        return epoch != null;
    }

    /** The namespace's current epoch, or empty when no scheduler has led it yet. */
    Optional<FencingEpochs.Epoch> read() {
        if (epoch == null) {
            return Optional.empty();
        }
        return Objects.requireNonNullElse(epoch.get(), Optional.empty());
    }
}
