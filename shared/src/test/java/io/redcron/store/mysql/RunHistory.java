package io.redcron.store.mysql;

import static org.assertj.core.api.Assertions.assertThat;

import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.Task;
import io.redcron.port.RunOutcome;

import java.time.Duration;
import java.time.Instant;

/** Runs recorded, claimed and ended through the store as nodes do, each at its time on the test's clock. */
final class RunHistory {
    private static final Duration LEASE = Duration.ofMinutes(30);

    private final MysqlRunStore runs;
    private final MutableClock clock;

    RunHistory(MysqlRunStore runs, MutableClock clock) {
        this.runs = runs;
        this.clock = clock;
    }

    /** A cron fire claimed {@code late} after it was due, ending {@code took} later; the claimed run. */
    Run ran(Task task, Instant fire, Duration late, Duration took, RunStatus status, String error) {
        clock.set(fire);
        Run run = runs.insertOrGetCronFire(task.id(), fire, 1);
        return end(claim(run, fire.plus(late)), took, status, error);
    }

    Run claim(Run run, Instant at) {
        clock.set(at);
        return runs.claim(run.id(), "node-1", at, at.plus(LEASE)).orElseThrow();
    }

    /** Ends a claimed run {@code took} after it started; the claimed run. */
    Run end(Run claimed, Duration took, RunStatus status, String error) {
        Instant finished = claimed.startedAt().plus(took);
        clock.set(finished);
        assertThat(runs.complete(claimed.id(), claimed.attempt(), RunStatus.RUNNING,
                new RunOutcome(status, finished, status == RunStatus.SUCCEEDED ? 0 : 1, null, error))).isTrue();
        return claimed;
    }
}
