package io.redcron.chaos;

import io.redcron.domain.ConcurrencyPolicy;
import io.redcron.domain.RetryPolicy;
import io.redcron.domain.ShellPayload;
import io.redcron.domain.Task;
import io.redcron.port.TaskStore;
import io.redcron.schedule.CronDialect;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The tasks every scenario runs: short ones and a long one (4 s) firing every second, a long one
 * under the forbid policy every 5 s, and a flaky one that fails its first attempt and succeeds on a retry. Each execution appends
 * "{@code <run id> <attempt> <node> start}" to the effects file when it begins and "... end" when
 * it is done, the side effect the invariants compare with the run rows.
 */
final class Workload {
    /** What a task does, and so how its runs may end. */
    enum Kind {
        SHORT(1, 0, false, ConcurrencyPolicy.FORBID),
        /** Longer than its period: several runs of it overlap. */
        LONG(1, 4, false, ConcurrencyPolicy.ALLOW),
        /** Never two at once: a fire waits for the run in flight (a lost one too, until it is recovered). */
        LONG_EXCLUSIVE(5, 3, false, ConcurrencyPolicy.FORBID),
        FLAKY(2, 0, true, ConcurrencyPolicy.FORBID);

        final int periodSeconds;
        final int sleepSeconds;
        final boolean failsFirstAttempt;
        final ConcurrencyPolicy concurrency;

        Kind(int periodSeconds, int sleepSeconds, boolean failsFirstAttempt, ConcurrencyPolicy concurrency) {
            this.periodSeconds = periodSeconds;
            this.sleepSeconds = sleepSeconds;
            this.failsFirstAttempt = failsFirstAttempt;
            this.concurrency = concurrency;
        }
    }

    /** A created task, with the first fire it planned. */
    record Planned(long id, String name, Kind kind, Instant firstFire) {
    }

    private final String namespace;
    private final Path effects;
    private final List<Planned> tasks = new ArrayList<>();

    Workload(String namespace, Path effects) {
        this.namespace = namespace;
        this.effects = effects;
    }

    Path effects() {
        return effects;
    }

    List<Planned> tasks() {
        return List.copyOf(tasks);
    }

    void create(TaskStore store) {
        add(store, "short-1", Kind.SHORT);
        add(store, "short-2", Kind.SHORT);
        add(store, "short-3", Kind.SHORT);
        add(store, "long-1", Kind.LONG);
        add(store, "long-exclusive", Kind.LONG_EXCLUSIVE);
        add(store, "flaky-1", Kind.FLAKY);
    }

    void disable(TaskStore store) {
        for (Planned task : tasks) {
            store.setEnabled(task.id(), false, "chaos");
        }
    }

    Kind kindOf(long taskId) {
        return tasks.stream().filter(task -> task.id() == taskId).map(Planned::kind).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no task " + taskId + " in the workload"));
    }

    private void add(TaskStore store, String name, Kind kind) {
        String cron = kind.periodSeconds == 1 ? "* * * * * ?" : "*/" + kind.periodSeconds + " * * * * ?";
        Task task = store.create(Task.builder().namespace(namespace).name(name).cron(cron).dialect(CronDialect.QUARTZ)
                .payload(new ShellPayload(script(kind), null, Map.of())).timeout(Duration.ofSeconds(60)).concurrencyPolicy(kind.concurrency)
                .retry(new RetryPolicy(3, Duration.ofSeconds(1), 1.0, Duration.ofSeconds(1), 0.0)).build(), "chaos");
        tasks.add(new Planned(task.id(), name, kind, task.nextFireAt()));
    }

    String script(Kind kind) {
        String line = "\"$REDCRON_RUN_ID $REDCRON_ATTEMPT $REDCRON_NODE_ID";
        String file = "'" + effects + "'";
        StringBuilder script = new StringBuilder("echo ").append(line).append(" start\" >> ").append(file);
        if (kind.sleepSeconds > 0) {
            script.append("; sleep ").append(kind.sleepSeconds);
        }
        script.append("; echo ").append(line).append(" end\" >> ").append(file);
        if (kind.failsFirstAttempt) {
            script.append("; test \"$REDCRON_ATTEMPT\" != 1");
        }
        return script.toString();
    }
}
