package io.redcron.domain;

/**
 * What a task runs, one record per {@link TaskType}. Parameters never become part of a command
 * line: executors pass them as {@code REDCRON_PARAM_<NAME>} environment variables.
 */
public sealed interface TaskPayload permits ExecPayload, ShellPayload, HttpPayload, JavaPayload {

    /** Large enough for any sane definition, small enough to keep rows and Redis messages cheap. */
    int MAX_TEXT = 64 * 1024;

    TaskType type();
}
