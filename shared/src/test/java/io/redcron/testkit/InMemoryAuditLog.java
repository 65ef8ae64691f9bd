package io.redcron.testkit;

import io.redcron.port.AuditEntry;
import io.redcron.port.AuditLog;
import io.redcron.port.Page;
import io.redcron.port.PageRequest;

import java.util.Comparator;
import java.util.List;

/** The audit log in memory; the in-memory task store writes it with every change, as MySQL's does. */
public final class InMemoryAuditLog implements AuditLog {
    private static final Comparator<AuditEntry> NEWEST_FIRST = Comparator.comparing(AuditEntry::at)
            .thenComparingLong(AuditEntry::id).reversed();

    private final Tables tables;

    InMemoryAuditLog(Tables tables) {
        this.tables = tables;
    }

    @Override
    public void record(String namespace, String actor, String action, String subject, String before, String after) {
        String who = Texts.actor(actor);
        synchronized (tables) {
            tables.audit(namespace, who, action, subject, before, after);
        }
    }

    @Override
    public Page<AuditEntry> list(String namespace, String subject, PageRequest page) {
        synchronized (tables) {
            List<AuditEntry> matching = tables.audit.stream()
                    .filter(entry -> entry.namespace().equals(namespace))
                    .filter(entry -> subject == null || subject.equals(entry.subject()))
                    .sorted(NEWEST_FIRST).toList();
            return Pages.of(matching, page);
        }
    }
}
