package io.redcron.schedule;

import java.util.Locale;

/** The cron flavour an expression is written in; each means what its reference implementation means. */
public enum CronDialect {
    /** Vixie cron / cronie: five fields, no seconds. */
    UNIX,
    /** Quartz {@code CronExpression}: seconds, optional year, {@code ?} in exactly one day field. */
    QUARTZ,
    /** Spring {@code CronExpression}: six fields with seconds. */
    SPRING;

    /** Case-insensitive "unix" | "quartz" | "spring". */
    public static CronDialect parse(String text) {
        if (text != null) {
            for (CronDialect dialect : values()) {
                if (dialect.id().equalsIgnoreCase(text.trim())) {
                    return dialect;
                }
            }
        }
        throw new IllegalArgumentException("dialect: '" + text + "' is not one of unix, quartz, spring");
    }

    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }
}
