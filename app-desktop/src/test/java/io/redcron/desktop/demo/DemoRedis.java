package io.redcron.desktop.demo;

import io.redcron.store.redis.RedisKeys;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.params.ScanParams;
import redis.clients.jedis.resps.ScanResult;

import java.util.List;

/** Empties the demo namespace in Redis: a Redis shared with other tests, so only that namespace's keys. */
final class DemoRedis {
    private DemoRedis() {
    }

    /** Deletes every key of the namespace (found with SCAN, never KEYS); returns how many. */
    static int wipe(UnifiedJedis redis, RedisKeys keys) {
        int deleted = 0;
        String cursor = ScanParams.SCAN_POINTER_START;
        ScanParams params = new ScanParams().match(keys.all()).count(500);
        do {
            ScanResult<String> page = redis.scan(cursor, params);
            List<String> found = page.getResult();
            if (!found.isEmpty()) {
                deleted += (int) redis.del(found.toArray(String[]::new));
            }
            cursor = page.getCursor();
        } while (!cursor.equals(ScanParams.SCAN_POINTER_START));
        return deleted;
    }
}
