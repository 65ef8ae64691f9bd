package io.redcron.desktop.demo;

import io.redcron.domain.AttemptEnding;
import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.Task;
import io.redcron.port.AuditLog;
import io.redcron.port.LiveOutput;
import io.redcron.port.QueuedRun;
import io.redcron.port.RunOutcome;
import io.redcron.port.RunQueue;
import io.redcron.store.mysql.MutableClock;
import io.redcron.store.mysql.MysqlRunStore;

import javax.sql.DataSource;
import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The runs that tell a story, played through the run store as workers play them (claim, end,
 * retry, claim again…) so that every attempt is recorded as the store records it, each with its
 * queue entry: a run that needed three attempts, runs waiting to retry, dead runs, runs in
 * flight with live output, runs waiting for the lost GPU box, a manual run and a cancelled one.
 */
final class DemoRuns {
    private final MutableClock clock;
    private final MysqlRunStore runs;
    private final RunQueue queue;
    private final LiveOutput live;
    private final AuditLog audit;
    private final DemoAudit dates;
    private final String namespace;
    private final Instant now;
    private final List<Long> inFlightOnFirst = new ArrayList<>();
    private final List<Long> inFlightOnSecond = new ArrayList<>();

    DemoRuns(DataSource dataSource, RunQueue queue, LiveOutput live, AuditLog audit, DemoAudit dates, String namespace,
             Instant now) {
        this.clock = new MutableClock(now);
        this.runs = new MysqlRunStore(dataSource, clock);
        this.queue = queue;
        this.live = live;
        this.audit = audit;
        this.dates = dates;
        this.namespace = namespace;
        this.now = now;
    }

    /** What the tour looks for: the run with several attempts and the run with a long live output. */
    record Highlights(Task retriedTask, long retriedRun, Task liveTask, long liveRun, int runningOnFirst,
                      int runningOnSecond) {
    }

    Highlights play(Map<String, Task> tasks, DemoNodes nodes) {
        Task leads = tasks.get("crm.sync-leads");
        long retried = retriedTwice(leads, fireBefore(leads, now.minus(Duration.ofHours(3))));
        Task stripe = tasks.get("payments.reconcile-stripe");
        retriedOnce(stripe, fireBefore(stripe, now.minus(Duration.ofHours(9))));
        dead(tasks.get("legacy.ftp-export"), "ftp: 530 Login authentication failed", RunStatus.FAILED);
        dead(tasks.get("crm.dedupe-contacts"), "timed out after 18m", RunStatus.TIMED_OUT);
        waitingToRetry(leads, Duration.ofSeconds(70), "HTTP 503 Service Unavailable from https://crm.internal/api/sync/leads");
        waitingToRetry(stripe, Duration.ofSeconds(190), "stripe: 429 Too Many Requests (rate limited)");
        Task reindex = tasks.get("search.reindex-products");
        long liveRun = running(reindex, DemoNodes.SECOND, inFlightOnSecond);
        live.write(List.of(new LiveOutput.Write(liveRun, DemoOutput.reindexing(fireBefore(reindex, now), now), false)));
        running(tasks.get("monitoring.synthetic-checkout"), DemoNodes.FIRST, inFlightOnFirst);
        for (String name : List.of("gpu.train-recsys", "gpu.embeddings-refresh", "gpu.batch-inference")) {
            waitingForGpu(tasks.get(name), nodes.lostAt());
        }
        manual(tasks.get("billing.invoice-run"), "alice", now.minus(Duration.ofHours(5).plusMinutes(12)),
                Map.of("PERIOD", "2026-11"));
        cancelled(tasks.get("reports.weekly-sales"), now.minus(Duration.ofHours(26)));
        return new Highlights(leads, retried, reindex, liveRun, inFlightOnFirst.size(), inFlightOnSecond.size());
    }

    /** Failed, then timed out, then succeeded: three attempts, two of them kept in {@code run_attempt}. */
    private long retriedTwice(Task task, Instant fire) {
        Run run = record(task, fire);
        Instant retry = fail(run, 1, DemoNodes.FIRST, fire.plusMillis(310), Duration.ofSeconds(12),
                "HTTP 503 Service Unavailable from https://crm.internal/api/sync/leads", AttemptEnding.FAILED,
                Duration.ofSeconds(30));
        Instant again = fail(run, 2, DemoNodes.SECOND, retry.plusMillis(180), task.timeout(),
                "timed out after " + io.redcron.domain.Durations.format(task.timeout()), AttemptEnding.TIMED_OUT,
                Duration.ofSeconds(60));
        succeed(run, 3, DemoNodes.FIRST, again.plusMillis(95), Duration.ofSeconds(16),
                "HTTP 200 OK\n{\"leads\": 402, \"updated\": 57, \"resumed\": true}");
        return run.id();
    }

    private void retriedOnce(Task task, Instant fire) {
        Run run = record(task, fire);
        Instant retry = fail(run, 1, DemoNodes.FIRST, fire.plusMillis(240), Duration.ofSeconds(9),
                "stripe: 429 Too Many Requests (rate limited)", AttemptEnding.FAILED, Duration.ofSeconds(30));
        succeed(run, 2, DemoNodes.FIRST, retry.plusMillis(120), Duration.ofSeconds(41), "payouts: 71\nmatched: 71\nunmatched: 0");
    }

    /** Every attempt failed: the run ends as its last attempt did and goes to the dead runs. */
    private void dead(Task task, String error, RunStatus last) {
        Instant fire = fireBefore(task, now.minus(Duration.ofMinutes(20)));
        Run run = record(task, fire);
        int attempts = task.retry().maxAttempts();
        Instant start = fire.plusMillis(280);
        AttemptEnding ending = last == RunStatus.TIMED_OUT ? AttemptEnding.TIMED_OUT : AttemptEnding.FAILED;
        Duration took = last == RunStatus.TIMED_OUT ? task.timeout() : Duration.ofSeconds(4);
        for (int attempt = 1; attempt < attempts; attempt++) {
            start = fail(run, attempt, attempt % 2 == 1 ? DemoNodes.FIRST : DemoNodes.SECOND, start, took, error, ending,
                    Duration.ofSeconds(30L << (attempt - 1))).plusMillis(150);
        }
        String node = task.group().equals("billing") ? DemoNodes.FIRST : DemoNodes.SECOND;
        Run claimed = claim(run, node, start);
        Instant finished = start.plus(took);
        clock.set(finished);
        runs.complete(run.id(), claimed.attempt(), RunStatus.RUNNING, new RunOutcome(last, finished,
                last == RunStatus.TIMED_OUT ? null : 1, last == RunStatus.TIMED_OUT ? "" : error, error));
        queue.dead(QueuedRun.of(task.group(), run.id()), error, finished);
    }

    /** The latest fire failed its first attempt; the next waits in the delayed set until {@code dueIn} from now. */
    private void waitingToRetry(Task task, Duration dueIn, String error) {
        Instant fire = fireBefore(task, now.minusSeconds(30));
        Run run = record(task, fire);
        Run claimed = claim(run, DemoNodes.FIRST, fire.plusMillis(260));
        Instant failed = Instant.ofEpochMilli(Math.min(fire.plusSeconds(12).toEpochMilli(), now.minusSeconds(5).toEpochMilli()));
        clock.set(failed);
        Instant due = now.plus(dueIn);
        runs.complete(run.id(), claimed.attempt(), RunStatus.RUNNING,
                new RunOutcome(RunStatus.RETRYING, failed, 1, error, error, due, AttemptEnding.FAILED));
        queue.delay(QueuedRun.of(task.group(), run.id()), due);
    }

    private long running(Task task, String node, List<Long> inFlight) {
        Instant fire = fireBefore(task, now.minusSeconds(2));
        Run run = record(task, fire);
        clock.set(now);
        runs.claim(run.id(), node, fire.plusMillis(190), now.plus(Duration.ofMinutes(30))).orElseThrow();
        inFlight.add(run.id());
        return run.id();
    }

    /** The group's only worker is lost: every fire since waits on the stream. */
    private void waitingForGpu(Task task, Instant lostAt) {
        List<QueuedRun> waiting = new ArrayList<>();
        for (Instant fire : DemoHistory.fires(task, lostAt, now, 10)) {
            waiting.add(QueuedRun.of(task.group(), record(task, fire).id()));
        }
        queue.enqueue(waiting);
    }

    private void manual(Task task, String who, Instant at, Map<String, String> params) {
        clock.set(at);
        Run run = runs.insertManual(task.id(), at, task.retry().maxAttempts(), params);
        dates.at(at, () -> audit.record(namespace, who, "run.trigger", "run:" + run.id(), null,
                runJson(run, RunStatus.QUEUED)));
        succeed(run, 1, DemoNodes.FIRST, at.plusMillis(420), Duration.ofSeconds(131),
                "period 2026-11: contracts scanned 18,377\ninvoices created: 912 (re-run after the tax fix)");
    }

    /** Triggered by li.na for the wrong week; bob cancels it while it runs. */
    private void cancelled(Task task, Instant at) {
        clock.set(at);
        Run run = runs.insertManual(task.id(), at, 1, Map.of("WEEK", "2026-W47"));
        dates.at(at, () -> audit.record(namespace, "li.na", "run.trigger", "run:" + run.id(), null,
                runJson(run, RunStatus.QUEUED)));
        Run claimed = claim(run, DemoNodes.SECOND, at.plusMillis(350));
        Instant asked = at.plus(Duration.ofSeconds(19));
        clock.set(asked);
        runs.requestCancel(run.id(), asked, "cancelled by bob: wrong week, li.na re-runs it after the data fix");
        dates.at(asked, () -> audit.record(namespace, "bob", "run.cancel", "run:" + run.id(),
                runJson(run, RunStatus.RUNNING), runJson(run, RunStatus.CANCELLED)));
        Instant ended = asked.plusMillis(600);
        clock.set(ended);
        runs.complete(run.id(), claimed.attempt(), RunStatus.RUNNING, new RunOutcome(RunStatus.CANCELLED, ended, 143,
                "loading orders for 2026-W47…\nreceived SIGTERM, stopping", "cancelled by bob"));
    }

    // ---- one attempt at a time, as a worker plays it ----

    private Run record(Task task, Instant fire) {
        clock.set(fire);
        return runs.insertOrGetCronFire(task.id(), fire, task.retry().maxAttempts());
    }

    private Run claim(Run run, String node, Instant at) {
        clock.set(at);
        return runs.claim(run.id(), node, at, at.plus(Duration.ofHours(2))).orElseThrow(
                () -> new IllegalStateException("run " + run.id() + " cannot be claimed at " + at));
    }

    /** An attempt that fails or times out; returns when the next one is due. */
    private Instant fail(Run run, int attempt, String node, Instant start, Duration took, String error,
                         AttemptEnding ending, Duration backoff) {
        Run claimed = claim(run, node, start);
        if (claimed.attempt() != attempt) {
            throw new IllegalStateException("run " + run.id() + ": attempt " + claimed.attempt() + ", not " + attempt);
        }
        Instant finished = start.plus(took);
        clock.set(finished);
        Instant due = finished.plus(backoff);
        runs.complete(run.id(), attempt, RunStatus.RUNNING, new RunOutcome(RunStatus.RETRYING, finished,
                ending == AttemptEnding.TIMED_OUT ? null : 1, ending == AttemptEnding.TIMED_OUT ? "" : error, error, due,
                ending));
        return due;
    }

    private void succeed(Run run, int attempt, String node, Instant start, Duration took, String output) {
        Run claimed = claim(run, node, start);
        Instant finished = start.plus(took);
        clock.set(finished);
        runs.complete(run.id(), claimed.attempt(), RunStatus.RUNNING,
                new RunOutcome(RunStatus.SUCCEEDED, finished, 0, output, null));
    }

    static Instant fireBefore(Task task, Instant before) {
        return task.schedule().previousBefore(before, task.zone()).map(ZonedDateTime::toInstant).orElseThrow();
    }

    /** A run as the audit log shows one (what the operator actions record). */
    private static String runJson(Run run, RunStatus status) {
        return "{\"id\":" + run.id() + ",\"task\":\"" + run.taskName() + "\",\"taskId\":" + run.taskId()
                + ",\"group\":\"" + run.group() + "\",\"trigger\":\"" + run.trigger().name() + "\",\"status\":\""
                + status.name() + "\",\"params\":[" + String.join(",", run.params().keySet().stream().sorted()
                .map(name -> "\"" + name + "\"").toList()) + "]}";
    }
}
