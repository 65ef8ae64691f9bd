package io.redcron.testkit;

import io.redcron.domain.AlertSilence;
import io.redcron.port.AlertSilences;

import java.time.Instant;
import java.util.Comparator;
import java.util.List;

/** Silences in memory, audited as the MySQL store audits them. */
final class InMemoryAlertSilences implements AlertSilences {
    private final Tables tables;

    InMemoryAlertSilences(Tables tables) {
        this.tables = tables;
    }

    @Override
    public AlertSilence add(NewSilence silence, String actor) {
        String who = Texts.actor(actor);
        synchronized (tables) {
            Instant now = tables.now();
            if (!silence.until().isAfter(now)) {
                throw new IllegalArgumentException("until: " + silence.until() + " is not in the future");
            }
            AlertSilence added = new AlertSilence(tables.nextSilenceId++, silence.namespace(), silence.taskName(),
                    silence.group(), silence.kind(), Tables.millis(silence.until()), silence.reason(), who, now, null,
                    null);
            tables.silences.put(added.id(), added);
            tables.audit(silence.namespace(), who, "alerts.silence", "silence:" + added.id(), null, added.scope());
            return added;
        }
    }

    @Override
    public List<AlertSilence> active(String namespace, Instant now) {
        synchronized (tables) {
            return tables.silences.values().stream()
                    .filter(silence -> silence.namespace().equals(namespace) && silence.isActive(now))
                    .sorted(Comparator.comparing(AlertSilence::until).thenComparingLong(AlertSilence::id)).toList();
        }
    }

    @Override
    public List<AlertSilence> all(String namespace, int limit) {
        if (limit < 1) {
            throw new IllegalArgumentException("limit: at least 1, got " + limit);
        }
        synchronized (tables) {
            return tables.silences.values().stream().filter(silence -> silence.namespace().equals(namespace))
                    .sorted(Comparator.comparing(AlertSilence::createdAt).thenComparingLong(AlertSilence::id).reversed())
                    .limit(limit).toList();
        }
    }

    @Override
    public boolean end(String namespace, long id, String actor) {
        String who = Texts.actor(actor);
        synchronized (tables) {
            AlertSilence found = tables.silences.get(id);
            if (found == null || !found.namespace().equals(namespace)) {
                throw new IllegalArgumentException("silence: namespace '" + namespace + "' has no silence " + id);
            }
            Instant now = tables.now();
            if (!found.isActive(now)) {
                return false;
            }
            tables.silences.put(id, new AlertSilence(id, namespace, found.taskName(), found.group(), found.kind(),
                    found.until(), found.reason(), found.createdBy(), found.createdAt(), now, who));
            tables.audit(namespace, who, "alerts.unsilence", "silence:" + id, found.scope(), null);
            return true;
        }
    }
}
