package io.redcron.port;

public final class DuplicateTokenException extends StoreException {
    public DuplicateTokenException(String name) {
        super("name: a token named '" + name + "' already exists");
    }
}
