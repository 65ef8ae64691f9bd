package io.redcron.node.worker.execution;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import java.util.Map;

class RunVariablesTest {
    private static ExecutionRequest shard(int index, int total) {
        ExecutionRequest plain = Fixtures.request(Fixtures.shell("true"));
        return new ExecutionRequest(plain.runId(), plain.taskId(), plain.attempt(), plain.scheduledAt(),
                plain.taskName(), plain.payload(), Map.of(), plain.timeout(), index, total);
    }

    @Test
    void aShardsHeadersAndVariablesNameItsIndexAndTotal() {
        assertThat(RunVariables.headers(shard(0, 4))).containsEntry("X-Redcron-Shard-Index", "0")
                .containsEntry("X-Redcron-Shard-Total", "4");
        assertThat(RunVariables.environment(shard(3, 4))).containsEntry("REDCRON_SHARD_INDEX", "3")
                .containsEntry("REDCRON_SHARD_TOTAL", "4");
    }

    @Test
    void aRunThatIsNoShardHasNeither() {
        ExecutionRequest plain = Fixtures.request(Fixtures.shell("true"));
        assertThat(RunVariables.headers(plain)).doesNotContainKeys("X-Redcron-Shard-Index", "X-Redcron-Shard-Total");
        assertThat(RunVariables.environment(plain)).doesNotContainKeys("REDCRON_SHARD_INDEX", "REDCRON_SHARD_TOTAL");
    }
}
