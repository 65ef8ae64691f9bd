package io.redcron.node.alert;

/**
 * Where the engine reports what an operator must hear about. {@link #raise} returns quickly and
 * never throws: a scheduler or worker thread must not wait for, or fail because of, a mail
 * server. The node's sink writes the alert to the outbox (one INSERT) and delivers it later.
 */
@FunctionalInterface
public interface AlertSink {
    AlertSink NONE = alert -> { };

    void raise(Alert alert);
}
