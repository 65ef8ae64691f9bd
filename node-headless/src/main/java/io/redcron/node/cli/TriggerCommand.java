package io.redcron.node.cli;

import io.redcron.domain.Run;
import io.redcron.ops.Recorded;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.PrintWriter;
import java.util.Map;

@Command(name = "trigger", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Runs a task now, outside its schedule (recorded with trigger MANUAL), or once at a later time"
                + " (--at or --in: a ONE_OFF run, claimed ahead and held until its time like a cron fire; cancel it"
                + " before then with 'redcron-node cancel RUN_ID').",
                "Parameters override the task's own and reach the run as $REDCRON_PARAM_<NAME>, never as part of a command line.",
                "With --idempotency-key, a request repeated with the same key for the same task changes nothing and"
                        + " prints the run the first one recorded."},
        footer = {"", "Examples:", "  redcron-node trigger report --param DAY=2026-11-30",
                "  redcron-node trigger cancel-order --in 30m --param ORDER_ID=42 --idempotency-key cancel-order-42",
                "  redcron-node trigger report --at '2026-12-24 18:00' --zone Asia/Shanghai", "", ExitCode.HELP})
final class TriggerCommand extends StoreCommand {

    @Parameters(index = "0", paramLabel = "NAME", description = "Task name (or id).")
    String name;

    @Option(names = "--param", paramLabel = "NAME=VALUE", description = "Parameter for this run (repeatable).")
    Map<String, String> params;

    @Option(names = "--at", paramLabel = "TIME",
            description = "Run it once at this time: 2026-12-24T18:00 (in --zone) or 2026-12-24T10:00:00Z.")
    String at;

    @Option(names = "--in", paramLabel = "DURATION", description = "Run it once after this delay: 90s, 30m, 2h, 1d.")
    String in;

    @Option(names = "--zone", paramLabel = "ZONE",
            description = "Zone of an --at time without an offset (default: this machine's).")
    String zone;

    @Option(names = "--idempotency-key", paramLabel = "KEY",
            description = "At most one run per key and task: a repeated request gets the first one's run.")
    String idempotencyKey;

    @Option(names = "--json", description = "Print the new run as JSON.")
    boolean json;

    @Override
    void run(CliStores stores, PrintWriter out) throws Exception {
        if (at != null && in != null) {
            throw new io.redcron.domain.InvalidTaskException("in", "give --at or --in, not both");
        }
        java.time.Instant now = stores.clock().instant();
        java.time.Instant when = at != null ? TimeArgument.parse("at", at,
                zone == null ? java.time.ZoneId.systemDefault() : io.redcron.domain.Task.zone(zone))
                : in != null ? now.plus(positive(io.redcron.domain.Durations.parse("in", in))) : null;
        io.redcron.ops.RequestedRun requested = stores.operations().trigger().request(name,
                new io.redcron.domain.RunRequest(params == null ? Map.of() : params, when, idempotencyKey));
        Recorded recorded = requested.run();
        if (json) {
            com.fasterxml.jackson.databind.node.ObjectNode doc = RunViews.json(recorded.run(), true, now);
            doc.put("recorded", requested.recorded());
            out.println(Json.write(doc));
        } else if (!requested.recorded()) {
            out.println("Task '" + recorded.run().taskName() + "' already has run " + recorded.run().id()
                    + " for this idempotency key (" + recorded.run().status() + "); nothing new was recorded.");
        } else if (recorded.run().trigger() == io.redcron.domain.TriggerType.ONE_OFF) {
            out.println("Scheduled task '" + recorded.run().taskName() + "' once at "
                    + RunViews.time(recorded.run().scheduledAt()) + ": run " + recorded.run().id()
                    + " waits for its time. Cancel it before then with: redcron-node cancel " + recorded.run().id());
        } else {
            out.println("Triggered task '" + recorded.run().taskName() + "': " + state(recorded));
        }
        out.flush();
    }

    private static java.time.Duration positive(java.time.Duration delay) {
        if (delay.isNegative() || delay.isZero()) {
            throw new io.redcron.domain.InvalidTaskException("in", "must be positive");
        }
        return delay;
    }

    /** What became of a run recorded by an operator, in the words every command uses. */
    static String state(Recorded recorded) {
        Run run = recorded.run();
        if (run.status() == io.redcron.domain.RunStatus.SHARDED) {
            return "run " + run.id() + " is recorded; the scheduler splits it into its shards and queues them."
                    + " Follow it with: redcron-node runs show " + run.id();
        }
        return recorded.queued()
                ? "run " + run.id() + " is queued. Follow it with: redcron-node runs tail " + run.id()
                : "run " + run.id() + " is recorded, not queued (" + TerminalText.cell(recorded.notQueuedReason())
                        + "); the scheduler queues it within seconds.";
    }
}
