package io.redcron.node.alert;

import io.redcron.domain.AlertTarget;

/** Delivers one alert to one target, synchronously, on a delivery thread. */
interface Channel {

    /** A label for metrics and logs: {@code webhook} or {@code email}. */
    String name();

    void send(AlertTarget target, Alert alert, int suppressed) throws DeliveryException;
}
