package io.redcron.node.worker.execution;

import io.redcron.config.CommandPattern;
import io.redcron.config.WorkerConfig;
import io.redcron.domain.ExecPayload;
import io.redcron.domain.ForbiddenVariables;
import io.redcron.domain.ShellPayload;
import io.redcron.domain.TaskPayload;
import io.redcron.domain.TaskType;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The node's own say over what it runs. Task definitions come from shared stores, which are not
 * trusted to run arbitrary code on this machine, so the node judges the whole execution context of
 * a run, not only its command:
 *
 * <ul>
 *   <li>only the task types in {@code worker.types};</li>
 *   <li>on every node, no environment variable that makes programs load other code
 *       ({@link ForbiddenVariables}: {@code LD_PRELOAD}, {@code BASH_ENV}, …);</li>
 *   <li>on a node with {@code worker.allow-commands}: the command must match an entry
 *       ({@link CommandPattern}: exec argv element by element, shell lines as a whole), every
 *       environment variable's name a {@code worker.allow-env} pattern, and the working directory,
 *       after {@code ..} and symbolic links are resolved, a {@code worker.allow-workdirs} pattern.
 *       With neither of the last two set, a task may set no variable and no directory: an allowed
 *       {@code ./run.sh} or {@code bash job.sh} is only as safe as the directory and environment it
 *       starts in.</li>
 * </ul>
 *
 * <p>Every pattern must match the <em>whole</em> text ({@link java.util.regex.Matcher#matches()}).
 *
 * <p>The URLs of http tasks are judged by {@link UrlGuard} as each request is made, since a
 * redirect chooses further URLs only then.
 */
public final class ExecutionPolicy {
    private final String nodeId;
    private final Set<TaskType> types;
    private final List<CommandPattern> allowCommands;
    private final List<Pattern> allowEnv;
    private final List<Pattern> allowWorkDirs;

    public ExecutionPolicy(WorkerConfig config, String nodeId) {
        this.nodeId = Objects.requireNonNull(nodeId, "nodeId");
        this.types = Set.copyOf(config.types());
        this.allowCommands = List.copyOf(config.allowCommands());
        this.allowEnv = List.copyOf(config.allowEnv());
        this.allowWorkDirs = List.copyOf(config.allowWorkDirs());
    }

    /** Why this node will not run {@code payload}; empty when it will. */
    public Optional<String> refusal(TaskPayload payload) {
        TaskType type = payload.type();
        if (!types.contains(type)) {
            return Optional.of("node " + nodeId + " refuses " + type.id() + " tasks (worker.types: " + enabledTypes() + ")");
        }
        if (payload instanceof ExecPayload exec) {
            return environmentRefusal(exec.env())
                    .or(() -> commandRefusal(allowCommands.stream().anyMatch(p -> p.allowsArgv(exec.argv())),
                            ProcessExecutor.commandLine(exec)))
                    .or(() -> workDirRefusal(exec.workDir()));
        }
        if (payload instanceof ShellPayload shell) {
            return environmentRefusal(shell.env())
                    .or(() -> commandRefusal(allowCommands.stream().anyMatch(p -> p.allowsShellLine(shell.command())),
                            shell.command()))
                    .or(() -> workDirRefusal(shell.workDir()));
        }
        return Optional.empty();
    }

    public boolean allows(TaskType type) {
        return types.contains(type);
    }

    private boolean hasAllowlist() {
        return !allowCommands.isEmpty();
    }

    private Optional<String> commandRefusal(boolean allowed, String shown) {
        if (!hasAllowlist() || allowed) {
            return Optional.empty();
        }
        return Optional.of("node " + nodeId + " refuses command '" + Texts.oneLine(shown, 200)
                + "': it matches no worker.allow-commands pattern");
    }

    private Optional<String> environmentRefusal(Map<String, String> env) {
        for (String name : new TreeMap<>(env).keySet()) {
            Optional<String> forbidden = ForbiddenVariables.reason(name);
            if (forbidden.isPresent()) {
                return Optional.of("node " + nodeId + " refuses environment variable " + forbidden.get());
            }
            if (hasAllowlist() && allowEnv.stream().noneMatch(pattern -> pattern.matcher(name).matches())) {
                return Optional.of("node " + nodeId + " refuses environment variable '" + Texts.oneLine(name, 80)
                        + "': it matches no worker.allow-env pattern");
            }
        }
        return Optional.empty();
    }

    private Optional<String> workDirRefusal(String workDir) {
        if (workDir == null || !hasAllowlist()) {
            return Optional.empty();
        }
        String resolved = resolved(workDir);
        if (allowWorkDirs.stream().noneMatch(pattern -> pattern.matcher(resolved).matches())) {
            return Optional.of("node " + nodeId + " refuses working directory '" + Texts.oneLine(workDir, 200)
                    + (resolved.equals(workDir) ? "" : "' (" + Texts.oneLine(resolved, 200) + ")")
                    + "': it matches no worker.allow-workdirs pattern");
        }
        return Optional.empty();
    }

    /**
     * The directory a process would really start in: {@code ..} removed and symbolic links
     * followed, so that {@code /opt/jobs/../../tmp} or a link out of an allowed directory is judged
     * by where it leads. A directory that does not exist (yet) is judged by its normalised path.
     */
    static String resolved(String workDir) {
        Path path = Path.of(workDir).normalize();
        try {
            return Files.exists(path) ? path.toRealPath().toString() : path.toString();
        } catch (IOException | SecurityException e) {
            return path.toString();
        }
    }

    private String enabledTypes() {
        if (types.isEmpty()) {
            return "none";
        }
        return Arrays.stream(TaskType.values()).filter(types::contains).map(TaskType::id)
                .collect(Collectors.joining(", "));
    }
}
