package io.redcron.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Small files tests hand to a configuration. */
public final class TestFiles {
    private TestFiles() {
    }

    /** A password file, as an operator would give one in {@code *.password-file}. */
    public static Path secret(Path dir, String name, String secret) {
        try {
            Files.createDirectories(dir);
            return Files.writeString(dir.resolve(name), secret);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
