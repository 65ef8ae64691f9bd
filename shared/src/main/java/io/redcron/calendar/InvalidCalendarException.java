package io.redcron.calendar;

/** Bad input for a calendar, an entry, a blackout or a binding: one line that names the field. */
public final class InvalidCalendarException extends IllegalArgumentException {
    private final String field;

    public InvalidCalendarException(String field, String problem) {
        super(field + ": " + problem);
        this.field = field;
    }

    public String field() {
        return field;
    }
}
