package io.redcron.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;

class ScheduleRequestTest {
    private static final Instant NOW = Instant.parse("2030-01-01T10:00:00.250Z");

    private static void assertRefused(Runnable making, String field, String problem) {
        assertThatThrownBy(making::run).isInstanceOfSatisfying(RedcronClientException.class, e -> {
            assertThat(e.field()).isEqualTo(field);
            assertThat(e.getMessage()).startsWith(field + ": ").contains(problem).doesNotContain("\n");
        });
    }

    @Test
    void aRequestNamesItsTask() {
        assertRefused(() -> ScheduleRequest.of(" "), "task", "required");
        assertRefused(() -> ScheduleRequest.of(null), "task", "required");
        assertRefused(() -> ScheduleRequest.of("x".repeat(201)), "task", "at most 200");
        assertThat(ScheduleRequest.of("cancel-order").task()).isEqualTo("cancel-order");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "1ORDER", "ORDER-ID", "ORDER ID", "ÄRGER"})
    void parameterNamesAreEnvironmentVariableNames(String name) {
        assertRefused(() -> ScheduleRequest.of("t").param(name, "42"), "params", "must match [A-Za-z_][A-Za-z0-9_]*");
    }

    @Test
    void parametersHaveValuesWithoutNul() {
        assertRefused(() -> ScheduleRequest.of("t").param("A", null), "params", "'A' has no value");
        assertRefused(() -> ScheduleRequest.of("t").param("A", "x\0y"), "params", "NUL");
        assertRefused(() -> ScheduleRequest.of("t").param("A".repeat(65), "1"), "params", "at most 64");
        assertThat(ScheduleRequest.of("t").param("_A1", "x").params(Map.of("B", "y")).params())
                .containsExactly(Map.entry("B", "y"), Map.entry("_A1", "x"));
    }

    @Test
    void aKeyIsUpTo200PrintableCharacters() {
        assertRefused(() -> ScheduleRequest.of("t").idempotencyKey(" "), "idempotency-key", "blank");
        assertRefused(() -> ScheduleRequest.of("t").idempotencyKey("k".repeat(201)), "idempotency-key",
                "201 characters long, at most 200");
        assertRefused(() -> ScheduleRequest.of("t").idempotencyKey("a\tb"), "idempotency-key", "control characters");
        assertThat(ScheduleRequest.of("t").idempotencyKey("k".repeat(200)).idempotencyKey()).hasSize(200);
        assertThat(ScheduleRequest.of("t").idempotencyKey("commande-42 ✓").idempotencyKey()).isEqualTo("commande-42 ✓");
    }

    @Test
    void aTimeIsNowUnlessItIsLaterAndAtMost366DaysAhead() {
        ScheduleRequest request = ScheduleRequest.of("t");
        assertThat(request.timeAfter(NOW)).isNull();
        assertThat(request.at(NOW.minusSeconds(5)).timeAfter(NOW)).isNull();
        assertThat(request.at(NOW).timeAfter(NOW)).isNull();
        assertThat(request.in(Duration.ZERO).timeAfter(NOW)).isNull();
        assertThat(request.in(Duration.ofMinutes(30)).timeAfter(NOW)).isEqualTo(NOW.plusSeconds(1800));
        assertThat(request.at(NOW.plus(Duration.ofDays(366))).timeAfter(NOW)).isEqualTo(NOW.plus(Duration.ofDays(366)));
        assertRefused(() -> request.at(NOW.plus(Duration.ofDays(366)).plusMillis(1)).timeAfter(NOW), "at",
                "more than 366 days ahead");
        assertRefused(() -> request.in(Duration.ofSeconds(-1)), "in", "zero or positive");
        assertThat(request.at(NOW.plusSeconds(9)).in(Duration.ofSeconds(3)).timeAfter(NOW))
                .as("the last one given counts").isEqualTo(NOW.plusSeconds(3));
    }

    @Test
    void parametersAreWrittenAsAJsonObjectOfStrings() {
        assertThat(ClientSql.json(Map.of())).isEqualTo("{}");
        assertThat(ClientSql.json(ScheduleRequest.of("t").param("A", "say \"hi\"\\\n\u0001").param("B", "✓").params()))
                .isEqualTo("{\"A\":\"say \\\"hi\\\"\\\\\\n\\u0001\",\"B\":\"✓\"}");
    }
}
