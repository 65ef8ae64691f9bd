package io.redcron.port;

/** An update was based on an old version of a task: someone else changed it in between. */
public final class StaleTaskException extends StoreException {
    public StaleTaskException(String name, long expectedVersion, long actualVersion) {
        super("task '" + name + "' was changed by someone else (version " + actualVersion + ", you edited version "
                + expectedVersion + "); reload it and apply your change again");
    }
}
