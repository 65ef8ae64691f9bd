package io.redcron.node.alert;

import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.TriggerType;
import io.redcron.port.AlertOutbox;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class AlertKeysTest {
    private static final Instant AT = Instant.parse("2026-03-01T12:00:00Z");

    @Test
    void aRunAttemptIsOneOccurrenceWhoeverReportsItAndWhenTheNextAttemptIsAnother() {
        Alert failed = runEnded(42L, 1, AT);

        assertThat(AlertKeys.of(failed)).isEqualTo("RUN_FAILED:run:42:1");
        assertThat(AlertKeys.of(runEnded(42L, 1, AT.plusSeconds(5)))).isEqualTo(AlertKeys.of(failed));
        assertThat(AlertKeys.of(runEnded(42L, 2, AT))).isNotEqualTo(AlertKeys.of(failed));
        assertThat(AlertKeys.of(runEnded(43L, 1, AT))).isNotEqualTo(AlertKeys.of(failed));
    }

    @Test
    void aLostNodeIsOneOccurrenceForEveryLeaderThatSeesItUntilItComesBack() {
        Instant lastSeen = AT.minusSeconds(20);
        Alert byFirstLeader = Alert.nodeLost("node-b", "host-b", lastSeen, AT);
        Alert byNextLeader = Alert.nodeLost("node-b", "host-b", lastSeen, AT.plusSeconds(30));
        Alert lostAgain = Alert.nodeLost("node-b", "host-b", AT.plusSeconds(600), AT.plusSeconds(620));

        assertThat(AlertKeys.of(byNextLeader)).isEqualTo(AlertKeys.of(byFirstLeader));
        assertThat(AlertKeys.of(lostAgain)).isNotEqualTo(AlertKeys.of(byFirstLeader));
    }

    @Test
    void aLeaderChangeIsOneOccurrencePerEpoch() {
        assertThat(AlertKeys.of(Alert.leaderChanged("node-a", 7, AT))).isEqualTo("LEADER_CHANGED:epoch:7");
        assertThat(AlertKeys.of(Alert.leaderChanged("node-a", 7, AT.plusSeconds(1))))
                .isEqualTo(AlertKeys.of(Alert.leaderChanged("node-a", 7, AT)));
        assertThat(AlertKeys.of(Alert.leaderChanged("node-a", 8, AT))).isEqualTo("LEADER_CHANGED:epoch:8");
    }

    @Test
    void skippedFiresAreKeyedByTheTaskAndTheFirstSkippedFire() {
        Alert skipped = new Alert(AlertKind.MISFIRE_SKIPPED, AT, 7L, "backup", null, null, "3 fire(s) skipped",
                Map.of("firstScheduledAt", "2026-03-01T09:00:00Z", "skipped", "3"), List.of());

        assertThat(AlertKeys.of(skipped)).isEqualTo("MISFIRE_SKIPPED:task:7:2026-03-01T09:00:00Z");
    }

    @Test
    void aKeyTooLongForItsColumnIsCutAndKeepsTheWholeInADigest() {
        String longNode = "node-" + "x".repeat(300);
        Alert lost = Alert.nodeLost(longNode, "host", AT.minusSeconds(20), AT);
        Alert other = Alert.nodeLost(longNode + "y", "host", AT.minusSeconds(20), AT);

        assertThat(AlertKeys.of(lost)).hasSizeLessThanOrEqualTo(AlertOutbox.NewAlert.MAX_KEY_LENGTH)
                .isNotEqualTo(AlertKeys.of(other));
    }

    @Test
    void aSummaryIsKeyedByItsTargetAndWindow() {
        Alert latest = runEnded(42L, 1, AT);

        assertThat(AlertKeys.summary(latest, "abc", AT)).isNotEqualTo(AlertKeys.summary(latest, "def", AT))
                .isNotEqualTo(AlertKeys.summary(latest, "abc", AT.plusSeconds(600)))
                .isNotEqualTo(AlertKeys.of(latest));
    }

    private static Alert runEnded(long runId, int attempt, Instant at) {
        Run run = new Run(runId, 7L, "prod", "backup", "default", TriggerType.CRON, AT.minusSeconds(60), RunStatus.FAILED,
                attempt, 3, 0, "node-a", null, AT.minusSeconds(60), AT.minusSeconds(30), at, 1, "", "exit code 1", Map.of());
        return Alert.runEnded(AlertKind.RUN_FAILED, null, run, RunStatus.FAILED, "exit code 1", 1, at);
    }
}
