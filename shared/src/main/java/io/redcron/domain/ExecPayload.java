package io.redcron.domain;

import java.util.List;
import java.util.Map;

/** A program started directly, without a shell: {@code argv[0]} is the executable. */
public record ExecPayload(List<String> argv, String workDir, Map<String, String> env) implements TaskPayload {

    public ExecPayload {
        Checks.required("exec", argv);
        if (argv.isEmpty() || argv.get(0) == null || argv.get(0).isBlank()) {
            throw new InvalidTaskException("exec", "needs a program to run (argv[0] is empty)");
        }
        for (int i = 0; i < argv.size(); i++) {
            String arg = Checks.required("exec", argv.get(i));
            if (arg.indexOf('\0') >= 0) {
                throw new InvalidTaskException("exec", "argument " + i + " contains a NUL character");
            }
        }
        Checks.payloadList("exec", argv);
        argv = List.copyOf(argv);
        workDir = WorkDirs.check(workDir);
        env = Environment.check(env);
    }

    @Override
    public TaskType type() {
        return TaskType.EXEC;
    }
}
