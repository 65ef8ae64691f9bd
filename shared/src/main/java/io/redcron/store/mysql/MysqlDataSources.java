package io.redcron.store.mysql;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.pool.HikariPool;
import io.redcron.config.MysqlConfig;
import io.redcron.port.StoreException;

import java.util.Properties;

/** Builds the connection pool of a node or of the desktop app from its {@link MysqlConfig}. */
public final class MysqlDataSources {
    private static final String POOL_NAME = "redcron-mysql";

    private MysqlDataSources() {
    }

    /**
     * Opens a pool and proves it with one connection, so that a wrong URL, host or password is
     * reported now, in one line that names the URL (never the password).
     */
    public static HikariDataSource open(MysqlConfig config) {
        try {
            return new HikariDataSource(hikariConfig(config));
        } catch (HikariPool.PoolInitializationException e) {
            if (isTls(e)) {
                throw new StoreException("TLS with the database at " + config.jdbcUrl() + " failed: " + reason(e)
                        + " (check mysql.tls.mode, mysql.tls.ca-file or mysql.tls.trust-store)", e);
            }
            throw new StoreException("cannot connect to " + config.jdbcUrl() + " as '" + config.user() + "': "
                    + reason(e), e);
        }
    }

    static HikariConfig hikariConfig(MysqlConfig config) {
        HikariConfig hikari = new HikariConfig();
        hikari.setPoolName(POOL_NAME);
        hikari.setJdbcUrl(config.connectorUrl());
        hikari.setUsername(config.user());
        hikari.setPassword(config.password().reveal());
        hikari.setMaximumPoolSize(config.poolSize());
        hikari.setMinimumIdle(Math.min(2, config.poolSize()));
        hikari.setConnectionTimeout(Math.max(250, config.connectTimeout().toMillis()));
        hikari.setInitializationFailTimeout(Math.max(1, config.connectTimeout().toMillis()));
        // Fewer gap locks between nodes inserting runs; fencing reads lock explicitly.
        hikari.setTransactionIsolation("TRANSACTION_READ_COMMITTED");
        hikari.setDataSourceProperties(driverProperties(config));
        return hikari;
    }

    static Properties driverProperties(MysqlConfig config) {
        Properties properties = new Properties();
        // Times are stored as UTC wall-clock values whatever the server's or the JVM's zone is.
        properties.setProperty("connectionTimeZone", "UTC");
        properties.setProperty("forceConnectionTimeZoneToSession", "true");
        properties.setProperty("characterEncoding", "UTF-8");
        properties.setProperty("connectionCollation", "utf8mb4_bin");
        properties.setProperty("connectTimeout", Long.toString(config.connectTimeout().toMillis()));
        properties.setProperty("rewriteBatchedStatements", "true");
        properties.setProperty("cachePrepStmts", "true");
        properties.setProperty("prepStmtCacheSize", "250");
        // Batch statements of a worker (a claim of 256 runs, their results) are long; parsing one
        // costs more than the cache entry.
        properties.setProperty("prepStmtCacheSqlLimit", "16384");
        // Client-side prepared statements: one round trip per statement and no server-side
        // statement handles to leak; values are still sent escaped, never spliced by us.
        properties.setProperty("useServerPrepStmts", "false");
        properties.setProperty("useLocalSessionState", "true");
        properties.setProperty("tcpKeepAlive", "true");
        MysqlTls.addTo(properties, config);
        return properties;
    }

    private static boolean isTls(Throwable error) {
        for (Throwable cause = error; cause != null && cause != cause.getCause(); cause = cause.getCause()) {
            if (cause instanceof javax.net.ssl.SSLException || cause instanceof java.security.cert.CertificateException) {
                return true;
            }
        }
        return false;
    }

    /** The innermost message: the driver wraps the one that says what went wrong. */
    static String reason(Throwable error) {
        Throwable cause = error;
        while (cause.getCause() != null && cause.getCause() != cause) {
            cause = cause.getCause();
        }
        String message = cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage();
        return message.lines().findFirst().orElse(message).trim();
    }
}
