package io.redcron.node.alert;

import com.fasterxml.jackson.databind.JsonNode;
import io.redcron.config.Secret;
import org.junit.jupiter.api.Test;

import java.net.URI;

import static io.redcron.node.alert.ChatFixtures.NOW;
import static io.redcron.node.alert.ChatFixtures.SECRET;
import static io.redcron.node.alert.ChatFixtures.json;
import static io.redcron.node.alert.ChatFixtures.message;
import static org.assertj.core.api.Assertions.assertThat;

class FeishuFormatTest {
    private static final URI HOOK = URI.create("https://open.feishu.cn/open-apis/bot/v2/hook/t0k");
    private final FeishuFormat format = new FeishuFormat();

    @Test
    void aSignedBotGetsTheSecondsTimestampAndSignatureInTheBody() {
        ChatFormat.Request request = format.request(HOOK, message(null, null), SECRET, NOW);
        JsonNode body = json(request.json());

        assertThat(request.uri()).isEqualTo(HOOK);
        assertThat(body.get("timestamp").asText()).isEqualTo("1772330407");
        // base64(HmacSHA256(key = "1772330407\n" + secret, data = nothing)).
        assertThat(body.get("sign").asText()).isEqualTo("4qqQjT3zgeEZ/+S4sGHzzXCIraLpTNTFSPwyF4Y+pvM=");
    }

    @Test
    void anInteractiveCardThatMentionsTheOwnerByOpenId() {
        JsonNode body = json(format.request(HOOK, message("alice", "ou_alice"), Secret.NONE, NOW).json());

        assertThat(body.has("sign")).isFalse();
        assertThat(body.get("msg_type").asText()).isEqualTo("interactive");
        assertThat(body.at("/card/header/title/content").asText()).isEqualTo("[redcron prod] run failed: backup (run 4711)");
        assertThat(body.at("/card/header/template").asText()).isEqualTo("red");
        assertThat(body.at("/card/elements/0/text/tag").asText()).isEqualTo("lark_md");
        assertThat(body.at("/card/elements/0/text/content").asText()).startsWith("exit code 2\n")
                .contains("**attempt**: 3").endsWith("owner: <at id=ou_alice></at>");
    }

    @Test
    void anyCodeButZeroIsNotDelivered() {
        assertThat(format.refusal("{\"code\":0,\"msg\":\"success\",\"data\":{}}")).isEmpty();
        assertThat(format.refusal("{\"StatusCode\":0,\"StatusMessage\":\"success\"}")).isEmpty();
        assertThat(format.refusal("{\"code\":19021,\"msg\":\"sign match fail\"}")).contains("code 19021: sign match fail");
    }
}
