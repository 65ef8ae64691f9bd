package io.redcron.node.alert;

import io.redcron.config.Secret;
import io.redcron.domain.AlertTarget;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The signing keys of chat robots: one file per robot in {@code alerts.chat-secrets-dir}, named
 * by the target's {@code #secret=NAME}. Tasks are stored in the database and shown to viewers, so
 * a task names a key and never holds it. Read at each delivery: a rotated key counts at once.
 */
final class ChatSecrets {
    private static final int MAX_SECRET = 4096;

    private final Optional<Path> dir;

    ChatSecrets(Optional<Path> dir) {
        this.dir = dir;
    }

    /**
     * @return the key the target names, or {@link Secret#NONE} when it names none
     * @throws DeliveryException when the key cannot be read: the message names the key, never its content
     */
    Secret of(AlertTarget.Chat target) throws DeliveryException {
        if (target.secretName() == null) {
            return Secret.NONE;
        }
        if (dir.isEmpty()) {
            throw missing(target, "alerts.chat-secrets-dir is not set");
        }
        // The name is checked when the target is read (no separators, no leading dot): it stays in the directory.
        Path file = dir.get().resolve(target.secretName());
        if (!Files.isRegularFile(file)) {
            throw missing(target, "there is no file " + file);
        }
        try (InputStream in = Files.newInputStream(file)) {
            String value = new String(in.readNBytes(MAX_SECRET), StandardCharsets.UTF_8).strip();
            if (value.isEmpty()) {
                throw missing(target, file + " is empty");
            }
            return Secret.of(value);
        } catch (IOException e) {
            throw missing(target, "cannot read " + file + " (" + e.getClass().getSimpleName() + ")");
        }
    }

    /** Not worth another try soon: an operator has to add the file. */
    private static DeliveryException missing(AlertTarget.Chat target, String why) {
        return new DeliveryException(target.redacted() + ": no signing secret '" + target.secretName() + "': " + why,
                false);
    }
}
