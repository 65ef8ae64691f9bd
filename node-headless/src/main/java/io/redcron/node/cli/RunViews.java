package io.redcron.node.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.redcron.domain.CredentialRedaction;
import io.redcron.domain.PastAttempt;
import io.redcron.domain.Run;
import io.redcron.domain.ShardRules;
import io.redcron.format.TaskDocument;

import java.io.PrintWriter;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Locale;
import java.util.TreeMap;

/**
 * How the CLI shows runs; times are UTC with offset. A run claimed ahead of its time that has not
 * started ({@link Run#isHeld}) shows as HELD in text, and as {@code "held": true} beside its stored
 * status in JSON.
 */
final class RunViews {
    static final String HELD = "HELD";

    private RunViews() {
    }

    static ObjectNode json(Run run, boolean withOutput, Instant now) {
        return io.redcron.format.RunDocument.write(run, withOutput, now);
    }

    static ArrayNode json(List<Run> runs, Instant now) {
        ArrayNode array = JsonNodeFactory.instance.arrayNode();
        runs.forEach(run -> array.add(json(run, false, now)));
        return array;
    }

    static void table(PrintWriter out, List<Run> runs, Instant now) {
        Table table = new Table("ID", "TASK", "SCHEDULED", "STATUS", "ATTEMPT", "NODE", "DURATION", "EXIT");
        for (Run run : runs) {
            table.row(Long.toString(run.id()), run.taskName(), time(run.scheduledAt()), status(run, now),
                    run.attempt() + "/" + run.maxAttempts(), run.node() == null ? "-" : run.node(),
                    run.startedAt() == null || run.isHeld(now) ? "-" : io.redcron.domain.Durations.format(run.duration()),
                    run.exitCode() == null ? "-" : run.exitCode().toString());
        }
        table.print(out);
    }

    /** A sharded fire's parent and its shards in JSON: the parent's progress and each shard, as a listing shows it. */
    static void shards(ObjectNode doc, Run parent, List<Run> shards, Instant now) {
        ShardRules.Progress progress = ShardRules.progress(parent.shardTotal(), shards);
        ObjectNode counts = doc.putObject("shardProgress");
        counts.put("total", progress.total());
        counts.put("ended", progress.ended());
        counts.put("failed", progress.failed());
        counts.put("running", progress.running());
        doc.set("shards", json(shards, now));
    }

    /** The parent of a sharded fire: how far its shards are, then one line each. */
    static void shards(PrintWriter out, Run parent, List<Run> shards, Instant now) {
        if (parent.shardTotal() == 0) {
            out.println("Shards:    not split yet (the leader splits it when it is due)");
            return;
        }
        out.println("Shards:    " + progress(ShardRules.progress(parent.shardTotal(), shards)));
        Table table = new Table("SHARD", "RUN", "STATUS", "NODE", "ATTEMPT", "DURATION");
        for (Run shard : shards) {
            table.row(shard.shardIndex() + "/" + shard.shardTotal(), Long.toString(shard.id()), status(shard, now),
                    shard.node() == null ? "-" : shard.node(), shard.attempt() + "/" + shard.maxAttempts(),
                    shard.startedAt() == null || shard.isHeld(now) ? "-" : io.redcron.domain.Durations.format(shard.duration()));
        }
        table.print(out);
    }

    /** E.g. {@code 5 of 8 ended, 1 failed, 2 running}. */
    static String progress(ShardRules.Progress progress) {
        return progress.ended() + " of " + progress.total() + " ended" + (progress.failed() > 0 ? ", " + progress.failed()
                + " failed" : "") + (progress.running() > 0 ? ", " + progress.running() + " running" : "");
    }

    /** @param workflowStep for a step's run, the workflow run and step it is, else null */
    static void details(PrintWriter out, Run run, String workflowStep, List<PastAttempt> earlierAttempts, Instant now) {
        boolean held = run.isHeld(now);
        line(out, "Run", Long.toString(run.id()));
        line(out, "Task", run.taskName() + " (id " + run.taskId() + ", group " + run.group() + ")");
        line(out, "Trigger", run.trigger().name().toLowerCase(Locale.ROOT) + (run.isShard()
                ? " (shard " + run.shardIndex() + " of " + run.shardTotal() + ", numbered from 0)" : ""));
        if (workflowStep != null) {
            line(out, "Workflow", workflowStep);
        }
        line(out, "Scheduled", time(run.scheduledAt()));
        line(out, "Status", held ? HELD + " (claimed ahead of its time; not started)" : run.status().name());
        line(out, "Attempt", run.attempt() + " of " + run.maxAttempts());
        line(out, "Node", run.node() == null ? "-" : run.node());
        line(out, held ? "Starts" : "Started", run.startedAt() == null ? "-" : time(run.startedAt()));
        line(out, "Finished", run.finishedAt() == null ? "-" : time(run.finishedAt()));
        line(out, "Exit code", run.exitCode() == null ? "-" : run.exitCode().toString());
        if (run.error() != null && !run.error().isEmpty()) {
            line(out, "Error", run.error());
        }
        if (!run.params().isEmpty()) {
            line(out, "Parameters", new TreeMap<>(CredentialRedaction.values(run.params())).toString());
        }
        AttemptViews.text(out, earlierAttempts);
        out.println("Output:");
        out.println(run.output() == null || run.output().isEmpty() ? "(none)" : run.output());
    }

    private static String status(Run run, Instant now) {
        return run.isHeld(now) ? HELD : run.status().name();
    }

    static String time(Instant instant) {
        return instant == null ? null : TaskDocument.instant(instant, ZoneOffset.UTC);
    }

    private static void line(PrintWriter out, String label, String value) {
        out.println(String.format("%-11s %s", label + ":", TerminalText.cell(value)));
    }
}
