package io.redcron.config;

import java.util.Locale;

/** What a node does when a start-up check of a store finds a risk: stop, or say so and go on. */
public enum StoreCheck {
    REFUSE, WARN;

    public static StoreCheck parse(Setting setting, String text) {
        for (StoreCheck check : values()) {
            if (check.name().equalsIgnoreCase(text.trim())) {
                return check;
            }
        }
        throw new ConfigException(setting.key(), "'" + text + "' must be refuse or warn");
    }

    public String key() {
        return name().toLowerCase(Locale.ROOT);
    }
}
