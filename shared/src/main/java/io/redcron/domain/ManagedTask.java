package io.redcron.domain;

import java.time.Instant;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * A task declared in an application's code: which application manages it, at which version it
 * last reconciled, what edits made elsewhere get, and the task as that code declared it (its task
 * document with credentials masked), against which the stored task's drift is shown.
 */
public record ManagedTask(long taskId, String namespace, String application, String version, EditPolicy edits,
                          String declared, Instant reconciledAt) {
    private static final Pattern APPLICATION = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,99}");
    public static final int MAX_VERSION = 64;

    public ManagedTask {
        Objects.requireNonNull(namespace, "namespace");
        application = application(application);
        version = version(version);
        Objects.requireNonNull(edits, "edits");
        Objects.requireNonNull(declared, "declared");
        Objects.requireNonNull(reconciledAt, "reconciledAt");
    }

    /**
     * @throws InvalidTaskException naming {@code application} unless 1-100 letters, digits, dots, dashes or underscores
     */
    public static String application(String name) {
        if (name == null || !APPLICATION.matcher(name).matches()) {
            throw new InvalidTaskException("application", "'" + name + "' must be 1-100 letters, digits, '.', '_' or '-',"
                    + " starting with a letter or digit");
        }
        return name;
    }

    /** @throws InvalidTaskException naming {@code version} unless 1-64 printable characters */
    public static String version(String version) {
        if (version == null || version.isBlank() || version.length() > MAX_VERSION
                || version.chars().anyMatch(c -> c < 0x20 || c == 0x7f)) {
            throw new InvalidTaskException("version", "an application version of 1-" + MAX_VERSION
                    + " printable characters is required, got '" + version + "'");
        }
        return version;
    }

    /** How a front end names the manager: {@code orders 1.4.2}. */
    public String managedBy() {
        return application + " " + version;
    }
}
