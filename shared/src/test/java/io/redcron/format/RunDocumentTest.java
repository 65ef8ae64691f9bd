package io.redcron.format;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.TriggerType;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.Map;

/** The one JSON shape of a run that the CLI and the HTTP API print. */
class RunDocumentTest {
    private static final Instant AT = Instant.parse("2026-12-03T10:00:00Z");

    private static Run run(TriggerType trigger, RunStatus status, int shardIndex, int shardTotal) {
        return new Run(7, 3, "ns", "report", "default", trigger, AT, status, 1, 3, 0, "node-a", null, AT, AT, null,
                null, "out", null, Map.of("DAY", "mon", "API_TOKEN", "s3cret"), shardIndex, shardTotal);
    }

    @Test
    void aShardSaysItsPlaceAndAParentItsShardsAndNeitherElse() {
        ObjectNode shard = RunDocument.write(run(TriggerType.SHARD, RunStatus.RUNNING, 2, 8), false, AT);
        assertThat(shard.get("shardIndex").asInt()).isEqualTo(2);
        assertThat(shard.get("shardTotal").asInt()).isEqualTo(8);
        assertThat(shard.get("trigger").asText()).isEqualTo("shard");
        ObjectNode parent = RunDocument.write(run(TriggerType.CRON, RunStatus.SHARDED, Run.NOT_A_SHARD, 8), false, AT);
        assertThat(parent.has("shardIndex")).isFalse();
        assertThat(parent.get("shardTotal").asInt()).isEqualTo(8);
        ObjectNode plain = RunDocument.write(run(TriggerType.ONE_OFF, RunStatus.QUEUED, Run.NOT_A_SHARD, 0), false, AT);
        assertThat(plain.has("shardTotal")).isFalse();
        assertThat(plain.get("trigger").asText()).isEqualTo("one_off");
        assertThat(plain.has("output")).isFalse();
    }

    @Test
    void withItsOutputComeItsParametersWithCredentialsMasked() {
        ObjectNode doc = RunDocument.write(run(TriggerType.MANUAL, RunStatus.SUCCEEDED, Run.NOT_A_SHARD, 0), true, AT);
        assertThat(doc.get("output").asText()).isEqualTo("out");
        assertThat(doc.at("/params/DAY").asText()).isEqualTo("mon");
        assertThat(doc.at("/params/API_TOKEN").asText()).isNotEqualTo("s3cret");
        assertThat(doc.get("scheduledAt").asText()).isEqualTo("2026-12-03T10:00:00Z");
    }
}
