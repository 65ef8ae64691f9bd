package io.redcron.port;

/** Reads the audit trail that the stores write with every change. */
public interface AuditLog {

    /** Newest first; {@code subject} (for example {@code task:42}) may be null for all. */
    Page<AuditEntry> list(String namespace, String subject, PageRequest page);
}
