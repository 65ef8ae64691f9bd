package io.redcron.client;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** How an answer of the API that is not a success becomes the client's exception. */
class ApiRefusalTest {

    private static String body(String error, String field) {
        return "{\"error\":\"" + error + "\",\"field\":" + (field == null ? "null" : "\"" + field + "\"") + "}";
    }

    @Test
    void inputTheApiRefusesNamesTheFieldTheApiNames() {
        RedcronClientException e = ApiRefusal.of(400, body("at: is more than 366 days ahead", "at"), "task");

        assertThat(e.field()).isEqualTo("at");
        assertThat(e.getMessage()).isEqualTo("at: is more than 366 days ahead");
    }

    @Test
    void aFieldOfOneTaskOfAReconcileIsKeptAsGiven() {
        RedcronClientException e = ApiRefusal.of(400, body("tasks[2].cron: '61 * * * *' is not valid", "tasks[2].cron"),
                "api");

        assertThat(e.field()).isEqualTo("tasks[2].cron");
        assertThat(e.getMessage()).isEqualTo("tasks[2].cron: '61 * * * *' is not valid");
    }

    @Test
    void aRefusalWithoutAFieldIsAboutTheSubjectOfThePath() {
        RedcronClientException e = ApiRefusal.of(404, body("no task named 'nightly' in namespace 'prod'", null), "task");

        assertThat(e.field()).isEqualTo("task");
        assertThat(e.getMessage()).isEqualTo("task: no task named 'nightly' in namespace 'prod'");
        assertThat(ApiRefusal.of(409, body("taken", "name"), "task").field()).isEqualTo("name");
        assertThat(ApiRefusal.of(409, "", "run").getMessage()).isEqualTo("run: the API answered 409 with no reason");
    }

    @ParameterizedTest
    @ValueSource(ints = {401, 403})
    void aRefusedTokenIsTheTokens(int status) {
        RedcronClientException e = ApiRefusal.of(status, body("token 'bot' has scope read; this needs operate", null),
                "task");

        assertThat(e.field()).isEqualTo("token");
        assertThat(e.getMessage()).isEqualTo("token: token 'bot' has scope read; this needs operate");
        assertThat(ApiRefusal.of(status, "", "task").getMessage()).contains("(" + status + ")");
    }

    @Test
    void theRateLimitIsTheRates() {
        assertThat(ApiRefusal.of(429, body("token 'bot' made more than 20 requests this second", null), "task").field())
                .isEqualTo("rate");
        assertThat(ApiRefusal.of(429, null, "task").getMessage()).startsWith("rate: ").contains("429");
    }

    @Test
    void anythingElseIsTheApisWithItsStatusOnOneLine() {
        RedcronClientException failed = ApiRefusal.of(500, body("the request failed on the node; its log has the reason",
                null), "task");
        assertThat(failed.field()).isEqualTo("api");
        assertThat(failed.getMessage()).isEqualTo("api: the API answered 500: the request failed on the node; its log"
                + " has the reason");

        RedcronClientException proxy = ApiRefusal.of(502, "<html>\n<body>Bad Gateway</body>\n</html>", "task");
        assertThat(proxy.getMessage()).isEqualTo("api: the API answered 502 (<html> <body>Bad Gateway</body> </html>)");

        RedcronClientException huge = ApiRefusal.of(503, "x".repeat(5000), "task");
        assertThat(huge.getMessage()).hasSizeLessThan(300).endsWith("…)");
        assertThat(ApiRefusal.of(413, body("the request body is 70000 bytes; at most 65536 are accepted", null), "api")
                .getMessage()).isEqualTo("api: the API answered 413: the request body is 70000 bytes; at most 65536 are"
                + " accepted");
    }

    @Test
    void aBodyThatIsNotTheErrorShapeIsNoReason() {
        assertThat(ApiRefusal.of(400, "{not json", "task").getMessage()).isEqualTo("task: the API answered 400 with no reason");
        assertThat(ApiRefusal.of(400, "[1]", "task").getMessage()).isEqualTo("task: the API answered 400 with no reason");
        assertThat(ApiRefusal.of(400, "{\"error\":\"  \",\"field\":\" \"}", "task").field()).isEqualTo("task");
    }
}
