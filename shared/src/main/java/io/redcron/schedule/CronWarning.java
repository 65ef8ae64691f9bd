package io.redcron.schedule;

public record CronWarning(String field, Kind kind, String message) {
    public enum Kind { DAY_OR_TRAP, NEVER_FIRES }
}
