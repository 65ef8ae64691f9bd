package io.redcron.config;

/** A configuration value that cannot be used; the message names the setting and says why. */
public final class ConfigException extends IllegalArgumentException {
    private final String key;

    public ConfigException(String key, String problem) {
        super(key + ": " + problem);
        this.key = key;
    }

    public String key() {
        return key;
    }
}
