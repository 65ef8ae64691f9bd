package io.redcron.config;

import java.io.IOException;
import java.io.Reader;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Objects;
import java.util.Optional;
import java.util.Properties;

/**
 * Where a running sandbox can be reached and with which passwords, so that other commands and the
 * desktop app find it without being told. The sandbox writes it to {@link #defaultLocation()} when
 * it is up and removes it on a clean stop.
 *
 * <p>The file is readable by its owner only (0600): the passwords in it are what keeps the other
 * users of the machine out of the sandbox's servers. The sandbox picks new ones on every start.
 */
public record SandboxConnection(String redisUri, Secret redisPassword, String jdbcUrl, String dbUser,
                                Secret dbPassword, Path dataDir, long pid, Instant startedAt) {

    private static final String REDIS_URI = "redis.uri";
    private static final String REDIS_PASSWORD = "redis.password";
    private static final String JDBC_URL = "mysql.url";
    private static final String DB_USER = "mysql.user";
    private static final String DB_PASSWORD = "mysql.password";
    private static final String DATA_DIR = "data.dir";
    private static final String PID = "pid";
    private static final String STARTED_AT = "started.at";

    public SandboxConnection {
        Objects.requireNonNull(redisUri, "redisUri");
        redisPassword = redisPassword == null ? Secret.NONE : redisPassword;
        Objects.requireNonNull(jdbcUrl, "jdbcUrl");
        dbPassword = dbPassword == null ? Secret.NONE : dbPassword;
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

    /**
     * Writes the file readable by its owner only, through a temporary file so a reader never sees
     * half of it; a missing folder is created private (0700).
     */
    public void write(Path file) {
        Properties props = new Properties();
        props.setProperty(REDIS_URI, redisUri);
        props.setProperty(REDIS_PASSWORD, redisPassword.reveal());
        props.setProperty(JDBC_URL, jdbcUrl);
        props.setProperty(DB_USER, dbUser);
        props.setProperty(DB_PASSWORD, dbPassword.reveal());
        props.setProperty(DATA_DIR, dataDir.toString());
        props.setProperty(PID, Long.toString(pid));
        props.setProperty(STARTED_AT, startedAt.toString());
        try {
            PrivateFiles.createFolders(file.toAbsolutePath().getParent());
            StringWriter text = new StringWriter();
            props.store(text, "Redcron sandbox: where it can be reached, with its passwords; keep this file private");
            PrivateFiles.write(file, text.toString());
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
        String redisUri = required(props, REDIS_URI, file);
        long pid;
        try {
            pid = Long.parseLong(required(props, PID, file));
        } catch (NumberFormatException e) {
            throw new ConfigException(file.toString(), "is not a sandbox connection file: " + e.getMessage());
        }
        if (!props.containsKey(REDIS_PASSWORD) || !props.containsKey(DB_PASSWORD)) {
            if (!ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
                return Optional.empty(); // left behind by an older sandbox that is gone
            }
            // Its servers let in every user of the machine. Rather than use them as if nothing were
            // wrong, ask for the restart that secures them.
            throw new ConfigException(file.toString(), "was written by a sandbox of an older Redcron (pid " + pid
                    + "), whose servers have no passwords; stop it and start it again with this version (the data is kept)");
        }
        try {
            return Optional.of(new SandboxConnection(redisUri, Secret.of(props.getProperty(REDIS_PASSWORD)),
                    required(props, JDBC_URL, file), required(props, DB_USER, file),
                    Secret.of(props.getProperty(DB_PASSWORD)), Path.of(required(props, DATA_DIR, file)), pid,
                    Instant.parse(required(props, STARTED_AT, file))));
        } catch (DateTimeParseException e) {
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
        } catch (ConfigException e) {
            return false; // another program's file, or an older sandbox's: not ours to delete
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
