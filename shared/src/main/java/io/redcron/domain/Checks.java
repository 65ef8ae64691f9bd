package io.redcron.domain;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Collection;
import java.util.Map;

/** Validation helpers shared by the domain records; each failure names its field. */
final class Checks {
    private Checks() {
    }

    static <T> T required(String field, T value) {
        if (value == null) {
            throw new InvalidTaskException(field, "is required");
        }
        return value;
    }

    static String text(String field, String value, int maxLength) {
        required(field, value);
        if (value.isBlank()) {
            throw new InvalidTaskException(field, "must not be blank");
        }
        if (value.length() > maxLength) {
            throw new InvalidTaskException(field, "is " + value.length() + " characters long, at most " + maxLength
                    + " allowed");
        }
        if (value.chars().anyMatch(c -> c < 0x20 && c != '\t')) {
            throw new InvalidTaskException(field, "must not contain control characters");
        }
        return value;
    }

    static String optionalText(String field, String value, int maxLength) {
        if (value == null || value.isEmpty()) {
            return "";
        }
        if (value.length() > maxLength) {
            throw new InvalidTaskException(field, "is " + value.length() + " characters long, at most " + maxLength
                    + " allowed");
        }
        return value;
    }

    /**
     * Payload texts are limited in UTF-8 bytes, not characters: a command line, an environment
     * and a database row hold bytes, and Linux refuses a single argument or variable over 128 KiB.
     */
    static String payloadText(String field, String value) {
        limitBytes(field, "is", utf8Length(value));
        return value;
    }

    /** The total size of a map of names and values (environment, parameters, headers, settings). */
    static void payloadMap(String field, Map<String, String> values) {
        long bytes = 0;
        for (Map.Entry<String, String> entry : values.entrySet()) {
            bytes += utf8Length(entry.getKey()) + utf8Length(entry.getValue());
        }
        limitBytes(field, "are", bytes);
    }

    /** The total size of a list of texts (program arguments, alert targets). */
    static void payloadList(String field, Collection<String> values) {
        long bytes = 0;
        for (String value : values) {
            bytes += utf8Length(value);
        }
        limitBytes(field, "are", bytes);
    }

    private static void limitBytes(String field, String verb, long bytes) {
        if (bytes > TaskPayload.MAX_TEXT) {
            throw new InvalidTaskException(field, verb + " " + bytes + " bytes (UTF-8), at most " + TaskPayload.MAX_TEXT
                    + " allowed");
        }
    }

    private static long utf8Length(String value) {
        return value == null ? 0 : value.getBytes(StandardCharsets.UTF_8).length;
    }

    /** Namespaces and groups end up in Redis key names and stream names: keep them plain. */
    static String identifier(String field, String value) {
        required(field, value);
        if (!Identifiers.isIdentifier(value)) {
            throw new InvalidTaskException(field, "'" + value + "' must be " + Identifiers.IDENTIFIER_RULE
                    + ", starting with a letter or digit");
        }
        return value;
    }

    static Duration positive(String field, Duration value) {
        required(field, value);
        if (value.isNegative() || value.isZero()) {
            throw new InvalidTaskException(field, "must be positive, got " + Durations.format(value));
        }
        return value;
    }

    static Map<String, String> params(String field, Map<String, String> params) {
        if (params == null) {
            return Map.of();
        }
        params.forEach((name, value) -> {
            if (!Identifiers.isParameterName(name)) {
                throw new InvalidTaskException(field, "parameter name '" + name + "' must match [A-Za-z_][A-Za-z0-9_]*"
                        + " (it becomes the environment variable REDCRON_PARAM_<NAME>)");
            }
            if (value == null) {
                throw new InvalidTaskException(field, "parameter '" + name + "' has no value");
            }
            if (value.indexOf('\0') >= 0) {
                throw new InvalidTaskException(field, "parameter '" + name + "' contains a NUL character");
            }
        });
        payloadMap(field, params);
        return Map.copyOf(params);
    }
}
