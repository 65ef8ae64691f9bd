package io.redcron.node.alert;

import com.fasterxml.jackson.databind.JsonNode;
import io.redcron.config.Secret;
import org.junit.jupiter.api.Test;

import java.net.URI;

import static io.redcron.node.alert.ChatFixtures.NOW;
import static io.redcron.node.alert.ChatFixtures.json;
import static io.redcron.node.alert.ChatFixtures.message;
import static org.assertj.core.api.Assertions.assertThat;

class TeamsFormatTest {
    private static final URI HOOK = URI.create("https://prod-01.westeurope.logic.azure.com/workflows/w/triggers/manual/paths/invoke?sig=t0k");
    private final TeamsFormat format = new TeamsFormat();

    @Test
    void anAdaptiveCardMessageThatMentionsTheOwnerThroughItsEntities() {
        JsonNode body = json(format.request(HOOK, message("alice", "alice@example.com"), Secret.NONE, ChatFixtures.NOW).json());

        assertThat(body.get("type").asText()).isEqualTo("message");
        assertThat(body.at("/attachments/0/contentType").asText()).isEqualTo("application/vnd.microsoft.card.adaptive");
        JsonNode card = body.at("/attachments/0/content");
        assertThat(card.get("type").asText()).isEqualTo("AdaptiveCard");
        assertThat(card.get("version").asText()).isEqualTo("1.4");
        assertThat(card.at("/body/0/text").asText()).isEqualTo("[redcron prod] run failed: backup (run 4711)");
        assertThat(card.at("/body/1/text").asText()).isEqualTo("exit code 2");
        assertThat(card.at("/body/2/type").asText()).isEqualTo("FactSet");
        assertThat(card.at("/body/2/facts/1/title").asText()).isEqualTo("exitCode");
        assertThat(card.at("/body/3/text").asText()).isEqualTo("owner: <at>alice</at>");
        assertThat(card.at("/msteams/entities/0/type").asText()).isEqualTo("mention");
        assertThat(card.at("/msteams/entities/0/text").asText()).isEqualTo("<at>alice</at>");
        assertThat(card.at("/msteams/entities/0/mentioned/id").asText()).isEqualTo("alice@example.com");
    }

    @Test
    void anOwnerWithoutAnIdIsNamedAndNobodyMentioned() {
        JsonNode card = json(format.request(HOOK, message("alice", null), Secret.NONE, NOW).json()).at("/attachments/0/content");

        assertThat(card.at("/body/3/text").asText()).isEqualTo("owner: alice");
        assertThat(card.has("msteams")).isFalse();
    }
}
