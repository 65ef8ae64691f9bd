package io.redcron.config;

import io.redcron.domain.Durations;
import io.redcron.domain.Identifiers;

import java.time.Duration;
import java.util.Objects;

/** The checks the configuration records make; each failure names the setting the value came from. */
final class SettingChecks {
    private SettingChecks() {
    }

    static int range(Setting setting, int value, int min, int max) {
        if (value < min || value > max) {
            throw new ConfigException(setting.key(), value + " is out of range " + min + "-" + max);
        }
        return value;
    }

    static Duration positive(Setting setting, Duration value) {
        present(setting, value);
        if (value.isNegative() || value.isZero()) {
            throw new ConfigException(setting.key(), "must be positive, got '" + Durations.format(value) + "'");
        }
        return value;
    }

    static Duration notNegative(Setting setting, Duration value) {
        present(setting, value);
        if (value.isNegative()) {
            throw new ConfigException(setting.key(), "must not be negative, got '" + Durations.format(value) + "'");
        }
        return value;
    }

    static String identifier(Setting setting, String value) {
        if (!Identifiers.isIdentifier(value)) {
            throw new ConfigException(setting.key(), "'" + value + "' must be " + Identifiers.IDENTIFIER_RULE);
        }
        return value;
    }

    static <T> T present(Setting setting, T value) {
        return Objects.requireNonNull(value, setting.key());
    }
}
