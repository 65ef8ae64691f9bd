package io.redcron.node.cli;

import io.redcron.domain.Task;
import io.redcron.domain.TaskType;
import io.redcron.port.Page;
import io.redcron.port.PageRequest;
import io.redcron.port.TaskFilter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.time.Instant;

@Command(name = "list", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Lists the tasks of a namespace, by name.", footer = {"", ExitCode.HELP})
final class TaskListCommand extends StoreCommand {

    @Option(names = "--text", paramLabel = "TEXT", description = "Only tasks whose name or description contains TEXT.")
    String text;

    @Option(names = "--group", paramLabel = "GROUP", description = "Only tasks of this routing group.")
    String group;

    @Option(names = "--label", paramLabel = "KEY[=VALUE]", description = "Only tasks with this label.")
    String label;

    @Option(names = "--type", paramLabel = "TYPE", description = "Only tasks of this type (exec, shell, http, java).")
    String type;

    @Option(names = "--enabled", description = "Only enabled tasks.")
    boolean enabledOnly;

    @Option(names = "--disabled", description = "Only disabled tasks.")
    boolean disabledOnly;

    @Option(names = "--limit", paramLabel = "N", defaultValue = "1000", description = "At most N tasks (1-10000). Default: ${DEFAULT-VALUE}.")
    int limit;

    @Option(names = "--offset", paramLabel = "N", defaultValue = "0", description = "Skip the first N tasks.")
    int offset;

    @Option(names = "--json", description = "Print a JSON array of task documents.")
    boolean json;

    @Override
    void check() {
        if (enabledOnly && disabledOnly) {
            throw new CliErrors.UsageException("--enabled and --disabled exclude each other");
        }
        if (limit < 1 || limit > PageRequest.MAX_LIMIT) {
            throw new CliErrors.UsageException("--limit: must be 1-" + PageRequest.MAX_LIMIT + ", got " + limit);
        }
        if (offset < 0) {
            throw new CliErrors.UsageException("--offset: must not be negative, got " + offset);
        }
        if (type != null) {
            TaskType.parse(type);
        }
    }

    @Override
    void run(CliStores stores, PrintWriter out) {
        TaskFilter filter = new TaskFilter(stores.namespace(), text, group,
                enabledOnly ? Boolean.TRUE : disabledOnly ? Boolean.FALSE : null,
                type == null ? null : TaskType.parse(type), label, TaskFilter.Sort.NAME, false);
        Page<Task> page = stores.tasks().list(filter, new PageRequest(offset, limit));
        Instant now = clock.instant();
        java.util.Map<Long, io.redcron.domain.ManagedTask> managed = stores.managed()
                .findAll(page.items().stream().map(Task::id).toList());
        if (json) {
            out.println(Json.write(TaskViews.json(page.items(), managed, now)));
        } else if (page.items().isEmpty()) {
            out.println("No tasks in namespace '" + stores.namespace() + "'"
                    + (page.total() > 0 ? " at offset " + offset : "") + ".");
        } else {
            TaskViews.table(out, page.items(), managed, now);
            PageFooter.print(out, page);
        }
    }
}
