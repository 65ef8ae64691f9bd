package io.redcron.store.redis;

import io.redcron.testing.RedisNamespace;
import io.redcron.port.DeadLetters;
import io.redcron.port.QueuedRun;
import io.redcron.port.QueueInspector.DeadRun;
import io.redcron.testkit.DeadLettersContract;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;

class RedisDeadLettersIT extends DeadLettersContract {
    private RedisNamespace redis;

    @Override
    protected DeadLetters deadLetters() {
        redis = RedisNamespace.onSharedServer();
        return new RedisDeadLetters(redis.client(), redis.keys());
    }

    @AfterEach
    void close() {
        redis.close();
    }

    @Test
    void runsTheQueueDeclaresDeadAreTheEntriesOperatorsSee() {
        DeadLetters dead = new RedisDeadLetters(redis.client(), redis.keys());
        Instant at = Instant.parse("2026-11-30T10:15:30.123Z");
        new RedisRunQueue(redis.client(), redis.keys()).dead(QueuedRun.of("gpu", 42), "exit code 3", at);

        assertThat(dead.recent(10)).extracting(DeadRun::runId, DeadRun::group, DeadRun::reason, DeadRun::at)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(42L, "gpu", "exit code 3", at));
    }
}
