package io.redcron.node.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.redcron.port.QueueInspector;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.PrintWriter;

@Command(name = "queues", mixinStandardHelpOptions = true,
        description = {"Shows the queues: runs waiting per group, runs delivered but not yet claimed per worker,",
                "retries waiting for their backoff, and dead runs ('queues dead' lists, requeues and purges those)."},
        subcommands = DeadRunsCommand.class,
        footer = {"", ExitCode.HELP})
final class QueuesCommand extends StoreCommand {

    @Option(names = "--json", description = "Print a JSON object.")
    boolean json;

    @Override
    void run(CliStores stores, PrintWriter out) throws Exception {
        QueueInspector.QueueStats stats = stores.queueInspector().stats();
        if (json) {
            ObjectNode doc = Json.object();
            ArrayNode streams = doc.putArray("streams");
            for (QueueInspector.StreamStats stream : stats.streams()) {
                ObjectNode s = streams.addObject();
                s.put("group", stream.group());
                s.put("length", stream.length());
                s.put("pending", stream.pendingTotal());
                ObjectNode consumers = s.putObject("consumers");
                stream.pending().forEach(consumers::put);
            }
            doc.put("delayed", stats.delayed());
            doc.put("dead", stats.dead());
            ArrayNode dead = doc.putArray("recentDead");
            for (QueueInspector.DeadRun run : stats.recentDead()) {
                ObjectNode d = dead.addObject();
                d.put("runId", run.runId());
                d.put("group", run.group());
                d.put("reason", run.reason());
                d.put("at", RunViews.time(run.at()));
            }
            out.println(Json.write(doc));
        } else {
            Table table = new Table("GROUP", "WAITING", "DELIVERED", "PER WORKER");
            for (QueueInspector.StreamStats stream : stats.streams()) {
                table.row(stream.group(), Long.toString(stream.length()), Long.toString(stream.pendingTotal()),
                        stream.pending().isEmpty() ? "-" : stream.pending().toString());
            }
            table.print(out);
            out.println("Retries waiting: " + stats.delayed());
            out.println("Dead runs:       " + stats.dead());
        }
        out.flush();
    }
}
