package io.redcron.domain;

/**
 * A task definition that cannot be stored. The message is one line that starts with the field
 * name, so both the CLI and the desktop can point at the field.
 */
public final class InvalidTaskException extends IllegalArgumentException {
    private final String field;

    public InvalidTaskException(String field, String problem) {
        super(field + ": " + problem);
        this.field = field;
    }

    public String field() {
        return field;
    }
}
