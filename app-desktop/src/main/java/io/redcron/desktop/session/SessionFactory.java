package io.redcron.desktop.session;

import com.zaxxer.hikari.HikariDataSource;
import io.redcron.config.MysqlConfig;
import io.redcron.config.RedisConfig;
import io.redcron.config.Secret;
import io.redcron.desktop.connect.ConnectionProfile;
import io.redcron.store.mysql.DatabaseClock;
import io.redcron.store.mysql.MysqlDataSources;
import io.redcron.store.redis.RedisConnector;
import io.redcron.store.redis.RedisKeys;
import redis.clients.jedis.UnifiedJedis;

import java.sql.Connection;
import java.time.Clock;
import java.time.Duration;

/** Opens sessions, and checks each store of a profile separately so the verdict says which failed. */
public final class SessionFactory {
    private static final Duration TIMEOUT = Duration.ofSeconds(5);

    private final String operator;
    private final Clock clock;

    public SessionFactory(String operator, Clock clock) {
        this.operator = operator;
        this.clock = clock;
    }

    /** The outcome of trying one store: null message means it answered. */
    public record Verdict(boolean ok, String message) {
        static Verdict ok(String message) {
            return new Verdict(true, message);
        }

        static Verdict failed(Exception e) {
            return new Verdict(false, e.getMessage());
        }
    }

    public record Check(Verdict redis, Verdict mysql) {
        public boolean ok() {
            return redis.ok() && mysql.ok();
        }
    }

    /** Tries both stores; never throws. */
    public Check check(ConnectionProfile profile, Secret dbPassword, Secret redisPassword) {
        Verdict redis;
        try (UnifiedJedis client = RedisConnector.open(redisConfig(profile, redisPassword), "redcron-desktop-check", 1)) {
            new RedisKeys(profile.namespace());
            redis = Verdict.ok("Redis answered at " + redisConfig(profile, redisPassword).displayUri());
        } catch (Exception e) {
            redis = Verdict.failed(e);
        }
        Verdict mysql;
        try (HikariDataSource dataSource = MysqlDataSources.open(mysqlConfig(profile, dbPassword, 1));
             Connection connection = dataSource.getConnection()) {
            mysql = Verdict.ok("Database answered: " + connection.getMetaData().getDatabaseProductName() + " "
                    + connection.getMetaData().getDatabaseProductVersion());
        } catch (Exception e) {
            mysql = Verdict.failed(e);
        }
        return new Check(redis, mysql);
    }

    public Session open(ConnectionProfile profile, Secret dbPassword, Secret redisPassword) {
        HikariDataSource dataSource = MysqlDataSources.open(mysqlConfig(profile, dbPassword, 4));
        try {
            // Changes are stamped by the database's clock, as the nodes read time (see DatabaseClock).
            Clock databaseClock = DatabaseClock.sync(dataSource, clock);
            UnifiedJedis redis = RedisConnector.open(redisConfig(profile, redisPassword), "redcron-desktop", 4);
            return new Session(profile.namespace(), dataSource, redis, operator, databaseClock);
        } catch (RuntimeException e) {
            dataSource.close();
            throw e;
        }
    }

    private static RedisConfig redisConfig(ConnectionProfile profile, Secret password) {
        return RedisConfig.fromUri(profile.redisUri(), password, TIMEOUT);
    }

    private static MysqlConfig mysqlConfig(ConnectionProfile profile, Secret password, int pool) {
        return MysqlConfig.of(profile.jdbcUrl(), profile.user(), password).withPoolSize(pool).withConnectTimeout(TIMEOUT);
    }
}
