package io.redcron.port;

/** A store could not do what was asked; the message is one line fit for an operator. */
public class StoreException extends RuntimeException {
    public StoreException(String message) {
        super(message);
    }

    public StoreException(String message, Throwable cause) {
        super(message, cause);
    }
}
