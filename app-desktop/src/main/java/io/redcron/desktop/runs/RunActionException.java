package io.redcron.desktop.runs;

/**
 * An action on runs that cannot be done for a reason the operator can act on (no such task, the
 * run has ended). It carries a message key, so the screen says why in the UI's language.
 */
final class RunActionException extends RuntimeException {
    private final String key;
    private final transient Object[] arguments;

    RunActionException(String key, Object... arguments) {
        super(key);
        this.key = key;
        this.arguments = arguments.clone();
    }

    String key() {
        return key;
    }

    Object[] arguments() {
        return arguments.clone();
    }
}
