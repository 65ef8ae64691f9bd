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

class DingTalkFormatTest {
    private static final URI HOOK = URI.create("https://oapi.dingtalk.com/robot/send?access_token=t0k");
    private final DingTalkFormat format = new DingTalkFormat();

    @Test
    void aSignedRobotGetsTheMillisecondTimestampAndTheUrlEncodedSignatureInTheQuery() {
        ChatFormat.Request request = format.request(HOOK, message(null, null), SECRET, NOW);

        // base64(HmacSHA256(key = secret, "1772330407120\n" + secret)), URL-encoded: its / and = must not stay raw.
        assertThat(request.uri().toString()).isEqualTo("https://oapi.dingtalk.com/robot/send?access_token=t0k"
                + "&timestamp=1772330407120&sign=8X%2F2L3L2yeKMdF2FQ6Q8waLOJVCNE08lwvTuMLGgH9A%3D");
    }

    @Test
    void anUnsignedRobotGetsItsUrlAsItIs() {
        assertThat(format.request(HOOK, message(null, null), Secret.NONE, NOW).uri()).isEqualTo(HOOK);
    }

    @Test
    void aMarkdownMessageThatMentionsTheOwnerByUserId() {
        JsonNode body = json(format.request(HOOK, message("alice", "0123456"), Secret.NONE, NOW).json());

        assertThat(body.get("msgtype").asText()).isEqualTo("markdown");
        assertThat(body.at("/markdown/title").asText()).isEqualTo("[redcron prod] run failed: backup (run 4711)");
        assertThat(body.at("/markdown/text").asText()).startsWith("#### [redcron prod] run failed: backup (run 4711)\n\nexit code 2")
                .contains("- **exitCode**: 2\n", "- **reportedBy**: worker-3\n").endsWith("owner: @0123456");
        assertThat(body.at("/at/atUserIds/0").asText()).isEqualTo("0123456");
        assertThat(body.at("/at/isAtAll").asBoolean(true)).isFalse();
    }

    @Test
    void aMobileNumberIsMentionedThroughAtMobiles() {
        JsonNode body = json(format.request(HOOK, message("alice", "tel:13800000000"), Secret.NONE, NOW).json());

        assertThat(body.at("/at/atMobiles/0").asText()).isEqualTo("13800000000");
        assertThat(body.at("/at/atUserIds").isMissingNode()).isTrue();
        assertThat(body.at("/markdown/text").asText()).endsWith("owner: @13800000000");
    }

    @Test
    void anOwnerWithoutAnIdIsNamed() {
        JsonNode body = json(format.request(HOOK, message("Bob Smith", null), Secret.NONE, NOW).json());

        assertThat(body.at("/markdown/text").asText()).endsWith("owner: Bob Smith");
        assertThat(body.at("/at/atUserIds").isMissingNode()).isTrue();
    }

    @Test
    void anyErrcodeButZeroIsNotDelivered() {
        assertThat(format.refusal("{\"errcode\":0,\"errmsg\":\"ok\"}")).isEmpty();
        assertThat(format.refusal("{\"errcode\":310000,\"errmsg\":\"sign not match\"}"))
                .contains("errcode 310000: sign not match");
        assertThat(format.refusal("<html>gateway</html>")).contains("unexpected reply (not JSON)");
    }
}
