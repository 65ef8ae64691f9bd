package io.redcron.domain;

import java.time.Duration;
import java.util.Map;
import java.util.regex.Pattern;

/** Validation helpers shared by the domain records; each failure names its field. */
final class Checks {
    private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,63}");
    private static final Pattern PARAM_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]{0,63}");

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

    /** Namespaces and groups end up in Redis key names and stream names: keep them plain. */
    static String identifier(String field, String value) {
        required(field, value);
        if (!IDENTIFIER.matcher(value).matches()) {
            throw new InvalidTaskException(field, "'" + value + "' must be 1-64 letters, digits, '.', '_' or '-',"
                    + " starting with a letter or digit");
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
            if (name == null || !PARAM_NAME.matcher(name).matches()) {
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
        return Map.copyOf(params);
    }
}
