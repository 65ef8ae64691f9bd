package io.redcron.format;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.redcron.domain.AlertRule;
import io.redcron.domain.InvalidTaskException;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class TaskDocumentAlertingTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void theSectionIsReadAndWrittenBackAsItWasWritten() throws Exception {
        JsonNode doc = JSON.readTree("{\"alerting\": {\"slowAfter\": \"10m\", \"slowFactor\": 2.5,"
                + " \"successWithin\": \"2h\"}}");

        AlertRule rule = TaskDocument.alerting(doc).orElseThrow();

        assertThat(rule).isEqualTo(new AlertRule(Duration.ofMinutes(10), new BigDecimal("2.5"), Duration.ofHours(2)));
        assertThat(TaskDocument.alerting(TaskDocument.alerting(rule).deepCopy().objectNode()
                .setAll(java.util.Map.of("alerting", TaskDocument.alerting(rule))))).contains(rule);
        assertThat(TaskDocument.alerting(JSON.readTree("{\"name\": \"x\"}"))).isEmpty();
    }

    @Test
    void aBadFieldIsNamedInFull() throws Exception {
        assertThatThrownBy(() -> TaskDocument.alerting(JSON.readTree("{\"alerting\": {\"slowAftr\": \"1m\"}}")))
                .isInstanceOf(InvalidTaskException.class).hasMessageStartingWith("alerting.slowAftr: is not an alerting field");
        assertThatThrownBy(() -> TaskDocument.alerting(JSON.readTree("{\"alerting\": {\"slowFactor\": 0.5}}")))
                .hasMessageStartingWith("alerting.slowFactor: must be a decimal greater than 1");
        assertThatThrownBy(() -> TaskDocument.alerting(JSON.readTree("{\"alerting\": {\"successWithin\": \"soon\"}}")))
                .hasMessageStartingWith("alerting.successWithin: 'soon' is not a duration");
        assertThatThrownBy(() -> TaskDocument.alerting(JSON.readTree("{\"alerting\": \"10m\"}")))
                .hasMessageStartingWith("alerting: must be a mapping");
    }
}
