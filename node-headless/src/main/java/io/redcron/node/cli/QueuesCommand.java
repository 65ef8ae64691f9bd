package io.redcron.node.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.redcron.config.RedcronConfig;
import io.redcron.port.QueueInspector;
import io.redcron.store.redis.RedisQueueInspector;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.time.Clock;
import java.util.concurrent.Callable;

@Command(name = "queues", mixinStandardHelpOptions = true,
        description = {"Shows the queues: runs waiting per group, runs delivered but not yet claimed per worker,",
                "retries waiting for their backoff, and dead runs."},
        footer = {"", ExitCode.HELP})
final class QueuesCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    ConnectionOptions connection;

    @Option(names = "--json", description = "Print a JSON object.")
    boolean json;

    @Override
    public Integer call() throws Exception {
        RedcronConfig config = connection.resolve(System.getenv());
        try (CliStores stores = CliStores.open(config, Clock.systemUTC())) {
            QueueInspector.QueueStats stats = new RedisQueueInspector(stores.redis(), stores.keys()).stats();
            PrintWriter out = spec.commandLine().getOut();
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
        return ExitCode.OK;
    }
}
