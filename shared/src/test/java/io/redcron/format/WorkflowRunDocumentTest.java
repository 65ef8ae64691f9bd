package io.redcron.format;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.redcron.domain.CredentialRedaction;
import io.redcron.domain.TriggerType;
import io.redcron.workflow.StepRun;
import io.redcron.workflow.StepStatus;
import io.redcron.workflow.WorkflowRun;
import io.redcron.workflow.WorkflowRunStatus;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The one JSON shape of a workflow run that the CLI and the HTTP API print. */
class WorkflowRunDocumentTest {
    private static final Instant AT = Instant.parse("2026-12-03T10:00:00Z");

    private static WorkflowRun run(Long parentRunId, String parentStep) {
        return new WorkflowRun(12, 4, "ns", "nightly-etl", TriggerType.WORKFLOW, AT, WorkflowRunStatus.RUNNING,
                Map.of("REGION", "eu", "API_TOKEN", "s3cret"), List.of(), parentRunId, parentStep, AT, AT, null, null);
    }

    @Test
    void aRunSaysWhoStartedItWithTimesInUtcAndCredentialsMasked() {
        ObjectNode doc = WorkflowRunDocument.write(run(9L, "sub"));

        assertThat(doc.get("trigger").asText()).isEqualTo("workflow");
        assertThat(doc.get("status").asText()).isEqualTo("RUNNING");
        assertThat(doc.get("scheduledAt").asText()).isEqualTo("2026-12-03T10:00:00Z");
        assertThat(doc.get("finishedAt").isNull()).isTrue();
        assertThat(doc.get("parentRunId").asLong()).isEqualTo(9);
        assertThat(doc.get("parentStep").asText()).isEqualTo("sub");
        assertThat(doc.get("params").fieldNames()).toIterable().containsExactly("API_TOKEN", "REGION");
        assertThat(doc.at("/params/API_TOKEN").asText()).isEqualTo(CredentialRedaction.MASK);
        assertThat(doc.has("steps")).isFalse();
        assertThat(WorkflowRunDocument.write(run(null, null)).get("parentRunId").isNull()).isTrue();
    }

    @Test
    void eachStepSaysWhatItStartedAndWhatItPassedOn() {
        List<StepRun> steps = List.of(
                new StepRun(12, "extract", StepStatus.SUCCEEDED, 4711L, null, Map.of("ROWS", "10", "DB_PASSWORD", "x"),
                        null, 1, AT, AT.plusSeconds(5)),
                new StepRun(12, "sub", StepStatus.RUNNING, null, 13L, Map.of(), null, 2, AT.plusSeconds(5), null));

        ObjectNode doc = WorkflowRunDocument.write(run(null, null), steps);

        assertThat(doc.get("steps")).hasSize(2);
        ObjectNode extract = (ObjectNode) doc.get("steps").get(0);
        assertThat(extract.get("name").asText()).isEqualTo("extract");
        assertThat(extract.get("runId").asLong()).isEqualTo(4711);
        assertThat(extract.get("childRunId").isNull()).isTrue();
        assertThat(extract.get("finishedAt").asText()).isEqualTo("2026-12-03T10:00:05Z");
        assertThat(extract.at("/output/ROWS").asText()).isEqualTo("10");
        assertThat(extract.at("/output/DB_PASSWORD").asText()).isEqualTo(CredentialRedaction.MASK);
        ObjectNode sub = (ObjectNode) doc.get("steps").get(1);
        assertThat(sub.get("runId").isNull()).isTrue();
        assertThat(sub.get("childRunId").asLong()).isEqualTo(13);
        assertThat(sub.get("round").asInt()).isEqualTo(2);
        assertThat(WorkflowRunDocument.list(List.of(run(null, null))).get(0).has("steps")).isFalse();
    }
}
