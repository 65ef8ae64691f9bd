package io.redcron.node.alert;

import io.redcron.config.ChatMentions;
import io.redcron.domain.AlertTarget;
import io.redcron.domain.AlertTarget.Platform;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Each platform's message reaches a local server that speaks the platform's protocol and checks its signature. */
class ChatChannelTest {
    private static final String KEY = "SECa1b2c3d4e5f6";

    @TempDir
    Path secrets;

    private final ChatMentions mentions = ChatMentions.parse(List.of(
            "alice=dingtalk:0123456,feishu:ou_alice,wecom:alice.w,slack:U024BE7LH,teams:alice@example.com"));

    @ParameterizedTest
    @EnumSource(Platform.class)
    void eachPlatformAcceptsItsOwnMessageMentioningTheOwner(Platform platform) throws Exception {
        Files.writeString(secrets.resolve("robot"), KEY + "\n");
        String key = platform.signs() ? KEY : null;
        try (ChatReceiver receiver = new ChatReceiver(platform, key)) {
            String target = receiver.target("/hook?token=t0k") + (platform.signs() ? "#secret=robot" : "");

            channel().send(AlertTarget.parse(target), ChatFixtures.failure("alice"), 0);

            assertThat(receiver.accepted()).hasSize(1);
            assertThat(receiver.accepted().get(0).body().toString())
                    .contains(switch (platform) {
                        case DINGTALK -> "\"atUserIds\":[\"0123456\"]";
                        case FEISHU, LARK -> "<at id=ou_alice></at>";
                        case WECOM -> "<@alice.w>";
                        case SLACK -> "<@U024BE7LH>";
                        case TEAMS -> "\"id\":\"alice@example.com\"";
                    });
        }
    }

    @ParameterizedTest
    @EnumSource(Platform.class)
    void aPlatformsErrorReplyIsAFailedDelivery(Platform platform) throws Exception {
        try (ChatReceiver receiver = new ChatReceiver(platform, null)) {
            receiver.refuseNext(1);

            assertThatThrownBy(() -> channel().send(AlertTarget.parse(receiver.target("/hook")), ChatFixtures.failure(null), 0))
                    .isInstanceOf(DeliveryException.class)
                    .hasMessageStartingWith(platform.scheme() + "+http://127.0.0.1:")
                    .hasMessageNotContaining("/hook");
        }
    }

    @Test
    void aSignatureMadeWithTheWrongKeyIsRefusedAsDingTalkDoesAndWorthRetrying() throws IOException {
        Files.writeString(secrets.resolve("robot"), "SECnot-the-robots-key");
        try (ChatReceiver receiver = new ChatReceiver(Platform.DINGTALK, KEY)) {
            AlertTarget target = AlertTarget.parse(receiver.target("/robot/send?access_token=t0k#secret=robot"));

            assertThatThrownBy(() -> channel().send(target, ChatFixtures.failure(null), 0))
                    .isInstanceOfSatisfying(DeliveryException.class, e -> assertThat(e.retryable()).isTrue())
                    .hasMessageEndingWith(": dingtalk refused it: errcode 310000: sign not match");
            assertThat(receiver.accepted()).isEmpty();
        }
    }

    @Test
    void aMissingSigningKeyFailsTheDeliveryNamingTheKeyNotSendingAnything() {
        try (ChatReceiver receiver = new ChatReceiver(Platform.FEISHU, KEY)) {
            AlertTarget target = AlertTarget.parse(receiver.target("/open-apis/bot/v2/hook/t0k#secret=ops"));

            assertThatThrownBy(() -> channel().send(target, ChatFixtures.failure(null), 0))
                    .isInstanceOfSatisfying(DeliveryException.class, e -> assertThat(e.retryable()).isFalse())
                    .hasMessageContaining(": no signing secret 'ops': there is no file " + secrets.resolve("ops"));
            assertThatThrownBy(() -> new ChatChannel(new ChatSecrets(Optional.empty()), mentions, "prod", "node-a",
                    Clock.systemUTC()).send(target, ChatFixtures.failure(null), 0))
                    .hasMessageContaining("no signing secret 'ops': alerts.chat-secrets-dir is not set");
            assertThat(receiver.requests()).isZero();
        }
    }

    private ChatChannel channel() {
        return new ChatChannel(new ChatSecrets(Optional.of(secrets)), mentions, "prod", "node-a", Clock.systemUTC());
    }
}
