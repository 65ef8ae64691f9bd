package io.redcron.store.mysql;

import io.redcron.port.StoreException;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import javax.sql.DataSource;

/**
 * The database's clock, read through this machine's: the local clock plus the offset measured
 * against {@code UTC_TIMESTAMP(6)}. Every node of a cluster times leases, fires and retries by
 * it, so a node whose clock runs ahead or behind neither reaps runs that are still going nor
 * keeps runs whose owner died: they all agree on one clock, the one the run rows live next to.
 *
 * <p>The offset is measured from the quickest of a few round trips, taking the database's
 * reading to belong to the middle of it; on a LAN that is within a millisecond. It is measured
 * again by {@link #sync()} (the node does so every minute), and kept when the database cannot
 * be reached: a node that cannot reach its database is not timing anything that counts.
 */
public final class DatabaseClock extends Clock {
    private static final int SAMPLES = 3;
    /** Smaller changes are measuring noise; following them would only make time jitter. */
    private static final long NOISE_NANOS = Duration.ofMillis(5).toNanos();

    private final DataSource dataSource;
    private final Clock local;
    private final LongSupplier ticks;
    /** Shared with the zoned copies of this clock, so they follow each new measurement. */
    private final AtomicLong offsetNanos;

    private DatabaseClock(DataSource dataSource, Clock local, LongSupplier ticks, AtomicLong offsetNanos) {
        this.dataSource = dataSource;
        this.local = local;
        this.ticks = ticks;
        this.offsetNanos = offsetNanos;
    }

    /** Measures the offset now; a database that does not answer is a {@link StoreException}. */
    public static DatabaseClock sync(DataSource dataSource, Clock local) {
        return sync(dataSource, local, System::nanoTime);
    }

    static DatabaseClock sync(DataSource dataSource, Clock local, LongSupplier ticks) {
        DatabaseClock clock = new DatabaseClock(dataSource, local, ticks, new AtomicLong());
        clock.offsetNanos.set(clock.measure());
        return clock;
    }

    /**
     * Measures the offset again and follows it when it moved by more than measuring noise.
     *
     * @return the offset in use afterwards
     */
    public Duration sync() {
        long measured = measure();
        if (Math.abs(measured - offsetNanos.get()) > NOISE_NANOS) {
            offsetNanos.set(measured);
        }
        return offset();
    }

    /** How far the database's clock is ahead of this machine's (negative: behind). */
    public Duration offset() {
        return Duration.ofNanos(offsetNanos.get());
    }

    private long measure() {
        try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement()) {
            long best = Long.MAX_VALUE;
            long offset = 0;
            for (int i = 0; i < SAMPLES; i++) {
                Instant sent = local.instant();
                long sentTick = ticks.getAsLong();
                Instant database = read(statement);
                long roundTrip = ticks.getAsLong() - sentTick;
                if (roundTrip < best) {
                    best = roundTrip;
                    Instant middle = sent.plusNanos(roundTrip / 2);
                    offset = Duration.between(middle, database).toNanos();
                }
            }
            return offset;
        } catch (SQLException e) {
            throw new StoreException("could not read the database's clock: " + e.getMessage(), e);
        }
    }

    private static Instant read(Statement statement) throws SQLException {
        // As text: the connector would shift a temporal value by a zone (see Jdbc).
        try (ResultSet row = statement.executeQuery("SELECT CAST(UTC_TIMESTAMP(6) AS CHAR)")) {
            row.next();
            return LocalDateTime.parse(row.getString(1).replace(' ', 'T')).toInstant(ZoneOffset.UTC);
        }
    }

    @Override
    public Instant instant() {
        return local.instant().plusNanos(offsetNanos.get());
    }

    @Override
    public long millis() {
        return local.millis() + offsetNanos.get() / 1_000_000;
    }

    @Override
    public ZoneId getZone() {
        return local.getZone();
    }

    /** The zone only changes how the time is shown; the offset is the same one. */
    @Override
    public Clock withZone(ZoneId zone) {
        return new DatabaseClock(dataSource, local.withZone(zone), ticks, offsetNanos);
    }
}
