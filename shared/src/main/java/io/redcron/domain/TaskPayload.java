package io.redcron.domain;

/**
 * What a task runs, one record per {@link TaskType}. Parameters never become part of a command
 * line: executors pass them as {@code REDCRON_PARAM_<NAME>} environment variables.
 */
public sealed interface TaskPayload permits ExecPayload, ShellPayload, HttpPayload, JavaPayload {

    /**
     * The most UTF-8 bytes of each payload text (a command line, the arguments, a body, the
     * environment, the headers, the settings, the parameters): large enough for any sane
     * definition, and half of what Linux allows a single argument or environment variable, so that
     * whatever is stored can also be started. Larger input is refused, naming the field.
     */
    int MAX_TEXT = 64 * 1024;

    TaskType type();
}
