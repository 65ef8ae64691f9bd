package io.redcron.schedule;

/** Something legal but probably not what the author meant. */
public record CronWarning(String field, Kind kind, String message) {

    public enum Kind {
        /** Unix cron fires when either day field matches, not when both do. */
        DAY_OR_TRAP,
        /** The expression has no fire time at all. */
        NEVER_FIRES
    }
}
