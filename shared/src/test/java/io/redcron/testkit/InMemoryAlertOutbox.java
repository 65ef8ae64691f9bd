package io.redcron.testkit;

import io.redcron.port.AlertOutbox;
import io.redcron.port.StoreException;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The alert outbox in memory, for tests of what uses it without a database. It passes the same
 * contract as the MySQL adapter ({@code InMemoryAlertOutboxTest}). {@link #unreachable} makes
 * every call fail as an adapter does when its database does not answer.
 */
public final class InMemoryAlertOutbox implements AlertOutbox {
    private final Map<Long, Row> rows = new LinkedHashMap<>();
    private long nextId = 1;
    private boolean unreachable;

    private static final class Row {
        final long id;
        final String namespace;
        final NewAlert alert;
        int attempts;
        Instant nextAttemptAt;
        String claimedBy;
        Instant claimedUntil;
        Set<String> settled = Set.of();
        Instant deliveredAt;
        Instant givenUpAt;
        String lastError;

        Row(long id, String namespace, NewAlert alert) {
            this.id = id;
            this.namespace = namespace;
            this.alert = alert;
            this.nextAttemptAt = millis(alert.createdAt());
        }

        boolean finished() {
            return deliveredAt != null || givenUpAt != null;
        }
    }

    /** While true, every call throws a {@link StoreException}, as with a database that is down. */
    public synchronized void unreachable(boolean down) {
        this.unreachable = down;
    }

    /** Alerts of the namespace, delivered or not (what an operator would count in the table). */
    public synchronized int size(String namespace) {
        check();
        return (int) rows.values().stream().filter(row -> row.namespace.equals(namespace)).count();
    }

    /** What the namespace's finished alerts say of themselves (a silence, a target that failed), where anything. */
    public synchronized List<String> notes(String namespace) {
        return rows.values().stream().filter(row -> row.namespace.equals(namespace) && row.lastError != null)
                .map(row -> row.lastError).toList();
    }

    /** Delivered alerts of the namespace. */
    public synchronized int delivered(String namespace) {
        check();
        return (int) rows.values().stream().filter(row -> row.namespace.equals(namespace) && row.deliveredAt != null)
                .count();
    }

    @Override
    public synchronized boolean add(String namespace, NewAlert alert) {
        check();
        boolean taken = rows.values().stream()
                .anyMatch(row -> row.namespace.equals(namespace) && row.alert.dedupeKey().equals(alert.dedupeKey()));
        if (taken) {
            return false;
        }
        long id = nextId++;
        rows.put(id, new Row(id, namespace, alert));
        return true;
    }

    @Override
    public synchronized List<ClaimedAlert> claimDue(String namespace, String node, Instant now, Duration lease,
                                                    int limit) {
        check();
        Instant at = millis(now);
        List<ClaimedAlert> claimed = new ArrayList<>();
        rows.values().stream()
                .filter(row -> row.namespace.equals(namespace) && !row.finished() && !row.nextAttemptAt.isAfter(at)
                        && (row.claimedUntil == null || !row.claimedUntil.isAfter(at)))
                .sorted(Comparator.comparing((Row row) -> row.nextAttemptAt).thenComparing(row -> row.id))
                .limit(limit)
                .forEach(row -> {
                    row.attempts++;
                    row.claimedBy = node;
                    row.claimedUntil = millis(now.plus(lease));
                    claimed.add(new ClaimedAlert(row.id, row.namespace, row.alert.dedupeKey(), row.alert.kind(),
                            row.alert.taskId(), row.alert.runId(), row.alert.payload(), millis(row.alert.createdAt()),
                            row.attempts, row.settled, row.claimedBy, row.claimedUntil));
                });
        return claimed;
    }

    @Override
    public synchronized boolean markDelivered(ClaimedAlert claim, Instant at, String note) {
        Row row = fenced(claim);
        if (row == null) {
            return false;
        }
        row.deliveredAt = millis(at);
        row.claimedUntil = null;
        row.lastError = note;
        return true;
    }

    @Override
    public synchronized boolean retryLater(ClaimedAlert claim, Set<String> settledTargets, String error,
                                           Instant nextAttemptAt) {
        Row row = fenced(claim);
        if (row == null) {
            return false;
        }
        row.nextAttemptAt = millis(nextAttemptAt);
        row.claimedUntil = null;
        row.settled = Set.copyOf(new HashSet<>(settledTargets));
        row.lastError = error;
        return true;
    }

    @Override
    public synchronized boolean giveUp(ClaimedAlert claim, String error, Instant at) {
        Row row = fenced(claim);
        if (row == null) {
            return false;
        }
        row.givenUpAt = millis(at);
        row.claimedUntil = null;
        row.lastError = error;
        return true;
    }

    @Override
    public synchronized int purgeFinished(String namespace, Instant before, int limit) {
        check();
        Instant cutoff = millis(before);
        List<Long> old = rows.values().stream()
                .filter(row -> row.namespace.equals(namespace))
                .filter(row -> row.deliveredAt != null ? row.deliveredAt.isBefore(cutoff)
                        : row.givenUpAt != null && row.givenUpAt.isBefore(cutoff))
                .map(row -> row.id).limit(limit).toList();
        old.forEach(rows::remove);
        return old.size();
    }

    private Row fenced(ClaimedAlert claim) {
        check();
        Row row = rows.get(claim.id());
        boolean current = row != null && !row.finished() && claim.claimedBy().equals(row.claimedBy)
                && claim.attempt() == row.attempts;
        return current ? row : null;
    }

    private void check() {
        if (unreachable) {
            throw new StoreException("database: the outbox is unreachable (test)");
        }
    }

    private static Instant millis(Instant instant) {
        return instant.truncatedTo(ChronoUnit.MILLIS);
    }
}
