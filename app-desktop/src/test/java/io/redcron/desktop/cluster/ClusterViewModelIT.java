package io.redcron.desktop.cluster;

import io.redcron.desktop.session.SessionAdapters;
import com.zaxxer.hikari.HikariDataSource;
import io.redcron.config.MysqlConfig;
import io.redcron.config.Secret;
import io.redcron.desktop.connect.ConnectionProfile;
import io.redcron.desktop.session.Session;
import io.redcron.desktop.session.SessionFactory;
import io.redcron.desktop.ui.Messages;
import io.redcron.desktop.ui.UiExecutor;
import io.redcron.domain.NodeInfo;
import io.redcron.domain.NodeRole;
import io.redcron.store.mysql.MysqlFencingEpochs;
import io.redcron.store.redis.RedisLeaderLease;
import io.redcron.store.redis.RedisNodeRegistry;
import io.redcron.testing.MysqlStores;
import io.redcron.testing.TestRedis;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** The cluster screen's model against real Redis and MariaDB, with work run synchronously. */
class ClusterViewModelIT {
    @RegisterExtension
    static final MysqlStores mysql = MysqlStores.freshDatabase();
    private static final MysqlConfig database = mysql.config();
    private static final HikariDataSource dataSource = mysql.pool();

    private final String namespace = TestRedis.freshNamespace();
    private final StepClock clock = new StepClock(Instant.now());
    private Session session;

    @AfterEach
    void close() {
        if (session != null) {
            session.close();
        }
    }

    private Session session(Clock sessionClock) {
        session = new SessionFactory("tester", sessionClock).open(new ConnectionProfile("t", TestRedis.uri(),
                database.jdbcUrl(), database.user(), namespace), database.password(), Secret.NONE);
        return session;
    }

    private ClusterViewModel model(Clock sessionClock, Locale locale, EpochSource epochs) {
        return new io.redcron.desktop.session.Screens(session(sessionClock), UiExecutor.direct(), new Messages(locale)).cluster(epochs);
    }

    private EpochSource epochs() {
        MysqlFencingEpochs epochs = new MysqlFencingEpochs(dataSource, Clock.systemUTC());
        return new EpochSource(() -> epochs.current(namespace));
    }

    private void beat(Session s, String nodeId, Instant lastSeen) {
        new RedisNodeRegistry(SessionAdapters.redis(s), SessionAdapters.keys(s)).heartbeat(new NodeInfo(nodeId, "host-" + nodeId, 4242, "0.1.0",
                Set.of(NodeRole.SCHEDULER, NodeRole.WORKER), Set.of("default", "billing"), 8, 3,
                lastSeen.minusSeconds(3600), lastSeen), Duration.ofMinutes(1));
    }

    @Test
    void showsTheLeaderItsLeaseTheEpochAndTheNodesWithStaleOnesFlagged() {
        ClusterViewModel model = model(Clock.systemUTC(), Locale.ENGLISH, epochs());
        Instant now = Instant.now();
        beat(session, "node-a", now);
        beat(session, "node-b", now.minusSeconds(40));
        new RedisLeaderLease(SessionAdapters.redis(session), SessionAdapters.keys(session)).tryAcquire("node-a:6f1c", Duration.ofSeconds(30));
        new MysqlFencingEpochs(dataSource, Clock.systemUTC()).advance(namespace, "node-a:6f1c");

        model.load();

        assertThat(model.errorProperty().get()).isEmpty();
        assertThat(model.leaderProperty().get()).isEqualTo("node-a");
        assertThat(model.leaseHolderProperty().get()).isEqualTo("node-a:6f1c");
        assertThat(model.hasLeaderProperty().get()).isTrue();
        assertThat(model.leaseRemainingProperty().get()).matches("(29|30)\\.\\d s left");
        assertThat(model.epochProperty().get()).startsWith("1, taken by node-a:6f1c on ");
        assertThat(model.epochWarningProperty().get()).isEmpty();
        assertThat(model.nodes()).extracting(NodeRow::nodeId).containsExactly("node-a", "node-b");
        NodeRow a = model.nodes().get(0);
        assertThat(a.host()).isEqualTo("host-node-a");
        assertThat(a.roles()).isEqualTo("scheduler, worker");
        assertThat(a.groups()).isEqualTo("billing, default");
        assertThat(a.slots()).isEqualTo(8);
        assertThat(a.running()).isEqualTo(3);
        assertThat(a.version()).isEqualTo("0.1.0");
        assertThat(a.lastSeenText()).matches("last seen [01] s ago");
        assertThat(a.stale()).isFalse();
        assertThat(a.leader()).isTrue();
        NodeRow b = model.nodes().get(1);
        assertThat(b.stale()).isTrue();
        assertThat(b.leader()).isFalse();
        assertThat(b.lastSeenText()).matches("last seen 4[01] s ago · stale");
        assertThat(model.summaryProperty().get()).isEqualTo("2 live nodes, 1 stale");
        assertThat(model.staleCountProperty().get()).isEqualTo(1);
    }

    @Test
    void theLeaseCountsDownBetweenReadsAndThenShowsExpired() {
        ClusterViewModel model = model(clock, Locale.ENGLISH, EpochSource.unavailable());
        new RedisLeaderLease(SessionAdapters.redis(session), SessionAdapters.keys(session)).tryAcquire("node-a:1", Duration.ofSeconds(10));
        model.load();
        assertThat(seconds(model)).isBetween(9.0, 10.0);

        clock.advance(Duration.ofMillis(2500));
        model.tick();
        assertThat(seconds(model)).isBetween(6.5, 7.5);

        clock.advance(Duration.ofMillis(100));
        model.tick();
        assertThat(seconds(model)).isBetween(6.4, 7.4);

        clock.advance(Duration.ofSeconds(8));
        model.tick();
        assertThat(model.leaseRemainingProperty().get()).isEqualTo("expired, a new leader is due");
    }

    private static double seconds(ClusterViewModel model) {
        String text = model.leaseRemainingProperty().get();
        assertThat(text).endsWith(" s left");
        return Double.parseDouble(text.substring(0, text.indexOf(' ')));
    }

    @Test
    void withoutALeaderOrAnEpochSourceItSaysSo() {
        ClusterViewModel model = model(Clock.systemUTC(), Locale.ENGLISH, EpochSource.unavailable());

        model.load();

        assertThat(model.leaderProperty().get()).isEqualTo("No node leads this namespace right now");
        assertThat(model.hasLeaderProperty().get()).isFalse();
        assertThat(model.leaseRemainingProperty().get()).isEmpty();
        assertThat(model.epochProperty().get()).isEqualTo("not available in this window");
        assertThat(model.nodes()).isEmpty();
        assertThat(model.summaryProperty().get()).isEqualTo("No live nodes");
    }

    @Test
    void anEpochFromAnotherHolderIsPointedOut() {
        ClusterViewModel model = model(Clock.systemUTC(), Locale.ENGLISH, epochs());
        new MysqlFencingEpochs(dataSource, Clock.systemUTC()).advance(namespace, "node-old:1");
        new MysqlFencingEpochs(dataSource, Clock.systemUTC()).advance(namespace, "node-old:2");
        new RedisLeaderLease(SessionAdapters.redis(session), SessionAdapters.keys(session)).tryAcquire("node-new:3", Duration.ofSeconds(30));

        model.load();

        assertThat(model.epochProperty().get()).startsWith("2, taken by node-old:2 on ");
        assertThat(model.epochWarningProperty().get()).startsWith("The epoch belongs to node-old:2, not to the lease holder");
    }

    @Test
    void anEpochThatCannotBeReadCostsTheEpochLineOnly() {
        ClusterViewModel model = model(Clock.systemUTC(), Locale.ENGLISH, new EpochSource(() -> {
            throw new IllegalStateException("Cannot read the scheduler epoch: connection refused\n\tat somewhere");
        }));
        new RedisLeaderLease(SessionAdapters.redis(session), SessionAdapters.keys(session)).tryAcquire("node-a:1", Duration.ofSeconds(30));

        model.load();

        assertThat(model.errorProperty().get()).isEmpty();
        assertThat(model.leaderProperty().get()).isEqualTo("node-a");
        assertThat(model.epochProperty().get()).isEqualTo(
                "cannot read it: Cannot read the scheduler epoch: connection refused");
    }

    @Test
    void noEpochYetIsNotAnError() {
        ClusterViewModel model = model(Clock.systemUTC(), Locale.ENGLISH, new EpochSource(Optional::empty));

        model.load();

        assertThat(model.epochProperty().get()).isEqualTo("none yet: no scheduler has led this namespace");
    }

    @Test
    void redisThatFailsGivesOneReadableLine() {
        ClusterViewModel model = model(Clock.systemUTC(), Locale.ENGLISH, EpochSource.unavailable());
        session.close();

        model.load();

        assertThat(model.errorProperty().get()).startsWith("Cannot read the cluster: ").doesNotContain("\n");
        assertThat(model.busyProperty().get()).isFalse();
        session = null;
    }

    @Test
    void chineseText() {
        ClusterViewModel model = model(Clock.systemUTC(), Locale.SIMPLIFIED_CHINESE, epochs());
        beat(session, "node-a", Instant.now().minusSeconds(20));
        new RedisLeaderLease(SessionAdapters.redis(session), SessionAdapters.keys(session)).tryAcquire("node-a:1", Duration.ofSeconds(30));

        model.load();

        assertThat(model.nodes().get(0).lastSeenText()).matches("2[01] 秒前最后心跳 · 心跳超时");
        assertThat(model.leaseRemainingProperty().get()).matches("剩余 (29|30)\\.\\d 秒");
        assertThat(model.summaryProperty().get()).isEqualTo("1 个存活节点，1 个心跳超时");
        assertThat(model.epochProperty().get()).isEqualTo("暂无：尚无调度器主导过此命名空间");
    }

    /** A clock the test moves by hand; reading it never waits. */
    static final class StepClock extends Clock {
        private Instant now;

        StepClock(Instant start) {
            now = start;
        }

        void advance(Duration step) {
            now = now.plus(step);
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }
}
