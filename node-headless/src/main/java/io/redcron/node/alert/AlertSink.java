package io.redcron.node.alert;

/**
 * Where the engine reports what an operator must hear about. {@link #raise} returns at once and
 * never throws: a scheduler or worker thread must not wait for, or fail because of, a mail server.
 */
@FunctionalInterface
public interface AlertSink {
    AlertSink NONE = alert -> { };

    void raise(Alert alert);
}
