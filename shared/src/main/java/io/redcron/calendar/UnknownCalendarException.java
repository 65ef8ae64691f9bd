package io.redcron.calendar;

/** A calendar (or a blackout of one) that was asked for does not exist in the namespace. */
public final class UnknownCalendarException extends RuntimeException {
    public UnknownCalendarException(String message) {
        super(message);
    }

    public static UnknownCalendarException named(String namespace, String name) {
        return new UnknownCalendarException("calendar: no calendar '" + name + "' in namespace '" + namespace + "'");
    }
}
