package io.redcron.schedule;

/**
 * What is wrong with a cron expression: the field ({@code minute}, …, or {@code expression} for the
 * whole), the offending text, and a one-line message that names the value and what is allowed.
 */
public record CronProblem(String field, String value, String message) {

    public String describe() {
        return field + ": " + message;
    }

    @Override
    public String toString() {
        return describe();
    }
}
