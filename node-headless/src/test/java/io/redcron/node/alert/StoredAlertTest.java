package io.redcron.node.alert;

import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class StoredAlertTest {
    private static final Instant AT = Instant.parse("2026-03-01T12:00:00.123Z");

    @Test
    void everyFieldOfEveryKindComesBackAsItWas() {
        for (AlertKind kind : AlertKind.values()) {
            Alert alert = new Alert(kind, AT, 7L, "it's a 🚀 task", 42L, "node-b", "exit code 3\nsecond line",
                    Map.of("attempt", "2", "exitCode", "3"), List.of("https://hooks.example.com/t0k3n", "mailto:ops@example.com"));

            assertThat(StoredAlert.parse(StoredAlert.raised(alert).json())).isEqualTo(StoredAlert.raised(alert));
        }
    }

    @Test
    void anAlertAboutANodeKeepsItsMissingTaskAndRun() {
        Alert lost = Alert.nodeLost("node-b", "host-b", AT.minusSeconds(20), AT);

        StoredAlert back = StoredAlert.parse(StoredAlert.raised(lost).json());

        assertThat(back.alert()).isEqualTo(lost);
        assertThat(back.alert().taskId()).isNull();
        assertThat(back.isSummary()).isFalse();
    }

    @Test
    void aSummaryKeepsItsTargetAndCount() {
        Alert lost = Alert.nodeLost("node-b", "host-b", AT.minusSeconds(20), AT);

        StoredAlert back = StoredAlert.parse(StoredAlert.summary(lost, 49, "abc123").json());

        assertThat(back).isEqualTo(StoredAlert.summary(lost, 49, "abc123"));
        assertThat(back.isSummary()).isTrue();
    }

    @Test
    void aKindThisNodeDoesNotKnowIsRefusedInOneLine() {
        String json = StoredAlert.raised(Alert.leaderChanged("node-a", 3, AT)).json()
                .replace("LEADER_CHANGED", "SOMETHING_NEWER");

        assertThatThrownBy(() -> StoredAlert.parse(json)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("payload: not an alert this node can read")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }

    @Test
    void fieldsWrittenByANewerNodeAreIgnored() {
        String json = StoredAlert.raised(Alert.leaderChanged("node-a", 3, AT)).json()
                .replaceFirst("\\{", "{\"priority\":\"high\",");

        assertThat(StoredAlert.parse(json).alert()).isEqualTo(Alert.leaderChanged("node-a", 3, AT));
    }
}
