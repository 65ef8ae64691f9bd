package io.redcron.node.scheduler;

import io.redcron.node.alert.Alert;
import io.redcron.node.alert.AlertSink;
import io.redcron.port.RecoveryStore;
import io.redcron.port.SchedulerStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.function.BooleanSupplier;

/**
 * Raises {@code BACKLOG} when runs of a group have waited, queued and due, longer than
 * {@code alerts.backlog-after}: the group has workers (else it is GROUP_UNSERVED), but too few.
 * Reads the same backlog figures as the check for unserved groups; a group reported costs nothing
 * more until {@code period} (the rate limit) is over.
 */
public final class BacklogWatch implements Runnable {
    private static final Logger LOG = LoggerFactory.getLogger(BacklogWatch.class);

    private final String namespace;
    private final SchedulerStore store;
    private final RecoveryStore recovery;
    private final AlertSink alerts;
    private final Duration after;
    private final Duration period;
    private final BooleanSupplier leading;
    private final Clock clock;
    private final Map<String, Instant> reportedAt = new HashMap<>();

    /** @param after how long a run may wait; zero turns the check off */
    public BacklogWatch(String namespace, SchedulerStore store, RecoveryStore recovery, AlertSink alerts,
                        Duration after, Duration period, BooleanSupplier leading, Clock clock) {
        this.namespace = namespace;
        this.store = store;
        this.recovery = recovery;
        this.alerts = alerts;
        this.after = after;
        this.period = period;
        this.leading = leading;
        this.clock = clock;
    }

    @Override
    public void run() {
        if (after.isZero() || !leading.getAsBoolean()) {
            return;
        }
        Instant now = clock.instant();
        reportedAt.values().removeIf(at -> !now.isBefore(at.plus(period)));
        for (String group : store.groups(namespace)) {
            if (reportedAt.containsKey(group)) {
                continue;
            }
            try {
                RecoveryStore.Backlog backlog = recovery.backlog(namespace, group, now.minus(after));
                if (backlog.waiting() > 0) {
                    alerts.raise(Alert.backlog(group, backlog.waiting(), backlog.oldestDueAt(), after, now));
                    reportedAt.put(group, now);
                }
            } catch (RuntimeException e) {
                LOG.warn("Checking the backlog of group '{}' failed: {}", group, e.getMessage());
            }
        }
    }
}
