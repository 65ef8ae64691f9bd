package io.redcron.node.sandbox;

/**
 * The sandbox cannot start or stop; the message is one line a user can act on, printed as is by
 * the command line, so it names the folder, port or process involved.
 */
public final class SandboxException extends RuntimeException {
    public SandboxException(String message) {
        super(message);
    }

    public SandboxException(String message, Throwable cause) {
        super(message, cause);
    }
}
