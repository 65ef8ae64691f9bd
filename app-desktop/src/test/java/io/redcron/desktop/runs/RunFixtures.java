package io.redcron.desktop.runs;

import io.redcron.config.MysqlConfig;
import io.redcron.config.Secret;
import io.redcron.desktop.connect.ConnectionProfile;
import io.redcron.desktop.session.Session;
import io.redcron.desktop.session.SessionFactory;
import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.ShellPayload;
import io.redcron.domain.Task;
import io.redcron.port.RunOutcome;
import io.redcron.schedule.CronDialect;
import io.redcron.testing.TestRedis;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;

/** Tasks and runs in a namespace of their own, recorded the way nodes record them. */
final class RunFixtures {
    private final Session session;

    private RunFixtures(Session session) {
        this.session = session;
    }

    /** A session on the test stores, in a namespace no other test uses. */
    static Session openSession(MysqlConfig database) {
        ConnectionProfile profile = new ConnectionProfile("test", TestRedis.uri(), database.jdbcUrl(), database.user(),
                TestRedis.freshNamespace());
        return new SessionFactory("tester", Clock.systemUTC()).open(profile, database.password(), Secret.NONE);
    }

    static RunFixtures in(Session session) {
        return new RunFixtures(session);
    }

    Task task(String name) {
        return session.tasks().create(Task.builder().namespace(session.namespace()).name(name).cron("0 3 * * *")
                .dialect(CronDialect.UNIX).zone(ZoneOffset.UTC).payload(new ShellPayload("echo hi", null, Map.of()))
                .build(), "test");
    }

    Run queued(Task task, Instant scheduledAt) {
        return session.runs().insertOrGetCronFire(task.id(), scheduledAt, 1);
    }

    Run running(Run run) {
        Instant now = session.clock().instant();
        return session.runs().claim(run.id(), "node-1", now, now.plus(Duration.ofMinutes(5))).orElseThrow();
    }

    Run ended(Run run, RunStatus status, Integer exitCode, String output) {
        Run claimed = running(run);
        session.runs().complete(claimed.id(), claimed.attempt(), RunStatus.RUNNING,
                new RunOutcome(status, session.clock().instant(), exitCode, output,
                        status == RunStatus.SUCCEEDED ? null : "exit code " + exitCode));
        return session.runs().get(run.id()).orElseThrow();
    }
}
