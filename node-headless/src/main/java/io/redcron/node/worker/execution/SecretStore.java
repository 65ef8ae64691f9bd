package io.redcron.node.worker.execution;

import io.redcron.domain.SecretReferences;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Resolves {@code ${secret:NAME}} on this node: the value is the content of the file NAME in
 * {@code worker.secrets-dir} (trailing line breaks dropped), read when a run starts, so a rotated
 * secret is used from the next run on. Only this node's configuration decides where secrets come
 * from; a name is a plain file name ({@link SecretReferences#NAME}), never a path, and a symbolic
 * link is not followed out of the directory.
 *
 * <p>Keep only secrets meant for tasks in that directory, never the node's own store passwords:
 * every task this node runs may reference every secret in it.
 */
final class SecretStore {
    static final SecretStore NONE = new SecretStore(Optional.empty());
    private static final int MAX_BYTES = 64 * 1024;

    private final Optional<Path> dir;

    SecretStore(Optional<Path> dir) {
        this.dir = dir;
    }

    /** Thrown with a one-line reason that names the secret but never holds its value. */
    static final class MissingSecretException extends Exception {
        MissingSecretException(String message) {
            super(message, null, false, false);
        }
    }

    /** The value of every secret {@code texts} reference, by name. */
    Map<String, String> resolveAll(Iterable<String> texts) throws MissingSecretException {
        Map<String, String> values = new LinkedHashMap<>();
        for (String text : texts) {
            for (String name : SecretReferences.names(text)) {
                if (!values.containsKey(name)) {
                    values.put(name, read(name));
                }
            }
        }
        return values;
    }

    private String read(String name) throws MissingSecretException {
        if (!SecretReferences.NAME.matcher(name).matches()) {
            throw new MissingSecretException("secret name '" + Texts.oneLine(name, 80) + "' is not valid");
        }
        if (dir.isEmpty()) {
            throw new MissingSecretException("secret '" + name + "' cannot be resolved: this node has no"
                    + " worker.secrets-dir");
        }
        Path file = dir.get().resolve(name);
        try {
            if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS) || Files.size(file) > MAX_BYTES) {
                throw new MissingSecretException("secret '" + name + "' is not a file of at most 64 KiB in "
                        + dir.get() + " (worker.secrets-dir)");
            }
            String value = Files.readString(file, StandardCharsets.UTF_8);
            return value.replaceAll("[\\r\\n]+$", "");
        } catch (IOException e) {
            throw new MissingSecretException("secret '" + name + "' cannot be read from " + dir.get()
                    + " (worker.secrets-dir): " + e.getClass().getSimpleName());
        }
    }
}
