package io.redcron.schedule;

public record CronProblem(String field, String value, String message) {
    @Override
    public String toString() {
        return field + ": " + message;
    }
}
