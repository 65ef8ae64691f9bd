package io.redcron.port;

public final class TaskNotFoundException extends StoreException {
    public TaskNotFoundException(String what) {
        super("no task " + what);
    }
}
