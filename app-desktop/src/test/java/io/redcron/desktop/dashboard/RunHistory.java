package io.redcron.desktop.dashboard;

import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.Task;
import io.redcron.port.RunOutcome;
import io.redcron.store.mysql.MutableClock;
import io.redcron.store.mysql.MysqlRunStore;
import io.redcron.store.mysql.MysqlTaskStore;
import io.redcron.store.mysql.TaskFixtures;

import java.time.Duration;
import java.time.Instant;
import javax.sql.DataSource;

/** Runs of a namespace of its own, recorded through the stores as workers record them. */
final class RunHistory {
    private final MutableClock clock = new MutableClock(Instant.EPOCH);
    private final MysqlTaskStore tasks;
    private final MysqlRunStore runs;
    private final String namespace = TaskFixtures.freshNamespace();

    RunHistory(DataSource dataSource) {
        tasks = new MysqlTaskStore(dataSource, clock);
        runs = new MysqlRunStore(dataSource, clock);
    }

    String namespace() {
        return namespace;
    }

    Task task(String name) {
        return tasks.create(TaskFixtures.shell(namespace, name).build(), "tester");
    }

    /** A cron fire that started {@code late} after it was due and ended {@code took} later. */
    void ran(Task task, Instant fire, Duration late, Duration took, RunStatus status, String error) {
        clock.set(fire);
        Run run = runs.insertOrGetCronFire(task.id(), fire, 1);
        Instant started = fire.plus(late);
        clock.set(started);
        Run claimed = runs.claim(run.id(), "node-1", started, started.plus(Duration.ofHours(1))).orElseThrow();
        Instant finished = started.plus(took);
        clock.set(finished);
        runs.complete(claimed.id(), claimed.attempt(), RunStatus.RUNNING,
                new RunOutcome(status, finished, status == RunStatus.SUCCEEDED ? 0 : 1, null, error));
    }

    /** A fire skipped while it waited. */
    void skipped(Task task, Instant fire) {
        clock.set(fire);
        Run run = runs.insertOrGetCronFire(task.id(), fire, 1);
        runs.changeIdle(run.id(), RunStatus.QUEUED, RunStatus.SKIPPED, "skipped", fire);
    }
}
