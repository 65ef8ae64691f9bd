package io.redcron.store.mysql;

import io.redcron.port.StoreException;

/**
 * A task row that is no valid task any more: edited by hand in the database, or written before a
 * rule became stricter. Reported as a store failure that names the task and the field.
 */
public final class InvalidStoredTaskException extends StoreException {
    InvalidStoredTaskException(long id, String name, RuntimeException problem) {
        super("task '" + name + "' (id " + id + ") is stored with an invalid definition: " + problem.getMessage()
                + " (fix or delete the row in the database)", problem);
    }
}
