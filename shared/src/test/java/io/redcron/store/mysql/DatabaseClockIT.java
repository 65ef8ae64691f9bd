package io.redcron.store.mysql;

import com.zaxxer.hikari.HikariDataSource;
import io.redcron.port.StoreException;
import io.redcron.testing.MysqlStores;
import io.redcron.testing.TestDatabase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

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
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A machine's clock read as the database's, whatever the machine's clock says. */
class DatabaseClockIT {
    /** The database and this test share a machine: any real measurement lands well within this. */
    private static final Duration CLOSE = Duration.ofMillis(500);

    @RegisterExtension
    static final MysqlStores mysql = MysqlStores.freshDatabase();
    private static final HikariDataSource pool = mysql.pool();

    @Test
    void onAMachineWhoseClockIsRightTheOffsetIsAboutNothing() {
        DatabaseClock clock = DatabaseClock.sync(pool, Clock.systemUTC());

        assertThat(clock.offset().abs()).isLessThan(CLOSE);
        assertThat(Duration.between(databaseNow(), clock.instant()).abs()).isLessThan(CLOSE);
    }

    @Test
    void aMachineClockAheadOrBehindIsCorrectedToTheDatabases() {
        DatabaseClock ahead = DatabaseClock.sync(pool, Clock.offset(Clock.systemUTC(), Duration.ofMinutes(7)));
        DatabaseClock behind = DatabaseClock.sync(pool, Clock.offset(Clock.systemUTC(), Duration.ofHours(-3)));

        assertThat(ahead.offset().plusMinutes(7).abs()).isLessThan(CLOSE);
        assertThat(behind.offset().minusHours(3).abs()).isLessThan(CLOSE);
        assertThat(Duration.between(databaseNow(), ahead.instant()).abs()).isLessThan(CLOSE);
        assertThat(Duration.between(databaseNow(), behind.instant()).abs()).isLessThan(CLOSE);
        assertThat(Math.abs(ahead.millis() - databaseNow().toEpochMilli())).isLessThan(CLOSE.toMillis());
    }

    @Test
    void aMachineClockThatJumpsIsFollowedAtTheNextSync() {
        StepClock local = new StepClock(Duration.ofSeconds(30));
        DatabaseClock clock = DatabaseClock.sync(pool, local);
        Clock zoned = clock.withZone(ZoneId.of("Asia/Shanghai"));

        local.skew(Duration.ofSeconds(-45));
        Duration offset = clock.sync();

        assertThat(offset.minusSeconds(45).abs()).isLessThan(CLOSE);
        assertThat(Duration.between(databaseNow(), clock.instant()).abs()).isLessThan(CLOSE);
        assertThat(Duration.between(databaseNow(), zoned.instant()).abs()).isLessThan(CLOSE);
        assertThat(zoned.getZone()).isEqualTo(ZoneId.of("Asia/Shanghai"));
    }

    @Test
    void aDatabaseThatCannotBeReachedKeepsTheLastOffsetAndSaysWhy() {
        HikariDataSource closed = TestDatabase.freshDataSource();
        DatabaseClock clock = DatabaseClock.sync(closed, Clock.offset(Clock.systemUTC(), Duration.ofMinutes(-2)));
        closed.close();

        assertThatThrownBy(clock::sync).isInstanceOf(StoreException.class)
                .hasMessageStartingWith("could not read the database's clock");
        assertThat(clock.offset().minusMinutes(2).abs()).isLessThan(CLOSE);
    }

    private static Instant databaseNow() {
        try (Connection connection = pool.getConnection(); Statement statement = connection.createStatement();
             ResultSet row = statement.executeQuery("SELECT CAST(UTC_TIMESTAMP(6) AS CHAR)")) {
            row.next();
            return LocalDateTime.parse(row.getString(1).replace(' ', 'T')).toInstant(ZoneOffset.UTC);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The system clock off by an amount the test changes, as a machine's clock set by hand. */
    private static final class StepClock extends Clock {
        private final AtomicReference<Duration> skew;
        private final ZoneId zone;

        StepClock(Duration skew) {
            this(new AtomicReference<>(skew), ZoneOffset.UTC);
        }

        private StepClock(AtomicReference<Duration> skew, ZoneId zone) {
            this.skew = skew;
            this.zone = zone;
        }

        void skew(Duration value) {
            skew.set(value);
        }

        @Override
        public Instant instant() {
            return Instant.now().plus(skew.get());
        }

        @Override
        public ZoneId getZone() {
            return zone;
        }

        @Override
        public Clock withZone(ZoneId other) {
            return new StepClock(skew, other);
        }
    }
}
