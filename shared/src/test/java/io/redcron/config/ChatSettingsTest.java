package io.redcron.config;

import io.redcron.domain.AlertTarget;
import io.redcron.domain.AlertTarget.Platform;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ChatSettingsTest {
    @TempDir
    Path dir;

    @Test
    void readsChatTargetsSecretsDirAndMentionsFromAFile() throws IOException {
        Path secrets = Files.createDirectory(dir.resolve("robots"));
        Path file = Files.writeString(dir.resolve("redcron.yaml"), """
                alerts:
                  chat:
                    - dingtalk+https://oapi.dingtalk.com/robot/send?access_token=t1#secret=ops
                    - slack+https://hooks.slack.com/services/T1/B2/t2
                  chat-secrets-dir: %s
                  mentions:
                    - alice=dingtalk:0123456,slack:U024BE7LH,lark:ou_alice
                    - Bob Smith=teams:bob@example.com
                """.formatted(secrets));

        AlertConfig alerts = ConfigLoader.load(file, Map.of(), Map.of()).alerts();

        assertThat(alerts.chat()).extracting(AlertTarget.Chat::platform).containsExactly(Platform.DINGTALK, Platform.SLACK);
        assertThat(alerts.chat().get(0).secretName()).isEqualTo("ops");
        assertThat(alerts.chatSecretsDir()).contains(secrets);
        assertThat(alerts.mentions().idOf("Alice ", Platform.SLACK)).contains("U024BE7LH");
        assertThat(alerts.mentions().idOf("alice", Platform.FEISHU)).contains("ou_alice");
        assertThat(alerts.mentions().idOf("bob smith", Platform.TEAMS)).contains("bob@example.com");
        assertThat(alerts.mentions().idOf("alice", Platform.WECOM)).isEmpty();
        assertThat(alerts.mentions().idOf("carol", Platform.SLACK)).isEmpty();
    }

    @Test
    void mentionsFromTheEnvironmentAreOneCommaSeparatedText() {
        AlertConfig alerts = ConfigLoader.load(null, Map.of("REDCRON_ALERTS_MENTIONS",
                "alice=dingtalk:tel:13800000000,wecom:alice.w,bob=slack:U0B"), Map.of()).alerts();

        assertThat(alerts.mentions().idOf("alice", Platform.DINGTALK)).contains("tel:13800000000");
        assertThat(alerts.mentions().idOf("alice", Platform.WECOM)).contains("alice.w");
        assertThat(alerts.mentions().idOf("bob", Platform.SLACK)).contains("U0B");
        assertThat(alerts.mentions().idOf("bob", Platform.WECOM)).isEmpty();
    }

    @Test
    void badValuesNameTheirKey() {
        assertThatThrownBy(() -> load("alerts.chat", "https://hooks.example.com/x"))
                .hasMessage("alerts.chat: https://hooks.example.com/… names no chat platform (write slack+https://…;"
                        + " a plain webhook belongs in alerts.webhook.url)");
        assertThatThrownBy(() -> load("alerts.chat", "pager+https://x.example/h"))
                .hasMessage("alerts.chat: 'pager+' names no chat platform Redcron knows (dingtalk, feishu, lark, wecom, slack, teams)");
        assertThatThrownBy(() -> load("alerts.mentions", "slack:U1"))
                .hasMessage("alerts.mentions: 'slack:U1' does not start with an owner (write alice=slack:U024BE7LH)");
        assertThatThrownBy(() -> load("alerts.mentions", "alice=pager:7"))
                .hasMessage("alerts.mentions: 'pager' is no chat platform (dingtalk, feishu, lark, wecom, slack, teams)");
        assertThatThrownBy(() -> load("alerts.mentions", "alice=slack"))
                .hasMessage("alerts.mentions: 'slack' is not platform:id (for example slack:U024BE7LH)");
        assertThatThrownBy(() -> load("alerts.chat-secrets-dir", dir.resolve("absent").toString()))
                .hasMessage("alerts.chat-secrets-dir: " + dir.resolve("absent") + " is not a directory");
    }

    @Test
    void theConstructorWithoutChatHasNoChatTargets() {
        AlertConfig none = new AlertConfig(Optional.empty(), Secret.NONE, 5, Optional.empty(),
                java.time.Duration.ofMinutes(10), 100, List.of());

        assertThat(none.chat()).isEmpty();
        assertThat(none.mentions()).isEqualTo(ChatMentions.NONE);
    }

    private static RedcronConfig load(String key, String value) {
        return ConfigLoader.load(null, Map.of(), Map.of(key, value));
    }
}
