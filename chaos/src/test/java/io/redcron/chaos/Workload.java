package io.redcron.chaos;

import io.redcron.domain.ConcurrencyPolicy;
import io.redcron.domain.MisfirePolicy;
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
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The tasks every scenario runs: short ones and a long one (4 s) firing every second, a long one
 * under the forbid policy every 5 s, and a flaky one that fails its first attempt and succeeds on a retry. Each execution appends
 * "{@code <run id> <attempt> <node> start}" to the effects file when it begins and "... end" when
 * it is done, the side effect the invariants compare with the run rows. Scenarios may add tasks of
 * their own (probes of a misfire policy, a task no worker serves), edit a task's cron or pause it;
 * each task keeps the periods of the crons it followed, which the invariants read its fires from.
 */
final class Workload {
    /** What a task does, and so how its runs may end. */
    enum Kind {
        SHORT(1, 0, false, ConcurrencyPolicy.FORBID),
        /** Longer than its period: several runs of it overlap. */
        LONG(1, 4, false, ConcurrencyPolicy.ALLOW),
        /** Never two at once: a fire waits for the run in flight (a lost one too, until it is recovered). */
        LONG_EXCLUSIVE(5, 3, false, ConcurrencyPolicy.FORBID),
        FLAKY(2, 0, true, ConcurrencyPolicy.FORBID),
        /** A cron of its own that fires a few times only: not expected to keep succeeding after a fault. */
        PROBE(0, 0, false, ConcurrencyPolicy.FORBID),
        /** Each fire split into shards that each run 2 s; fires overlap, as shards of one fire do. */
        SHARDED(5, 2, false, ConcurrencyPolicy.ALLOW),
        /** In a group no worker serves: its runs are failed at the queue deadline. */
        UNSERVED(2, 0, false, ConcurrencyPolicy.FORBID);

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

        /** Fires all along, so every such task must succeed again after a fault. */
        boolean steady() {
            return this != PROBE && this != UNSERVED && this != SHARDED;
        }

        /** A worker may run it; runs of other kinds end FAILED. */
        boolean served() {
            return this != UNSERVED;
        }

        String cron() {
            if (periodSeconds == 0) {
                throw new IllegalStateException(this + " has no cron of its own");
            }
            return periodSeconds == 1 ? "* * * * * ?" : "*/" + periodSeconds + " * * * * ?";
        }
    }

    /** A created task, with the first fire it planned and the crons it followed since. */
    record Planned(long id, String name, Kind kind, Instant firstFire, List<CronPeriod> periods) {
        Planned {
            periods = List.copyOf(periods);
        }

        /** A task that has followed its kind's cron since its first fire. */
        Planned(long id, String name, Kind kind, Instant firstFire) {
            this(id, name, kind, firstFire, List.of(CronPeriod.from(kind.cron(), firstFire)));
        }

        /** Still scheduled: not paused. */
        boolean active() {
            return current().open();
        }

        /** When the task was paused, if it was. */
        Instant pausedAt() {
            return active() ? null : current().until();
        }

        Planned rescheduled(String cron, Instant commit) {
            List<CronPeriod> next = new ArrayList<>(periods.subList(0, periods.size() - 1));
            next.add(current().endedAt(commit));
            next.add(new CronPeriod(cron, commit, null));
            return new Planned(id, name, kind, firstFire, next);
        }

        Planned paused(Instant commit) {
            List<CronPeriod> next = new ArrayList<>(periods.subList(0, periods.size() - 1));
            next.add(current().endedAt(commit));
            return new Planned(id, name, kind, firstFire, next);
        }

        private CronPeriod current() {
            return periods.get(periods.size() - 1);
        }
    }

    private final String namespace;
    private final Path effects;
    // Read by pollers on other threads while a scenario changes it.
    private final List<Planned> tasks = new CopyOnWriteArrayList<>();

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

    Planned task(String name) {
        return tasks.stream().filter(task -> task.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no task " + name + " in the workload"));
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

    /** A quick task on a cron of its own under a misfire policy. */
    Planned addProbe(TaskStore store, String name, String cron, MisfirePolicy misfire, int catchUpLimit) {
        return addProbe(store, name, cron, misfire, catchUpLimit, Kind.PROBE.concurrency);
    }

    /** A probe under another concurrency policy: an {@code allow} one is claimed ahead and held by its worker. */
    Planned addProbe(TaskStore store, String name, String cron, MisfirePolicy misfire, int catchUpLimit,
                     ConcurrencyPolicy concurrency) {
        return add(store, definition(name, Kind.PROBE, cron).misfirePolicy(misfire).catchUpLimit(catchUpLimit)
                .concurrencyPolicy(concurrency), Kind.PROBE);
    }

    /** A task whose every fire is split into {@code shards} shard runs. */
    Planned addSharded(TaskStore store, String name, int shards) {
        return add(store, definition(name, Kind.SHARDED, Kind.SHARDED.cron())
                .sharding(io.redcron.domain.Sharding.fixed(shards)), Kind.SHARDED);
    }

    /** A task routed to {@code group}, which no node of the cluster serves. */
    Planned addUnserved(TaskStore store, String name, String group) {
        return add(store, definition(name, Kind.UNSERVED, Kind.UNSERVED.cron()).group(group), Kind.UNSERVED);
    }

    /** Gives a task a new cron; the change's commit is the task row's {@code updated_at} afterwards. */
    Planned reschedule(TaskStore store, String name, String cron) {
        Planned before = task(name);
        Task stored = store.get(before.id()).orElseThrow();
        store.update(stored.toBuilder().cron(cron).build(), "chaos");
        return replace(before, before.rescheduled(cron, store.get(before.id()).orElseThrow().updatedAt()));
    }

    /** Disables a task; the pause's commit is the task row's {@code updated_at} afterwards. */
    Planned pause(TaskStore store, String name) {
        Planned before = task(name);
        store.setEnabled(before.id(), false, "chaos");
        return replace(before, before.paused(store.get(before.id()).orElseThrow().updatedAt()));
    }

    Kind kindOf(long taskId) {
        return tasks.stream().filter(task -> task.id() == taskId).map(Planned::kind).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no task " + taskId + " in the workload"));
    }

    private void add(TaskStore store, String name, Kind kind) {
        add(store, definition(name, kind, kind.cron()), kind);
    }

    private Task.Builder definition(String name, Kind kind, String cron) {
        return Task.builder().namespace(namespace).name(name).cron(cron).dialect(CronDialect.QUARTZ)
                .payload(new ShellPayload(script(kind), null, Map.of())).timeout(Duration.ofSeconds(60)).concurrencyPolicy(kind.concurrency)
                .retry(new RetryPolicy(3, Duration.ofSeconds(1), 1.0, Duration.ofSeconds(1), 0.0));
    }

    private Planned add(TaskStore store, Task.Builder definition, Kind kind) {
        Task task = store.create(definition.build(), "chaos");
        Planned planned = new Planned(task.id(), task.name(), kind, task.nextFireAt(),
                List.of(CronPeriod.from(task.cron(), task.nextFireAt())));
        tasks.add(planned);
        return planned;
    }

    private Planned replace(Planned before, Planned after) {
        tasks.set(tasks.indexOf(before), after);
        return after;
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
