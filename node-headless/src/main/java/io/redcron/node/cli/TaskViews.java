package io.redcron.node.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.redcron.domain.CredentialRedaction;
import io.redcron.domain.ExecPayload;
import io.redcron.domain.HttpPayload;
import io.redcron.domain.JavaPayload;
import io.redcron.domain.ShellPayload;
import io.redcron.domain.Task;
import io.redcron.format.TaskDocument;

import java.io.PrintWriter;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.TreeMap;

/**
 * How the CLI shows tasks: a table for people, the task document for scripts. Both show
 * credentials masked ({@link CredentialRedaction}); {@code task update --file} keeps the stored
 * value of whatever is still masked.
 */
final class TaskViews {
    private TaskViews() {
    }

    /** When a task fires next: what the scheduler planned, else computed from its cron now. */
    static Instant nextFire(Task task, Instant now) {
        return task.nextFire(now).orElse(null);
    }

    static ObjectNode json(Task task, Instant now) {
        return TaskDocument.write(CredentialRedaction.task(task), nextFire(task, now), Locale.ENGLISH);
    }

    static ArrayNode json(List<Task> tasks, Instant now) {
        ArrayNode array = JsonNodeFactory.instance.arrayNode();
        tasks.forEach(task -> array.add(json(task, now)));
        return array;
    }

    static void table(PrintWriter out, List<Task> tasks, Instant now) {
        Table table = new Table("NAME", "GROUP", "CRON", "ZONE", "TYPE", "NEXT FIRE", "ENABLED");
        for (Task task : tasks) {
            Instant next = nextFire(task, now);
            table.row(task.name(), task.group(), task.cron() + " (" + task.dialect().id() + ")", task.zone().getId(),
                    task.type().id(), next == null ? "-" : TaskDocument.instant(next, task.zone()),
                    task.enabled() ? "yes" : "no");
        }
        table.print(out);
    }

    static void details(PrintWriter out, Task stored, Instant now) {
        Task task = CredentialRedaction.task(stored);
        Instant next = nextFire(task, now);
        line(out, "Name", task.name());
        line(out, "Id", String.valueOf(task.id()));
        line(out, "Namespace", task.namespace());
        line(out, "Group", task.group());
        if (!task.description().isEmpty()) {
            line(out, "Description", task.description());
        }
        line(out, "Schedule", task.cron() + " (" + task.dialect().id() + ", " + task.zone().getId() + ")");
        line(out, "", task.schedule().describe(Locale.ENGLISH));
        line(out, "Next fire", next == null ? "-" : TaskDocument.instant(next, task.zone()));
        line(out, "Type", task.type().id());
        line(out, "Runs", payload(task));
        if (task.payload() instanceof HttpPayload http) {
            line(out, "Redirects", http.redirects().id());
        }
        line(out, "Timeout", io.redcron.domain.Durations.format(task.timeout()));
        line(out, "Retries", task.retry().retries() + (task.retry().retries() > 0
                ? " (backoff " + io.redcron.domain.Durations.format(task.retry().initialBackoff()) + " x"
                + task.retry().multiplier() + ", at most " + io.redcron.domain.Durations.format(task.retry().maxBackoff()) + ")"
                : ""));
        line(out, "Misfire", task.misfirePolicy().name().toLowerCase(Locale.ROOT).replace('_', '-'));
        line(out, "Concurrency", task.concurrencyPolicy().name().toLowerCase(Locale.ROOT));
        if (task.sharding().isSharded()) {
            line(out, "Shards", task.sharding().kind() == io.redcron.domain.Sharding.Kind.PER_WORKER
                    ? "one per live worker of the group" : task.sharding().format());
        }
        line(out, "Enabled", task.enabled() ? "yes" : "no");
        if (!task.owner().isEmpty()) {
            line(out, "Owner", task.owner());
        }
        if (!task.labels().isEmpty()) {
            line(out, "Labels", task.labels().toString());
        }
        if (!task.params().isEmpty()) {
            line(out, "Parameters", new TreeMap<>(task.params()).toString());
        }
        line(out, "Version", String.valueOf(task.version()));
    }

    private static String payload(Task task) {
        if (task.payload() instanceof ExecPayload exec) {
            return String.join(" ", exec.argv());
        }
        if (task.payload() instanceof ShellPayload shell) {
            return "sh -c " + shell.command();
        }
        if (task.payload() instanceof HttpPayload http) {
            return http.method() + " " + http.url();
        }
        return "handler " + ((JavaPayload) task.payload()).handler();
    }

    private static void line(PrintWriter out, String label, String value) {
        out.println(String.format("%-13s %s", label.isEmpty() ? "" : label + ":", TerminalText.cell(value)));
    }
}
