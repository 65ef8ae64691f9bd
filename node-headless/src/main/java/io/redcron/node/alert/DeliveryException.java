package io.redcron.node.alert;

/**
 * An alert could not be delivered to one target. Its message is safe to log: it never holds a
 * secret nor a full webhook URL.
 *
 * @see #retryable() whether trying again later may help (a timeout, HTTP 503) or not (HTTP 404)
 */
public final class DeliveryException extends Exception {
    private final boolean retryable;

    public DeliveryException(String message, boolean retryable) {
        super(message, null, false, false);
        this.retryable = retryable;
    }

    public boolean retryable() {
        return retryable;
    }
}
