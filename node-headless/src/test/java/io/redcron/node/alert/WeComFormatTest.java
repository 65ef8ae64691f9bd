package io.redcron.node.alert;

import com.fasterxml.jackson.databind.JsonNode;
import io.redcron.config.Secret;
import org.junit.jupiter.api.Test;

import java.net.URI;

import static io.redcron.node.alert.ChatFixtures.NOW;
import static io.redcron.node.alert.ChatFixtures.json;
import static io.redcron.node.alert.ChatFixtures.message;
import static org.assertj.core.api.Assertions.assertThat;

class WeComFormatTest {
    private static final URI HOOK = URI.create("https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=t0k");
    private final WeComFormat format = new WeComFormat();

    @Test
    void aMarkdownMessageThatMentionsTheOwnerByUserId() {
        ChatFormat.Request request = format.request(HOOK, message("alice", "alice.w"), Secret.NONE, NOW);
        JsonNode body = json(request.json());

        assertThat(request.uri()).isEqualTo(HOOK);
        assertThat(body.get("msgtype").asText()).isEqualTo("markdown");
        assertThat(body.at("/markdown/content").asText()).startsWith("**[redcron prod] run failed: backup (run 4711)**\n> exit code 2\n")
                .contains("exitCode: <font color=\"comment\">2</font>").endsWith("owner: <@alice.w>");
    }

    @Test
    void aLongErrorStaysWithinWeComsLimit() {
        Alert alert = new Alert(AlertKind.RUN_FAILED, NOW, 12L, "backup", 4711L, null, "x".repeat(10_000),
                java.util.Map.of(), java.util.List.of(), null);
        String content = json(format.request(HOOK, ChatMessage.of(alert, "prod", "w", 0, null), Secret.NONE, NOW).json())
                .at("/markdown/content").asText();

        assertThat(content.getBytes(java.nio.charset.StandardCharsets.UTF_8).length).isLessThan(4096);
    }

    @Test
    void anyErrcodeButZeroIsNotDelivered() {
        assertThat(format.refusal("{\"errcode\":0,\"errmsg\":\"ok\"}")).isEmpty();
        assertThat(format.refusal("{\"errcode\":93000,\"errmsg\":\"invalid webhook url\"}")).contains("errcode 93000: invalid webhook url");
    }
}
