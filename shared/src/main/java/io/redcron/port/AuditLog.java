package io.redcron.port;

/**
 * The audit trail. The stores write it with every task change, in the same transaction; changes
 * made outside a store transaction (runs triggered or cancelled, queue entries requeued or purged)
 * are recorded through {@link #record}.
 */
public interface AuditLog {

    /**
     * Records one change made by {@code actor}.
     *
     * @param before JSON of what was there, or null
     * @param after  JSON of what is there now, or null
     */
    void record(String namespace, String actor, String action, String subject, String before, String after);

    /** Newest first; {@code subject} (for example {@code task:42}) may be null for all. */
    Page<AuditEntry> list(String namespace, String subject, PageRequest page);
}
