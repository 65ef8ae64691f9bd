package io.redcron.node.cli;

import io.redcron.domain.EditPolicy;
import io.redcron.domain.ManagedTask;
import io.redcron.format.ManagedDrift;
import io.redcron.format.ManagedTaskDocument;

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
import java.util.Map;
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

    /** A task's document, with its {@code managed} section when an application declares it in code. */
    static ObjectNode json(Task task, ManagedTask managed, Instant now) {
        ObjectNode doc = json(task, now);
        if (managed != null) {
            doc.set(ManagedTaskDocument.FIELD, ManagedTaskDocument.write(managed, task));
        }
        return doc;
    }

    static ArrayNode json(List<Task> tasks, Map<Long, ManagedTask> managed, Instant now) {
        ArrayNode array = JsonNodeFactory.instance.arrayNode();
        tasks.forEach(task -> array.add(json(task, managed.get(task.id()), now)));
        return array;
    }

    static void table(PrintWriter out, List<Task> tasks, Map<Long, ManagedTask> managed, Instant now) {
        Table table = new Table("NAME", "GROUP", "CRON", "ZONE", "TYPE", "NEXT FIRE", "ENABLED", "MANAGED BY");
        for (Task task : tasks) {
            Instant next = nextFire(task, now);
            table.row(task.name(), task.group(), task.cron() + " (" + task.dialect().id() + ")", task.zone().getId(),
                    task.type().id(), next == null ? "-" : TaskDocument.instant(next, task.zone()),
                    task.enabled() ? "yes" : "no", managedBy(task, managed.get(task.id())));
        }
        table.print(out);
    }

    /** {@code shop 1.1.0}, with {@code , drifted} when the task no longer is what the code declares; {@code -} if unmanaged. */
    static String managedBy(Task task, ManagedTask managed) {
        if (managed == null) {
            return "-";
        }
        return managed.managedBy() + (ManagedDrift.of(managed, task).isEmpty() ? "" : ", drifted");
    }

    /** The lines {@code task show} adds for a task an application declares in code. */
    static void managed(PrintWriter out, Task task, ManagedTask managed) {
        line(out, "Managed by", managed.managedBy() + " (edits " + (managed.edits() == EditPolicy.REFUSE
                ? "refused" : "warned about") + "; reconciled " + TaskDocument.instant(managed.reconciledAt(),
                task.zone()) + ")");
        List<ManagedDrift.Difference> drift = ManagedDrift.of(managed, task);
        if (drift.isEmpty()) {
            line(out, "Drift", "none: the task is as its code declares");
        }
        for (int i = 0; i < drift.size(); i++) {
            ManagedDrift.Difference difference = drift.get(i);
            line(out, i == 0 ? "Drift" : "", difference.field() + ": code " + difference.declared() + ", here "
                    + difference.current());
        }
    }

    /**
     * The warning before an edit of a task whose application warns about edits; null when the
     * task is not managed or its application refuses edits (the store then refuses the edit).
     */
    static String editWarning(Task task, ManagedTask managed) {
        if (managed == null || managed.edits() == EditPolicy.REFUSE) {
            return null;
        }
        return "warning: task '" + task.name() + "' is managed by application " + managed.managedBy()
                + "; its next start puts back what its code declares";
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
