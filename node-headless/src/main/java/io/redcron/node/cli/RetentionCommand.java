package io.redcron.node.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.redcron.domain.RetentionPolicy;
import io.redcron.domain.Task;
import io.redcron.port.RetentionStore.RetentionSettings;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.util.Map;
import java.util.TreeMap;

@Command(name = "retention", mixinStandardHelpOptions = true,
        description = {"How long the namespace keeps its run history and audit log.",
                "The leader deletes what the policy lets go, continuously and in small batches; pinned runs",
                "('runs pin') and each task's newest runs (--keep-last) stay whatever their age."},
        subcommands = {RetentionCommand.Show.class, RetentionCommand.Set.class, RetentionCommand.Clear.class})
final class RetentionCommand {

    @Command(name = "show", mixinStandardHelpOptions = true,
            description = "Shows the namespace's policy and every task that differs from it.", footer = {"", ExitCode.HELP})
    static final class Show extends StoreCommand {

        @Option(names = "--json", description = "Print the policies as JSON.")
        boolean json;

        @Override
        void run(CliStores stores, PrintWriter out) {
            RetentionSettings settings = stores.retention().settings(stores.namespace());
            Map<String, RetentionPolicy> tasks = new TreeMap<>();
            settings.tasks().forEach((id, own) -> tasks.put(stores.tasks().get(id).map(Task::name).orElse("#" + id),
                    settings.forTask(id)));
            int pinned = stores.retention().pins(stores.namespace()).size();
            if (json) {
                ObjectNode doc = Json.object();
                doc.set("namespace", json(settings.effective()));
                ObjectNode byTask = doc.putObject("tasks");
                tasks.forEach((name, policy) -> byTask.set(name, json(policy)));
                doc.put("pinnedRuns", pinned);
                out.println(Json.write(doc));
                return;
            }
            Table table = new Table("APPLIES TO", "SUCCEEDED", "FAILED", "KEEP LAST", "OUTPUT", "AUDIT");
            RetentionPolicy own = settings.effective();
            table.row("namespace " + stores.namespace(), RetentionDays.format(own.succeededDays()),
                    RetentionDays.format(own.failedDays()), Integer.toString(own.keepLast()),
                    RetentionDays.format(own.outputDays()), RetentionDays.format(own.auditDays()));
            tasks.forEach((name, policy) -> table.row("task " + name, RetentionDays.format(policy.succeededDays()),
                    RetentionDays.format(policy.failedDays()), Integer.toString(policy.keepLast()),
                    RetentionDays.format(policy.outputDays()), "-"));
            table.print(out);
            out.println(pinned == 1 ? "1 pinned run stays whatever its age." : pinned + " pinned runs stay whatever their age.");
        }

        private static ObjectNode json(RetentionPolicy policy) {
            ObjectNode node = Json.object();
            node.put("succeededDays", policy.succeededDays());
            node.put("failedDays", policy.failedDays());
            node.put("keepLast", policy.keepLast());
            node.put("outputDays", policy.outputDays());
            node.put("auditDays", policy.auditDays());
            return node;
        }
    }

    @Command(name = "set", mixinStandardHelpOptions = true, sortOptions = false,
            description = {"Changes the policy of the namespace, or of one task (--task); flags not given stay as they are.",
                    "Ages are whole days (30d) counted from a run's scheduled time, or 'forever'."},
            footer = {"", "Examples:", "  redcron-node retention set --succeeded 14d --failed 90d --keep-last 20",
                    "  redcron-node retention set --task heartbeat --succeeded 2d --output 1d", "", ExitCode.HELP})
    static final class Set extends StoreCommand {

        @Option(names = "--task", paramLabel = "NAME", description = "Change this task's own policy instead.")
        String task;

        @Option(names = "--succeeded", paramLabel = "DAYS", description = "Keep runs that ended without a failure this long.")
        String succeeded;

        @Option(names = "--failed", paramLabel = "DAYS", description = "Keep failed and timed-out runs this long.")
        String failed;

        @Option(names = "--keep-last", paramLabel = "N", description = "Keep each task's N newest runs whatever their age (0: none).")
        Integer keepLast;

        @Option(names = "--output", paramLabel = "DAYS", description = "Drop the output of runs older than this (the rows stay).")
        String output;

        @Option(names = "--audit", paramLabel = "DAYS", description = "Keep audit entries this long (namespace only; at least 30d).")
        String audit;

        private RetentionPolicy change;

        @Override
        void check() {
            try {
                change = new RetentionPolicy(RetentionDays.parse("--succeeded", succeeded),
                        RetentionDays.parse("--failed", failed), keepLast, RetentionDays.parse("--output", output),
                        RetentionDays.parse("--audit", audit));
            } catch (IllegalArgumentException e) {
                throw new CliErrors.UsageException("--" + e.getMessage());
            }
            if (change.inheritsEverything()) {
                throw new CliErrors.UsageException("nothing to change: give --succeeded, --failed, --keep-last, --output or --audit");
            }
            if (task != null && audit != null) {
                throw new CliErrors.UsageException("--audit: audit is kept per namespace, not per task");
            }
        }

        @Override
        void run(CliStores stores, PrintWriter out) {
            if (task == null) {
                stores.retention().changeNamespace(stores.namespace(), change, CliStores.actor());
                out.println("Retention of namespace '" + stores.namespace() + "' changed.");
            } else {
                Task found = stores.lookup().task(task);
                stores.retention().changeTask(stores.namespace(), found.id(), change, CliStores.actor());
                out.println("Retention of task '" + found.name() + "' changed.");
            }
        }
    }

    @Command(name = "clear", mixinStandardHelpOptions = true,
            description = "Makes a task follow its namespace's policy again.", footer = {"", ExitCode.HELP})
    static final class Clear extends StoreCommand {

        @Option(names = "--task", paramLabel = "NAME", required = true, description = "The task.")
        String task;

        @Override
        void run(CliStores stores, PrintWriter out) {
            Task found = stores.lookup().task(task);
            boolean cleared = stores.retention().clearTask(stores.namespace(), found.id(), CliStores.actor());
            out.println(cleared ? "Task '" + found.name() + "' follows its namespace's retention again."
                    : "Task '" + found.name() + "' already follows its namespace's retention.");
        }
    }
}
