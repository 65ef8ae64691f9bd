package io.redcron.port;

public final class DuplicateTaskException extends StoreException {
    public DuplicateTaskException(String namespace, String name) {
        super("name: a task named '" + name + "' already exists in namespace '" + namespace + "'");
    }
}
