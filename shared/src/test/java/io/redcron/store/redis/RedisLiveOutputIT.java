package io.redcron.store.redis;

import io.redcron.testing.RedisNamespace;
import io.redcron.port.LiveOutput;
import io.redcron.testkit.LiveOutputContract;
import org.junit.jupiter.api.AfterEach;

class RedisLiveOutputIT extends LiveOutputContract {
    private RedisNamespace redis;

    @Override
    protected LiveOutput liveOutput() {
        redis = RedisNamespace.onSharedServer();
        return new RedisLiveOutput(redis.client(), redis.keys());
    }

    @AfterEach
    void close() {
        redis.close();
    }
}
