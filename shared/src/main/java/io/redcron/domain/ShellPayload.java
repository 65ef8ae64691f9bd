package io.redcron.domain;

import java.util.Map;

/** One command line run by {@code /bin/sh -c}. */
public record ShellPayload(String command, String workDir, Map<String, String> env) implements TaskPayload {

    public ShellPayload {
        Checks.text("shell", command, Integer.MAX_VALUE);
        Checks.payloadText("shell", command);
        workDir = WorkDirs.check(workDir);
        env = Environment.check(env);
    }

    @Override
    public TaskType type() {
        return TaskType.SHELL;
    }
}
