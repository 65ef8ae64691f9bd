package io.redcron.node.alert;

import io.redcron.port.AlertOutbox;
import io.redcron.port.AlertOutbox.NewAlert;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Clock;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * Writes alerts to the outbox on the raising thread: one INSERT, after which the alert outlives
 * this node. While the outbox cannot be written (the database is down), alerts wait in memory,
 * at most {@code capacity} of them (newer ones beyond are dropped and counted); {@link #flush}
 * writes them once it can. Meanwhile new alerts queue behind them without trying the database,
 * so only the first raise after an outage began waits for it to fail.
 */
final class AlertOutboxWriter {
    private static final Logger LOG = LoggerFactory.getLogger(AlertOutboxWriter.class);

    private final AlertOutbox outbox;
    private final String namespace;
    private final int capacity;
    private final AlertMetrics metrics;
    private final Clock clock;
    private final Deque<NewAlert> waiting = new ArrayDeque<>();

    AlertOutboxWriter(AlertOutbox outbox, String namespace, int capacity, AlertMetrics metrics, Clock clock) {
        this.outbox = outbox;
        this.namespace = namespace;
        this.capacity = capacity;
        this.metrics = metrics;
        this.clock = clock;
        metrics.waiting(namespace, this::waiting);
    }

    /** Adds the alert to the outbox, or keeps it in memory; never throws. */
    void write(String dedupeKey, StoredAlert stored) {
        Alert alert = stored.alert();
        NewAlert entry;
        try {
            entry = new NewAlert(dedupeKey, alert.kind().name(), alert.taskId(), alert.runId(), stored.json(),
                    clock.instant());
        } catch (RuntimeException e) {
            LOG.warn("{} alert for {} not sent: {}", alert.kind(), alert.subject(), e.getMessage());
            metrics.dropped();
            return;
        }
        synchronized (waiting) {
            if (!waiting.isEmpty()) {
                keep(entry);
                return;
            }
        }
        try {
            outbox.add(namespace, entry);
        } catch (RuntimeException e) {
            synchronized (waiting) {
                if (waiting.isEmpty()) {
                    LOG.warn("Alerts wait in memory (at most {}) until the alert outbox can be written: {}", capacity,
                            e.getMessage());
                }
                keep(entry);
            }
        }
    }

    private void keep(NewAlert entry) {
        if (waiting.size() >= capacity) {
            metrics.dropped();
            return;
        }
        waiting.addLast(entry);
        metrics.keptInMemory();
    }

    /**
     * Writes the alerts waiting in memory, oldest first, until one fails.
     *
     * @return how many were written
     */
    synchronized int flush() {
        int written = 0;
        while (true) {
            NewAlert next;
            synchronized (waiting) {
                next = waiting.peekFirst();
            }
            if (next == null) {
                break;
            }
            try {
                outbox.add(namespace, next);
            } catch (RuntimeException e) {
                LOG.debug("Alert outbox still cannot be written: {}", e.getMessage());
                break;
            }
            synchronized (waiting) {
                waiting.removeFirst();
            }
            written++;
        }
        if (written > 0) {
            LOG.info("{} alert(s) that waited in memory written to the alert outbox", written);
        }
        return written;
    }

    int waiting() {
        synchronized (waiting) {
            return waiting.size();
        }
    }
}
