package io.redcron.store.redis;

import io.redcron.config.RedisConfig;
import io.redcron.port.EventBus;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import redis.clients.jedis.JedisPubSub;
import redis.clients.jedis.UnifiedJedis;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * Events on the namespace's pub/sub channel. A subscription holds a connection of its own on a
 * daemon thread and resubscribes after connection loss; messages sent meanwhile are lost, which
 * is why nothing depends on them for correctness.
 */
public final class RedisEventBus implements EventBus {
    private static final Logger LOG = LoggerFactory.getLogger(RedisEventBus.class);

    private final UnifiedJedis redis;
    private final RedisKeys keys;
    private final RedisConfig config;

    public RedisEventBus(UnifiedJedis redis, RedisKeys keys, RedisConfig config) {
        this.redis = redis;
        this.keys = keys;
        this.config = config;
    }

    @Override
    public void publish(Event event) {
        redis.publish(keys.events(), event.encode());
    }

    @Override
    public void publishAll(java.util.Collection<Event> events) {
        if (events.isEmpty()) {
            return;
        }
        try (redis.clients.jedis.AbstractPipeline pipeline = redis.pipelined()) {
            for (Event event : events) {
                pipeline.publish(keys.events(), event.encode());
            }
            pipeline.sync();
        }
    }

    @Override
    public AutoCloseable subscribe(Consumer<Event> listener) {
        AtomicBoolean open = new AtomicBoolean(true);
        JedisPubSub[] current = new JedisPubSub[1];
        Thread thread = new Thread(() -> {
            while (open.get()) {
                JedisPubSub pubSub = new JedisPubSub() {
                    @Override
                    public void onMessage(String channel, String message) {
                        try {
                            listener.accept(Event.decode(message));
                        } catch (RuntimeException e) {
                            LOG.warn("Ignoring event '{}': {}", message, e.getMessage());
                        }
                    }

                    @Override
                    public void onSubscribe(String channel, int subscribedChannels) {
                        synchronized (current) {
                            if (!open.get()) {
                                unsubscribe(); // closed while this was still connecting
                            }
                        }
                    }
                };
                synchronized (current) {
                    current[0] = pubSub;
                }
                try {
                    redis.subscribe(pubSub, keys.events());
                } catch (RuntimeException e) {
                    if (open.get()) {
                        LOG.debug("Event subscription to {} lost: {}", config.displayUri(), e.getMessage());
                        pause();
                    }
                }
            }
        }, "redcron-events-" + keys.namespace());
        thread.setDaemon(true);
        thread.start();
        return () -> {
            // Under the same lock as onSubscribe: either that sees the flag or this sees the subscription.
            synchronized (current) {
                open.set(false);
                if (current[0] != null && current[0].isSubscribed()) {
                    current[0].unsubscribe();
                }
            }
        };
    }

    private static void pause() {
        try {
            Thread.sleep(1000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
