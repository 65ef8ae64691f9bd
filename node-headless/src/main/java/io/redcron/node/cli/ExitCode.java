package io.redcron.node.cli;

/** Exit codes of every command, documented in {@code --help}. */
public final class ExitCode {
    public static final int OK = 0;
    /** A store could not be reached or failed. */
    public static final int FAILURE = 1;
    /** Bad input: an invalid flag, value, cron expression or task definition. Nothing was changed. */
    public static final int INVALID = 2;
    /** The task or run named does not exist. */
    public static final int NOT_FOUND = 3;
    /** A conflict: the name is taken, or the task was changed by someone else meanwhile. */
    public static final int CONFLICT = 4;

    public static final String HELP = """
            Exit codes:
              0  success
              1  a store could not be reached or failed
              2  invalid input (nothing was changed)
              3  no such task or run
              4  conflict (name taken, or changed by someone else meanwhile)""";

    private ExitCode() {
    }
}
