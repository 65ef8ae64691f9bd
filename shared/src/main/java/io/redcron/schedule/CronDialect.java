package io.redcron.schedule;

import java.util.Locale;

public enum CronDialect {
    UNIX, QUARTZ, SPRING;

    public static CronDialect parse(String text) {
        for (CronDialect d : values()) {
            if (text != null && d.name().equalsIgnoreCase(text.trim())) {
                return d;
            }
        }
        throw new IllegalArgumentException("dialect: '" + text + "' is not one of unix, quartz, spring");
    }

    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }
}
