package io.redcron.node.cli;

/** Exit codes of every command, documented in {@code --help}. */
public final class ExitCode {
    public static final int OK = 0;
    /** A store could not be reached or failed. */
    public static final int FAILURE = 1;
    /** Bad input: an invalid flag, value, cron expression or task definition. Nothing was changed. */
    public static final int INVALID = 2;
    /** The task, run, dead-run entry, calendar or workflow named does not exist (or the run's task was deleted). */
    public static final int NOT_FOUND = 3;
    /**
     * A conflict: the name is taken, the task was changed by someone else meanwhile, or the run is
     * not in a state for the action (a retry of a run that has not ended).
     */
    public static final int CONFLICT = 4;

    /** {@code workflow trigger --wait}: the workflow run ended, but not SUCCEEDED. */
    public static final int NOT_SUCCEEDED = 5;

    public static final String HELP = """
            Exit codes:
              0  success
              1  a store could not be reached or failed
              2  invalid input (nothing was changed)
              3  no such task, run, dead-run entry, calendar or workflow
              4  conflict (name taken, changed by someone else meanwhile, a run not ended, or a calendar
                 that tasks still follow)""";

    private ExitCode() {
    }
}
