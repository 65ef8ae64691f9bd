package io.redcron.port;

import java.time.Instant;

/**
 * One change, as kept in the audit log.
 *
 * @param at              when the database recorded it, by its own clock
 * @param actor           who the client said made the change (the OS user of the CLI or the desktop)
 * @param databaseAccount the database account that made it, as the database authenticated it
 *                        ({@code user@host}); null for entries recorded before the database kept it
 * @param action          for example {@code task.create}, {@code task.update}, {@code task.delete}
 * @param subject         what changed, for example {@code task:42}
 * @param before          JSON of the state before, null for a creation
 * @param after           JSON of the state after, null for a deletion
 */
public record AuditEntry(long id, Instant at, String actor, String databaseAccount, String action, String subject,
                         String namespace, String before, String after) {
}
