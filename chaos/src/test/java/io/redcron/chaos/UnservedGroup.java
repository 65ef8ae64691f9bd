package io.redcron.chaos;

import redis.clients.jedis.StreamEntryID;
import redis.clients.jedis.resps.StreamEntry;
import org.awaitility.core.ConditionTimeoutException;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;

import static org.awaitility.Awaitility.await;

/**
 * A task routed to a group no node serves, with a short queue deadline: its runs are failed at
 * the deadline, and the group's stream must not grow with them (the entries of failed runs are
 * removed), and one {@code GROUP_UNSERVED} alert must be recorded for the group.
 */
final class UnservedGroup implements Fault {
    static final String GROUP = "nobody";
    static final Duration QUEUE_DEADLINE = Duration.ofSeconds(15);
    private static final Duration LASTS = Duration.ofSeconds(45);
    private static final Duration LOOKAHEAD = Duration.ofMillis(2500);
    /** Room for the reconciler's period and a busy machine. */
    private static final Duration SLACK = Duration.ofSeconds(10);

    private final List<String> problems = new CopyOnWriteArrayList<>();

    /** The most entries the stream may hold: runs waiting up to the deadline, plus those recorded ahead. */
    static long streamBound() {
        return QUEUE_DEADLINE.plus(LOOKAHEAD).plus(SLACK).toMillis()
                / Duration.ofSeconds(Workload.Kind.UNSERVED.periodSeconds).toMillis();
    }

    @Override
    public String name() {
        return "unserved-group";
    }

    @Override
    public String description() {
        return "a task every 2 s in a group no node serves, for " + LASTS.toSeconds() + " s (queue deadline "
                + QUEUE_DEADLINE.toSeconds() + " s): the stream stays bounded, one GROUP_UNSERVED alert";
    }

    @Override
    public Map<String, String> nodeSettings() {
        return Map.of("scheduler.queue-deadline", QUEUE_DEADLINE.toSeconds() + "s");
    }

    @Override
    public void inject(Cluster cluster) {
        cluster.workload().addUnserved(cluster.taskStore(), "unserved", GROUP);
        String stream = cluster.keys().stream(GROUP);
        long longest = 0;
        Instant end = Instant.now().plus(LASTS);
        while (Instant.now().isBefore(end)) {
            longest = Math.max(longest, cluster.redisClient().xlen(stream));
            Holds.hold(Duration.ofSeconds(1)); // a sample a second while the fault lasts
        }
        System.out.println(name() + ": " + stream + " held at most " + longest + " entries (bound " + streamBound() + ")");
        if (longest > streamBound()) {
            problems.add(stream + " held up to " + longest + " entries, more than the " + streamBound() + " that runs"
                    + " waiting up to the queue deadline of " + QUEUE_DEADLINE.toSeconds() + " s account for");
        }
        try {
            await(cluster.name() + ": no entry of a failed run in " + stream).atMost(SLACK).pollInterval(Duration.ofMillis(500))
                    .ignoreExceptions().until(() -> entriesOfFailedRuns(cluster, stream).isEmpty());
        } catch (ConditionTimeoutException e) {
            problems.add(stream + " still holds entries of runs failed at the queue deadline: "
                    + entriesOfFailedRuns(cluster, stream));
        }
    }

    private static Set<Long> entriesOfFailedRuns(Cluster cluster, String stream) {
        Set<Long> failed = cluster.rows().stream().filter(row -> row.status().equals("FAILED")).map(RunRow::id)
                .collect(Collectors.toSet());
        return cluster.redisClient().xrange(stream, StreamEntryID.MINIMUM_ID, StreamEntryID.MAXIMUM_ID, 10_000).stream()
                .map(StreamEntry::getFields).map(fields -> fields.get("run"))
                .filter(run -> run != null && run.matches("\\d+")).map(Long::parseLong).filter(failed::contains)
                .collect(Collectors.toSet());
    }

    @Override
    public List<String> problems() {
        return List.copyOf(problems);
    }

    @Override
    public List<String> checks(Cluster cluster) {
        List<String> found = new ArrayList<>();
        long left = cluster.redisClient().xlen(cluster.keys().stream(GROUP));
        if (left > 0) {
            found.add(cluster.keys().stream(GROUP) + " still holds " + left + " entries after every run of the group failed");
        }
        try {
            long alerts = cluster.alertsRecorded("GROUP_UNSERVED");
            if (alerts != 1) {
                found.add("alert_outbox: " + alerts + " GROUP_UNSERVED alerts for group '" + GROUP + "', expected one");
            }
        } catch (IllegalStateException e) {
            found.add("no GROUP_UNSERVED alert could be read: " + e.getMessage());
        }
        List<RunRow> failedOtherwise = cluster.rows().stream()
                .filter(row -> row.taskId() == cluster.workload().task("unserved").id())
                .filter(row -> !row.status().equals("FAILED") || row.error() == null || !row.error().contains("'" + GROUP + "'"))
                // Fires recorded ahead for after the workload was switched off were withdrawn, never queued for long.
                .filter(row -> !(row.status().equals("SKIPPED") && row.attempt() == 0 && row.error() != null
                        && row.error().startsWith("withdrawn")))
                .toList();
        failedOtherwise.stream().limit(3).forEach(row -> found.add("run " + row.id() + " of the unserved task is " + row.status()
                + " (" + row.error() + "), not FAILED naming group '" + GROUP + "'"));
        return found;
    }
}
