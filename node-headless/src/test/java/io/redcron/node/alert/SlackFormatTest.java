package io.redcron.node.alert;

import com.fasterxml.jackson.databind.JsonNode;
import io.redcron.config.Secret;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.util.List;
import java.util.Map;

import static io.redcron.node.alert.ChatFixtures.NOW;
import static io.redcron.node.alert.ChatFixtures.json;
import static io.redcron.node.alert.ChatFixtures.message;
import static org.assertj.core.api.Assertions.assertThat;

class SlackFormatTest {
    private static final URI HOOK = URI.create("https://hooks.slack.com/services/T1/B2/t0k");
    private final SlackFormat format = new SlackFormat();

    @Test
    void aFallbackTextAndAMrkdwnSectionThatMentionsTheOwner() {
        JsonNode body = json(format.request(HOOK, message("alice", "U024BE7LH"), Secret.NONE, NOW).json());

        assertThat(body.get("text").asText()).isEqualTo("[redcron prod] run failed: backup (run 4711)");
        assertThat(body.at("/blocks/0/type").asText()).isEqualTo("section");
        assertThat(body.at("/blocks/0/text/type").asText()).isEqualTo("mrkdwn");
        assertThat(body.at("/blocks/0/text/text").asText()).startsWith("*[redcron prod] run failed: backup (run 4711)*\nexit code 2\n")
                .contains("*exitCode*: 2").endsWith("owner: <@U024BE7LH>");
    }

    @Test
    void textOfARunCannotMentionOrLinkAnyone() {
        Alert alert = new Alert(AlertKind.RUN_FAILED, NOW, 12L, "backup", 4711L, null, "<!channel> & <https://x|y>",
                Map.of(), List.of(), null);
        JsonNode body = json(format.request(HOOK, ChatMessage.of(alert, "prod", "w", 0, null), Secret.NONE, NOW).json());

        assertThat(body.at("/blocks/0/text/text").asText()).contains("&lt;!channel&gt; &amp; &lt;https://x|y&gt;");
    }

    @Test
    void onlyTheBodyOkIsDelivered() {
        assertThat(format.refusal("ok")).isEmpty();
        assertThat(format.refusal("no_service")).contains("unexpected reply 'no_service'");
    }
}
