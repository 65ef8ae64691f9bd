package io.redcron.config;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Objects;
import java.util.Optional;
import java.util.Properties;

/**
 * Where a running sandbox can be reached, so that other commands and the desktop app find it
 * without being told. The sandbox writes it to {@link #defaultLocation()} when it is up and
 * removes it on a clean stop.
 *
 * <p>It holds no password: the sandbox listens on loopback only and its database user has none,
 * so nothing secret ever lands in this file.
 */
public record SandboxConnection(String redisUri, String jdbcUrl, String dbUser, Path dataDir, long pid,
                                Instant startedAt) {

    private static final String REDIS_URI = "redis.uri";
    private static final String JDBC_URL = "mysql.url";
    private static final String DB_USER = "mysql.user";
    private static final String DATA_DIR = "data.dir";
    private static final String PID = "pid";
    private static final String STARTED_AT = "started.at";

    public SandboxConnection {
        Objects.requireNonNull(redisUri, "redisUri");
        Objects.requireNonNull(jdbcUrl, "jdbcUrl");
        Objects.requireNonNull(dbUser, "dbUser");
        dataDir = Objects.requireNonNull(dataDir, "dataDir").toAbsolutePath();
        Objects.requireNonNull(startedAt, "startedAt");
    }

    /** {@code ~/.redcron/sandbox.properties}, whatever data folder the sandbox uses. */
    public static Path defaultLocation() {
        return home().resolve("sandbox.properties");
    }

    /**
     * Redcron's folder in the user's home: {@code ~/.redcron}, or {@code $REDCRON_HOME} (or the
     * system property {@code redcron.home}) when set, so tests and several setups stay apart.
     */
    public static Path home() {
        String property = System.getProperty("redcron.home");
        if (property != null && !property.isBlank()) {
            return Path.of(property);
        }
        String env = System.getenv("REDCRON_HOME");
        if (env != null && !env.isBlank()) {
            return Path.of(env);
        }
        return Path.of(System.getProperty("user.home"), ".redcron");
    }

    /** Writes through a temporary file, so a reader never sees half a file. */
    public void write(Path file) {
        Properties props = new Properties();
        props.setProperty(REDIS_URI, redisUri);
        props.setProperty(JDBC_URL, jdbcUrl);
        props.setProperty(DB_USER, dbUser);
        props.setProperty(DATA_DIR, dataDir.toString());
        props.setProperty(PID, Long.toString(pid));
        props.setProperty(STARTED_AT, startedAt.toString());
        try {
            Path dir = file.toAbsolutePath().getParent();
            Files.createDirectories(dir);
            Path tmp = Files.createTempFile(dir, file.getFileName().toString(), ".tmp");
            try (Writer out = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
                props.store(out, "Redcron sandbox: where it can be reached (loopback only, no credentials)");
            }
            try {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    /** The connection in {@code file}, or empty when there is none. */
    public static Optional<SandboxConnection> read(Path file) {
        Properties props = new Properties();
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            props.load(in);
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
        try {
            return Optional.of(new SandboxConnection(
                    required(props, REDIS_URI, file), required(props, JDBC_URL, file), required(props, DB_USER, file),
                    Path.of(required(props, DATA_DIR, file)), Long.parseLong(required(props, PID, file)),
                    Instant.parse(required(props, STARTED_AT, file))));
        } catch (NumberFormatException | DateTimeParseException e) {
            throw new ConfigException(file.toString(), "is not a sandbox connection file: " + e.getMessage());
        }
    }

    /** Whether the process that wrote this is still running; a killed sandbox leaves its file behind. */
    public boolean isAlive() {
        return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    }

    /**
     * Deletes {@code file} if it still describes the sandbox of process {@code ownerPid}: a sandbox
     * started later from another data folder may have replaced it, and that one stays findable.
     *
     * @return whether the file was deleted
     */
    public static boolean deleteIfOwnedBy(Path file, long ownerPid) {
        try {
            Optional<SandboxConnection> current = read(file);
            if (current.isPresent() && current.get().pid() == ownerPid) {
                return Files.deleteIfExists(file);
            }
            return false;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete " + file + ": " + e.getMessage(), e);
        }
    }

    private static String required(Properties props, String key, Path file) {
        String value = props.getProperty(key);
        if (value == null || value.isBlank()) {
            throw new ConfigException(file.toString(), "has no " + key + "; it is not a sandbox connection file");
        }
        return value.trim();
    }
}
