package io.redcron.config;

import io.redcron.domain.AlertTarget;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class GroupTargetsSettingsTest {
    @TempDir
    Path dir;

    @Test
    void readsEachGroupsTargetsAndTheBacklogLimitFromAFile() throws IOException {
        Path file = Files.writeString(dir.resolve("redcron.yaml"), """
                alerts:
                  group-targets:
                    - gpu=slack+https://hooks.slack.com/services/T1/B2/t2;mailto:gpu-team@example.com
                    - etl=dingtalk+https://oapi.dingtalk.com/robot/send?access_token=t1
                  backlog-after: 90s
                """);

        AlertConfig alerts = ConfigLoader.load(file, Map.of(), Map.of()).alerts();

        assertThat(alerts.groupTargets().of("gpu")).extracting(AlertTarget::text).containsExactly(
                "slack+https://hooks.slack.com/services/T1/B2/t2", "mailto:gpu-team@example.com");
        assertThat(alerts.groupTargets().of("etl")).hasSize(1);
        assertThat(alerts.groupTargets().of("default")).isEmpty();
        assertThat(alerts.groupTargets().of(null)).isEmpty();
        assertThat(alerts.backlogAfter()).isEqualTo(Duration.ofSeconds(90));
    }

    @Test
    void theEnvironmentsCommasSplitNothingButGroups() {
        GroupTargets groups = GroupTargets.parse(List.of("gpu=mailto:a@example.com;mailto:b@example.com",
                "https://hooks.example.com/x?a=1", "etl=mailto:c@example.com"));

        assertThat(groups.of("gpu")).extracting(AlertTarget::text)
                .containsExactly("mailto:a@example.com", "mailto:b@example.com", "https://hooks.example.com/x?a=1");
        assertThat(groups.of("etl")).extracting(AlertTarget::text).containsExactly("mailto:c@example.com");
    }

    @Test
    void theDefaultsAreNoGroupTargetsAndFiveMinutesOfBacklog() throws IOException {
        Path file = Files.writeString(dir.resolve("redcron.yaml"), "node:\n  namespace: default\n");

        AlertConfig alerts = ConfigLoader.load(file, Map.of(), Map.of()).alerts();

        assertThat(alerts.groupTargets().isEmpty()).isTrue();
        assertThat(alerts.backlogAfter()).isEqualTo(Duration.ofMinutes(5));
    }

    @Test
    void aBadEntryIsOneLineNamingTheSetting() {
        assertThatThrownBy(() -> GroupTargets.parse(List.of("mailto:ops@example.com")))
                .isInstanceOf(ConfigException.class)
                .hasMessageStartingWith("alerts.group-targets: 'mailto:ops@example.com' does not start with a group");
        assertThatThrownBy(() -> GroupTargets.parse(List.of("gpu=")))
                .hasMessage("alerts.group-targets: group 'gpu' names no target");
        assertThatThrownBy(() -> GroupTargets.parse(List.of("gpu=ftp://x")))
                .isInstanceOf(ConfigException.class).hasMessageStartingWith("alerts.group-targets: ");
        assertThatThrownBy(() -> ConfigLoader.load(null, Map.of("REDCRON_ALERTS_BACKLOG_AFTER", "soon"), Map.of()))
                .isInstanceOf(ConfigException.class).hasMessageStartingWith("alerts.backlog-after: ");
    }
}
