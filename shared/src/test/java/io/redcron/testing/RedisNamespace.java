package io.redcron.testing;

import io.redcron.config.RedisConfig;
import io.redcron.store.redis.RedisConnector;
import io.redcron.store.redis.RedisKeys;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.params.ScanParams;
import redis.clients.jedis.resps.ScanResult;

/**
 * A namespace of its own on a test Redis, with a client opened the way a node opens it. Closing
 * deletes the namespace's keys on the shared server, because that may be the machine's own; a
 * private server is thrown away whole.
 *
 * <p>A test class takes one with
 * {@code @RegisterExtension static final RedisNamespace redis = RedisNamespace.onSharedServer();}
 * (one namespace for the class, closed after it; {@link #clear()} empties it between tests), or on
 * an instance field for a namespace per test. Opened by hand, it closes in try-with-resources.
 */
public final class RedisNamespace extends StoreScope {
    private final String uri;
    private final UnifiedJedis client;
    private final RedisKeys keys;
    private final boolean clearOnClose;
    private boolean closed;

    private RedisNamespace(String uri, RedisKeys keys, boolean clearOnClose) {
        this.uri = uri;
        this.client = RedisConnector.open(RedisConfig.fromUri(uri), "redcron-it", 8);
        this.keys = keys;
        this.clearOnClose = clearOnClose;
    }

    /** A fresh namespace on the Redis that all tests of this JVM share. */
    public static RedisNamespace onSharedServer() {
        return new RedisNamespace(TestRedis.uri(), new RedisKeys(TestRedis.freshNamespace()), true);
    }

    /** A namespace on a server of the test's own, which may be gone or restarted by the end. */
    public static RedisNamespace onPrivateServer(String uri) {
        return new RedisNamespace(uri, new RedisKeys(TestRedis.freshNamespace()), false);
    }

    public String uri() {
        return uri;
    }

    public RedisConfig config() {
        return RedisConfig.fromUri(uri);
    }

    public UnifiedJedis client() {
        return client;
    }

    public RedisKeys keys() {
        return keys;
    }

    public String namespace() {
        return keys.namespace();
    }

    /** Deletes every key of the namespace, so each test starts from nothing. */
    public void clear() {
        String cursor = ScanParams.SCAN_POINTER_START;
        ScanParams params = new ScanParams().match(keys.all()).count(1000);
        do {
            ScanResult<String> page = client.scan(cursor, params);
            if (!page.getResult().isEmpty()) {
                client.del(page.getResult().toArray(String[]::new));
            }
            cursor = page.getCursor();
        } while (!cursor.equals(ScanParams.SCAN_POINTER_START));
    }

    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            if (clearOnClose) {
                clear();
            }
        } finally {
            client.close();
        }
    }
}
