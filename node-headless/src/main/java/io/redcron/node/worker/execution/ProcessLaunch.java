package io.redcron.node.worker.execution;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * How this node starts a task's program: in a session of its own (so that what it leaves running
 * can be found and ended with it), as the task user when one is configured, and from a minimal
 * environment that holds nothing of the node's own: {@code PATH}, {@code HOME}, the user's name,
 * {@code LANG}/{@code LC_ALL}/{@code TZ}, then the task's variables and the {@code REDCRON_*} run
 * variables. The node's configuration variables and passwords are never copied to a child.
 */
final class ProcessLaunch {
    static final String SETSID = "/usr/bin/setsid";
    private static final String DEFAULT_PATH = "/usr/local/bin:/usr/bin:/bin";
    private static final List<String> PASSED_ON = List.of("LANG", "LC_ALL", "TZ");
    /** Changes directory as the task user, who may enter directories the node cannot, and the other way round. */
    private static final String CHDIR_SCRIPT = "cd -- \"$1\" || exit 126; shift; exec \"$@\"";

    private final Optional<TaskUser> user;
    private final boolean ownSession;
    private final Map<String, String> nodeEnvironment;
    private final String nodeId;

    /**
     * @param ownSession whether each program starts in a session of its own; ignored where
     *                   {@code setsid} is missing
     * @param nodeEnvironment the node's environment, of which only a few harmless variables are used
     */
    ProcessLaunch(String nodeId, Optional<TaskUser> user, boolean ownSession, Map<String, String> nodeEnvironment) {
        this.nodeId = nodeId;
        this.user = user;
        this.ownSession = ownSession && Files.isExecutable(Path.of(SETSID));
        this.nodeEnvironment = Map.copyOf(nodeEnvironment);
    }

    static ProcessLaunch sameUser(String nodeId) {
        return new ProcessLaunch(nodeId, Optional.empty(), true, System.getenv());
    }

    /** Whether a program's session id is its own process id, so its session can be swept. */
    boolean ownSession() {
        return ownSession;
    }

    Optional<TaskUser> user() {
        return user;
    }

    ProcessBuilder builder(List<String> command, String workDir, Map<String, String> taskEnv,
                           Map<String, String> runVariables) {
        List<String> full = new ArrayList<>();
        if (ownSession) {
            full.add(SETSID);
        }
        if (user.isPresent()) {
            full.addAll(user.get().switchCommand());
            full.addAll(List.of(ProcessExecutor.SHELL, "-c", CHDIR_SCRIPT, "redcron-chdir",
                    workDir != null ? workDir : startDirectory(user.get())));
        }
        full.addAll(command);
        ProcessBuilder builder = new ProcessBuilder(full).redirectErrorStream(true);
        if (user.isEmpty() && workDir != null) {
            builder.directory(new File(workDir));
        }
        Map<String, String> env = builder.environment();
        env.clear();
        env.putAll(environment(taskEnv, runVariables));
        return builder;
    }

    /**
     * Why {@code program} cannot start, found before the start: behind {@code setsid} and
     * {@code setpriv} a missing program is only their exit code 127, where the run should say what
     * is wrong. Without those in front, the JDK's own start failure says it.
     */
    Optional<String> startProblem(String program, String workDir, String path) {
        if (!ownSession && user.isEmpty()) {
            return Optional.empty();
        }
        Path found = null;
        if (program.contains("/")) {
            Path candidate = Path.of(program);
            if (!candidate.isAbsolute()) {
                String base = workDir != null ? workDir : user.map(TaskUser::home).orElse(System.getProperty("user.dir"));
                candidate = Path.of(base).resolve(candidate);
            }
            found = Files.exists(candidate) ? candidate : null;
        } else if (path != null) {
            for (String dir : path.split(":")) {
                Path candidate = Path.of(dir.isEmpty() ? "." : dir, program);
                if (Files.isRegularFile(candidate)) {
                    found = candidate;
                    break;
                }
            }
        }
        if (found == null) {
            // Where the node may not look (the task user's directories), let the start say it.
            return workDir != null && user.isPresent() && !Files.isReadable(Path.of(workDir))
                    ? Optional.empty()
                    : Optional.of("cannot start '" + Texts.oneLine(program, 200) + "': No such file or directory");
        }
        if (user.isEmpty() && (!Files.isExecutable(found) || Files.isDirectory(found))) {
            return Optional.of("cannot start '" + Texts.oneLine(program, 200) + "': Permission denied");
        }
        return Optional.empty();
    }

    /** The user's home, or the root directory for users without one (nobody's is /nonexistent). */
    private static String startDirectory(TaskUser user) {
        return Files.isDirectory(Path.of(user.home())) ? user.home() : "/";
    }

    /** The whole environment a task's program gets; nothing else of the node's reaches it. */
    Map<String, String> environment(Map<String, String> taskEnv, Map<String, String> runVariables) {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("PATH", nodeEnvironment.getOrDefault("PATH", DEFAULT_PATH));
        if (user.isPresent()) {
            env.put("HOME", user.get().home());
            env.put("USER", user.get().name());
            env.put("LOGNAME", user.get().name());
        } else {
            copy("HOME", env);
            copy("USER", env);
            copy("LOGNAME", env);
        }
        PASSED_ON.forEach(name -> copy(name, env));
        env.putAll(taskEnv);
        // Ours last: REDCRON_* always means what the node says.
        env.putAll(runVariables);
        env.put("REDCRON_NODE_ID", nodeId);
        return env;
    }

    private void copy(String name, Map<String, String> env) {
        String value = nodeEnvironment.get(name);
        if (value != null) {
            env.put(name, value);
        }
    }
}
