package io.redcron.format;

import java.io.IOException;
import java.io.InputStream;
import java.util.Optional;

/**
 * Reads input that a user names (a task file, standard input, a config or password file) only up
 * to a limit: {@code /dev/zero}, {@code /dev/urandom} or a log file named by mistake ends in one
 * line naming the limit, not in a JVM out of memory.
 */
public final class BoundedRead {
    private BoundedRead() {
    }

    /**
     * The whole content of {@code in} if it holds at most {@code limit} bytes; empty if it holds
     * more, having read no more than one byte past the limit.
     */
    public static Optional<byte[]> upTo(InputStream in, int limit) throws IOException {
        byte[] content = in.readNBytes(limit + 1);
        return content.length > limit ? Optional.empty() : Optional.of(content);
    }

    /** A size for messages: {@code 1 MiB}, {@code 64 KiB}, {@code 100 bytes}. */
    public static String size(int bytes) {
        if (bytes % (1024 * 1024) == 0) {
            return bytes / (1024 * 1024) + " MiB";
        }
        return bytes % 1024 == 0 ? bytes / 1024 + " KiB" : bytes + " bytes";
    }
}
