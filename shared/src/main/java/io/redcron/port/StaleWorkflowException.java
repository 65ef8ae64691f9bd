package io.redcron.port;

/** An update was based on an old version of a workflow: someone else changed it in between. */
public final class StaleWorkflowException extends StoreException {
    public StaleWorkflowException(String name, long expectedVersion, long actualVersion) {
        super("workflow '" + name + "' was changed by someone else (version " + actualVersion + ", you edited version "
                + expectedVersion + "); reload it and apply your change again");
    }
}
