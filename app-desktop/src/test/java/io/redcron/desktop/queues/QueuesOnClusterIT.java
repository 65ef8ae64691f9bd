package io.redcron.desktop.queues;

import io.redcron.desktop.session.SessionAdapters;
import io.redcron.config.MysqlConfig;
import io.redcron.config.Secret;
import io.redcron.desktop.connect.ConnectionProfile;
import io.redcron.desktop.session.Session;
import io.redcron.desktop.session.SessionFactory;
import io.redcron.desktop.ui.Messages;
import io.redcron.desktop.ui.UiExecutor;
import io.redcron.port.QueuedRun;
import io.redcron.store.redis.RedisRunQueue;
import io.redcron.testing.ClusterSetup;
import io.redcron.testing.TestDatabase;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** The desktop on a Redis Cluster, named by one redis-cluster:// URI in its connection profile. */
class QueuesOnClusterIT {
    @TempDir
    Path dir;

    private ClusterSetup cluster;
    private Session session;

    @AfterEach
    void close() {
        if (session != null) {
            session.close();
        }
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void aClusterProfileConnectsShowsTheQueuesAndPurgesTheDeadRuns() {
        cluster = ClusterSetup.start(dir);
        MysqlConfig database = TestDatabase.freshSchema();
        String uri = cluster.config().displayUri();
        assertThat(uri).startsWith("redis-cluster://127.0.0.1:");
        ConnectionProfile profile = new ConnectionProfile("cluster", uri, database.jdbcUrl(), database.user(),
                ClusterSetup.namespaceOnShard(2));
        SessionFactory sessions = new SessionFactory("tester", Clock.systemUTC());

        SessionFactory.Check check = sessions.check(profile, database.password(), Secret.NONE);
        assertThat(check.redis().ok()).as(check.redis().message()).isTrue();
        assertThat(check.redis().message()).isEqualTo("Redis answered at " + uri);

        session = sessions.open(profile, database.password(), Secret.NONE);
        RedisRunQueue queue = new RedisRunQueue(SessionAdapters.redis(session), SessionAdapters.keys(session));
        queue.ensureGroups(Set.of("default", "billing"));
        queue.enqueue(List.of(QueuedRun.of("default", 1), QueuedRun.of("billing", 2)));
        queue.dead(QueuedRun.of("default", 3), "gave up", Instant.now());
        queue.dead(QueuedRun.of("default", 4), "gave up", Instant.now());
        QueuesViewModel model = new io.redcron.desktop.session.Screens(session, UiExecutor.direct(), new Messages(Locale.ENGLISH)).queues();

        model.load();
        assertThat(model.errorProperty().get()).isEmpty();
        assertThat(model.dead()).extracting(DeadRow::runId).containsExactly(4L, 3L);

        model.purgeAll();
        assertThat(model.noticeProperty().get().text()).isEqualTo("Removed 2 dead runs.");
        assertThat(SessionAdapters.redis(session).exists(SessionAdapters.keys(session).dead())).isFalse();
    }
}
