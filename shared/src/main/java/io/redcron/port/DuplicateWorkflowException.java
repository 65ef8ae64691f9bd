package io.redcron.port;

public final class DuplicateWorkflowException extends StoreException {
    public DuplicateWorkflowException(String namespace, String name) {
        super("name: a workflow named '" + name + "' already exists in namespace '" + namespace + "'");
    }
}
