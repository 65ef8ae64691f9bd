package io.redcron.config;

import java.util.Objects;

/**
 * A password or token. {@link #toString()} never shows the value, so a secret that ends up in a
 * log line or an exception message by accident stays hidden.
 */
public final class Secret {
    public static final Secret NONE = new Secret("");

    private final String value;

    private Secret(String value) {
        this.value = Objects.requireNonNull(value);
    }

    public static Secret of(String value) {
        return value == null || value.isEmpty() ? NONE : new Secret(value);
    }

    public String reveal() {
        return value;
    }

    public boolean isEmpty() {
        return value.isEmpty();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Secret secret && secret.value.equals(value);
    }

    @Override
    public int hashCode() {
        return value.hashCode();
    }

    @Override
    public String toString() {
        return value.isEmpty() ? "(none)" : "******";
    }
}
