package io.redcron.store.redis;

import io.redcron.domain.RunStatus;
import io.redcron.port.FailingTasks;
import io.redcron.port.FailingTasks.Failure;
import io.redcron.port.FailingTasks.Fire;
import io.redcron.testing.RedisNamespace;
import io.redcron.testkit.FailingTasksContract;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class RedisFailingTasksIT extends FailingTasksContract {
    private RedisNamespace redis;

    @Override
    protected FailingTasks failingTasks() {
        redis = RedisNamespace.onSharedServer();
        return new RedisFailingTasks(redis.client(), redis.keys());
    }

    @AfterEach
    void close() {
        redis.close();
    }

    @Test
    void aTaskIsOneFieldOfTheNamespacesHashUntilItRecovers() {
        FailingTasks failing = new RedisFailingTasks(redis.client(), redis.keys());
        Instant at = Instant.parse("2026-11-30T10:15:00.123Z");
        failing.failed(new Failure(new Fire(7, at, 70), RunStatus.FAILED));

        assertThat(redis.client().hgetAll(redis.keys().failing())).containsOnlyKeys("7");

        failing.settle(List.of(), List.of(new Fire(7, at.plusSeconds(60), 71)));
        assertThat(redis.client().exists(redis.keys().failing())).as("an empty hash is no key").isFalse();
    }

    @Test
    void aValueWrittenByHandIsNeitherARecoveryNorAnError() {
        FailingTasks failing = new RedisFailingTasks(redis.client(), redis.keys());
        redis.client().hset(redis.keys().failing(), "7", "garbage");

        assertThat(failing.settle(List.of(), List.of(new Fire(7, Instant.EPOCH, 1)))).isEmpty();
        failing.failed(new Failure(new Fire(7, Instant.EPOCH, 2), RunStatus.FAILED));
        assertThat(failing.settle(List.of(), List.of(new Fire(7, Instant.EPOCH.plusSeconds(1), 3)))).hasSize(1);
    }
}
