package io.redcron.store.redis;

import io.redcron.testing.RedisNamespace;
import io.redcron.config.RedisConfig;
import io.redcron.port.EventBus;
import io.redcron.port.EventBus.Event;
import io.redcron.port.EventBus.Event.Kind;
import io.redcron.testing.EmbeddedRedis;
import io.redcron.testing.TestRedis;
import io.redcron.testkit.EventBusContract;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.Connection;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.RedisClient;
import redis.clients.jedis.UnifiedJedis;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

class RedisEventBusIT extends EventBusContract {
    private static RedisNamespace redis;
    private static EventBus shared;

    @TempDir
    Path tmp;

    @BeforeAll
    static void openNamespace() {
        redis = RedisNamespace.onSharedServer();
        shared = new RedisEventBus(redis.client(), redis.keys(), RedisConfig.fromUri(TestRedis.uri()));
    }

    @Override
    protected EventBus newBus() {
        return shared;
    }

    @Override
    protected void awaitSubscribers(long count) {
        awaitSubscribers(redis, count);
    }

    @AfterAll
    static void closeNamespace() {
        redis.close();
    }

    @Test
    void aMessageThatIsNotAnEventIsSkippedAndListeningGoesOn() throws Exception {
        List<Event> received = new CopyOnWriteArrayList<>();
        try (AutoCloseable subscription = bus.subscribe(received::add)) {
            awaitSubscribers(redis, 1);

            redis.client().publish(redis.keys().events(), "NONSENSE 1");
            redis.client().publish(redis.keys().events(), "garbage");
            bus.publish(new Event(Kind.RUN_FINISHED, 3));

            await().atMost(Duration.ofSeconds(5)).until(() -> received.equals(List.of(new Event(Kind.RUN_FINISHED, 3))));
        }
    }

    @Test
    void aClosedSubscriptionLeavesTheChannelAndHearsNothingMore() throws Exception {
        List<Event> received = new CopyOnWriteArrayList<>();
        AutoCloseable subscription = bus.subscribe(received::add);
        awaitSubscribers(redis, 1);

        subscription.close();

        awaitSubscribers(redis, 0);
        assertThat(redis.client().publish(redis.keys().events(), new Event(Kind.TASK_CHANGED, 1).encode()))
                .as("listeners reached").isZero();
        assertThat(received).isEmpty();
    }

    @Test
    void aSubscriptionClosedWhileItIsStillConnectingNeverStartsListening() throws Exception {
        RedisConfig config = RedisConfig.fromUri(TestRedis.uri());
        RedisKeys keys = new RedisKeys(TestRedis.freshNamespace());
        try (UnifiedJedis oneConnection = RedisConnector.open(config, "redcron-it", 1)) {
            EventBus slowBus = new RedisEventBus(oneConnection, keys, config);
            Connection taken = ((RedisClient) oneConnection).getPool().getResource();
            AutoCloseable subscription = slowBus.subscribe(event -> { });
            // The listener now waits for a connection, as it would for a slow or restarting Redis.
            await().atMost(Duration.ofSeconds(5)).until(() -> listenerState(keys) == Thread.State.TIMED_WAITING);

            subscription.close();
            taken.close(); // back to the pool: the listener gets it

            await().atMost(Duration.ofSeconds(5)).until(() -> listenerState(keys) == null);
            assertThat(subscribers(TestRedis.uri(), keys)).isZero();
        }
    }

    @Test
    void afterRedisRestartsTheSubscriptionComesBackAndHearsNewEvents() throws Exception {
        try (EmbeddedRedis server = TestRedis.startPrivate(tmp, false);
             RedisNamespace own = RedisNamespace.onPrivateServer(server.uri())) {
            EventBus ownBus = new RedisEventBus(own.client(), own.keys(), RedisConfig.fromUri(server.uri()));
            List<Event> received = new CopyOnWriteArrayList<>();
            try (AutoCloseable subscription = ownBus.subscribe(received::add)) {
                awaitSubscribers(own, 1);

                server.restart();

                await().atMost(Duration.ofSeconds(15)).ignoreExceptions().until(() -> subscribers(own) == 1);
                try (RedisClient publisher = RedisClient.create(server.uri())) {
                    publisher.publish(own.keys().events(), new Event(Kind.TASK_CHANGED, 99).encode());
                }
                await().atMost(Duration.ofSeconds(5)).until(() -> received.equals(List.of(new Event(Kind.TASK_CHANGED, 99))));
            }
        }
    }

    /** The state of this namespace's listener thread, or null when it has ended. */
    private static Thread.State listenerState(RedisKeys keys) {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(thread -> thread.getName().equals("redcron-events-" + keys.namespace()))
                .map(Thread::getState).findFirst().orElse(null);
    }

    private static void awaitSubscribers(RedisNamespace namespace, long count) {
        await().atMost(Duration.ofSeconds(5)).until(() -> subscribers(namespace) == count);
    }

    private static long subscribers(RedisNamespace namespace) {
        return subscribers(namespace.uri(), namespace.keys());
    }

    private static long subscribers(String uri, RedisKeys keys) {
        // A connection of its own: after a restart the namespace's pooled connections are stale.
        try (Jedis probe = new Jedis(URI.create(uri))) {
            return probe.pubsubNumSub(keys.events()).getOrDefault(keys.events(), 0L);
        }
    }
}
