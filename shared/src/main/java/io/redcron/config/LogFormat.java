package io.redcron.config;

import java.util.Locale;

/** How a node writes its log lines: readable text, or one JSON object per line for collectors. */
public enum LogFormat {
    TEXT, JSON;

    public static LogFormat parse(String text) {
        return switch (text.trim().toLowerCase(Locale.ROOT)) {
            case "text" -> TEXT;
            case "json" -> JSON;
            default -> throw new IllegalArgumentException("log.format: '" + text + "' must be text or json");
        };
    }
}
