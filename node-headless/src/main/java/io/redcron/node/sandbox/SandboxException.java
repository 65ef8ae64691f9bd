package io.redcron.node.sandbox;

/**
 * The sandbox cannot start or stop; the message is one line a user can act on, printed as is by
 * the command line, so it names the folder, port or process involved.
 */
public final class SandboxException extends RuntimeException {
    /** How both servers report a bind to a port another program holds (the C library's text for EADDRINUSE). */
    private static final String ADDRESS_IN_USE = "Address already in use";

    private final boolean portTaken;

    public SandboxException(String message) {
        this(message, null);
    }

    public SandboxException(String message, Throwable cause) {
        this(message, cause, false);
    }

    private SandboxException(String message, Throwable cause, boolean portTaken) {
        super(message, cause);
        this.portTaken = portTaken;
    }

    /**
     * A server that did not start, through {@code cause}; the messages of that cause and of what
     * caused it, and {@code output} (what the server printed elsewhere, or empty), are searched for
     * a bind to a port that another program took after the sandbox chose it.
     */
    static SandboxException serverDidNotStart(String message, Throwable cause, String output) {
        StringBuilder text = new StringBuilder(output);
        for (Throwable e = cause; e != null; e = e.getCause() == e ? null : e.getCause()) {
            text.append('\n').append(e.getMessage());
        }
        return new SandboxException(message, cause, text.toString().contains(ADDRESS_IN_USE));
    }

    /** The server could not bind its port because another program holds it; another port may do. */
    public boolean portTaken() {
        return portTaken;
    }
}
