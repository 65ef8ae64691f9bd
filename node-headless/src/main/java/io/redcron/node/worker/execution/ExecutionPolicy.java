package io.redcron.node.worker.execution;

import io.redcron.config.WorkerConfig;
import io.redcron.domain.TaskPayload;
import io.redcron.domain.TaskType;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The node's own say over what it runs. Task definitions come from shared stores, which are not
 * trusted to run arbitrary code on this machine: a node runs only the task types in
 * {@code worker.types} and, when {@code worker.allow-commands} is set, only exec and shell
 * commands that one of its patterns matches.
 *
 * <p>A pattern must match the <em>whole</em> command ({@link java.util.regex.Matcher#matches()}),
 * as if it were anchored with {@code ^…$}: {@code /usr/local/bin/backup( .*)?} allows that program
 * with any arguments, and {@code /usr/local/bin/backup} allows it with none. For exec tasks the
 * command is the argv joined by single spaces; for shell tasks it is the command line exactly as
 * the shell gets it. A shell line can chain commands ({@code ;}, {@code &&}, {@code $(…)}), so a
 * pattern that ends in {@code .*} allows anything after its prefix: on a node that needs a tight
 * allowlist, disable shell and allow exec commands.
 *
 * <p>The URLs of http tasks are judged by {@link UrlGuard} as each request is made, since a
 * redirect chooses further URLs only then.
 */
public final class ExecutionPolicy {
    private final String nodeId;
    private final Set<TaskType> types;
    private final List<Pattern> allowCommands;

    public ExecutionPolicy(WorkerConfig config, String nodeId) {
        this.nodeId = Objects.requireNonNull(nodeId, "nodeId");
        this.types = Set.copyOf(config.types());
        this.allowCommands = List.copyOf(config.allowCommands());
    }

    /** Why this node will not run {@code payload}; empty when it will. */
    public Optional<String> refusal(TaskPayload payload) {
        TaskType type = payload.type();
        if (!types.contains(type)) {
            return Optional.of("node " + nodeId + " refuses " + type.id() + " tasks (worker.types: " + enabledTypes() + ")");
        }
        if ((type == TaskType.EXEC || type == TaskType.SHELL) && !allowCommands.isEmpty()) {
            String command = ProcessExecutor.commandLine(payload);
            if (allowCommands.stream().noneMatch(pattern -> pattern.matcher(command).matches())) {
                return Optional.of("node " + nodeId + " refuses command '" + Texts.oneLine(command, 200)
                        + "': it matches no worker.allow-commands pattern");
            }
        }
        return Optional.empty();
    }

    public boolean allows(TaskType type) {
        return types.contains(type);
    }

    private String enabledTypes() {
        if (types.isEmpty()) {
            return "none";
        }
        return Arrays.stream(TaskType.values()).filter(types::contains).map(TaskType::id)
                .collect(Collectors.joining(", "));
    }
}
