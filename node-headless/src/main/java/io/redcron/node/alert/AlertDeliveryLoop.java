package io.redcron.node.alert;

import io.redcron.port.AlertOutbox;
import io.redcron.port.AlertOutbox.ClaimedAlert;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Clock;
import java.time.Duration;
import java.util.List;

/**
 * Claims due alerts of one namespace, one at a time, and delivers each; when none is due, waits
 * for {@code poll} or until {@link #wake} (an alert raised on this node goes out at once). Runs
 * on more than one thread, so one hanging receiver does not hold up every alert: the claim sees
 * to it that each alert is delivered by one of them.
 */
final class AlertDeliveryLoop implements Runnable {
    private static final Logger LOG = LoggerFactory.getLogger(AlertDeliveryLoop.class);

    private final AlertOutbox outbox;
    private final AlertDelivery delivery;
    private final String namespace;
    private final String nodeId;
    private final Clock clock;
    private final Duration poll;
    private final Duration claimLease;
    private final Object waiter = new Object();
    private boolean woken;
    private volatile boolean stopped;
    private volatile boolean failing;

    /** @param claimLease longer than the delivery of one alert to all its targets takes (10 s per request at most) */
    AlertDeliveryLoop(AlertOutbox outbox, AlertDelivery delivery, String namespace, String nodeId, Clock clock,
                      Duration poll, Duration claimLease) {
        this.outbox = outbox;
        this.delivery = delivery;
        this.namespace = namespace;
        this.nodeId = nodeId;
        this.clock = clock;
        this.poll = poll;
        this.claimLease = claimLease;
    }

    @Override
    public void run() {
        while (!stopped) {
            boolean delivered = false;
            try {
                delivered = deliverOne();
                if (failing) {
                    failing = false;
                    LOG.info("Alert outbox of namespace {} readable again", namespace);
                }
            } catch (RuntimeException e) {
                // Once per outage, not once per pass and thread.
                if (!failing) {
                    failing = true;
                    LOG.warn("Alert outbox of namespace {} cannot be read, alerts wait there: {}", namespace,
                            e.getMessage());
                }
            }
            if (!delivered) {
                pause();
            }
        }
    }

    /** @return whether an alert was due (so another may be) */
    boolean deliverOne() {
        List<ClaimedAlert> claimed = outbox.claimDue(namespace, nodeId, clock.instant(), claimLease, 1);
        claimed.forEach(delivery::deliver);
        return !claimed.isEmpty();
    }

    void wake() {
        synchronized (waiter) {
            woken = true;
            waiter.notifyAll();
        }
    }

    /** Ends the loop after the alert it is delivering, if any. */
    void stop() {
        stopped = true;
        wake();
    }

    private void pause() {
        synchronized (waiter) {
            try {
                if (!woken && !stopped) {
                    waiter.wait(poll.toMillis());
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                stopped = true;
            }
            woken = false;
        }
    }
}
