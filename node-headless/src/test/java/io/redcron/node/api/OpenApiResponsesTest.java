package io.redcron.node.api;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The checker the API's ITs run every answer through fails on what breaks the document, and only on that. */
class OpenApiResponsesTest {
    private static final OpenApiResponses DOCUMENT = OpenApiResponses.DOCUMENT;
    private static final String JSON = "application/json";
    private static final String LEADER = "/api/v1/namespaces/prod/leader";
    private static final String RUN = "/api/v1/namespaces/prod/runs/7";
    private static final String RUN_BODY = "{\"id\":7,\"task\":\"backup\",\"taskId\":3,\"namespace\":\"prod\","
            + "\"group\":\"default\",\"trigger\":\"manual\",\"scheduledAt\":\"2031-01-01T00:00:00Z\","
            + "\"status\":\"SUCCEEDED\",\"held\":false,\"attempt\":1,\"maxAttempts\":1,\"node\":null,"
            + "\"exitCode\":0,\"error\":null";

    @Test
    void aBodyThatMatchesPassesWithItsNullsAndTheBranchesOfAnAllOf() {
        assertThatCode(() -> DOCUMENT.check("GET", LEADER, 200, JSON, "{\"node\":null,\"leaseRemainingMs\":null}"))
                .doesNotThrowAnyException();
        assertThatCode(() -> DOCUMENT.check("GET", RUN + "?x=1", 200, JSON + ";charset=utf-8",
                RUN_BODY + ",\"output\":\"hello\",\"params\":{}}")).doesNotThrowAnyException();
        assertThatCode(() -> DOCUMENT.check("DELETE", "/api/v1/namespaces/prod/tasks/backup", 204, null, ""))
                .doesNotThrowAnyException();
    }

    @Test
    void aBodyThatBreaksItsSchemaFailsNamingRouteStatusAndWhatBrokeIt() {
        assertThatThrownBy(() -> DOCUMENT.check("GET", LEADER, 200, JSON, "{\"node\":42,\"leaseRemainingMs\":null}"))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("GET /api/v1/namespaces/{ns}/leader answered 200")
                .hasMessageContaining("/node");
        assertThatThrownBy(() -> DOCUMENT.check("GET", RUN, 200, JSON, RUN_BODY + ",\"params\":{}}"))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("output");
        assertThatThrownBy(() -> DOCUMENT.check("GET", LEADER, 200, JSON,
                "{\"node\":null,\"leaseRemainingMs\":null,\"term\":3}"))
                .as("a field the document does not name")
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("term");
        assertThatThrownBy(() -> DOCUMENT.check("GET", RUN, 200, JSON, RUN_BODY + ",\"output\":\"\",\"params\":{},"
                + "\"surprise\":true}"))
                .as("a field neither branch of an allOf names")
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("surprise");
    }

    @Test
    void aStatusTheRouteDoesNotDocumentFails() {
        assertThatThrownBy(() -> DOCUMENT.check("GET", LEADER, 418, JSON, "{\"error\":\"x\",\"field\":null}"))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("GET /api/v1/namespaces/{ns}/leader answered 418")
                .hasMessageContaining("does not give");
    }

    @Test
    void anUnknownRouteMayOnlyAnswerWithTheErrorShape() {
        assertThatCode(() -> DOCUMENT.check("GET", "/api/v1/nothing", 404, JSON,
                "{\"error\":\"no such route: GET /api/v1/nothing\",\"field\":null}")).doesNotThrowAnyException();
        assertThatThrownBy(() -> DOCUMENT.check("GET", "/api/v1/nothing", 200, JSON, "{}"))
                .isInstanceOf(AssertionError.class);
    }
}
