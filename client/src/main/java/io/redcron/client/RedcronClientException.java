package io.redcron.client;

/**
 * A request the client refused or could not carry out. When the request itself is at fault,
 * {@link #field()} names the part of it (for example {@code task}, {@code params},
 * {@code idempotency-key}, {@code at}) and the message starts with it.
 */
public class RedcronClientException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final String field;

    public RedcronClientException(String field, String problem) {
        super(field + ": " + problem);
        this.field = field;
    }

    /** A failure attributed to {@code field}, with the error that caused it. */
    public RedcronClientException(String field, String problem, Throwable cause) {
        super(field + ": " + problem, cause);
        this.field = field;
    }

    public RedcronClientException(String message, Throwable cause) {
        super(message, cause);
        this.field = null;
    }

    /** The part of the request at fault, or null when the failure was not the request's. */
    public String field() {
        return field;
    }
}
