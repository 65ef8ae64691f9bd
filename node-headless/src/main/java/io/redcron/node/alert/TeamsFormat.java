package io.redcron.node.alert;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.redcron.config.Secret;

import java.net.URI;
import java.time.Instant;
import java.util.Optional;

/**
 * Microsoft Teams through a Workflows (Power Automate) webhook, the "Post to a channel when a
 * webhook request is received" template, as documented at
 * https://support.microsoft.com/en-us/office/create-incoming-webhooks-with-workflows-for-microsoft-teams-8ae491c7-0394-4861-ba59-055e33f75498
 * (Office 365 connectors, the older incoming webhooks, are retired). The message carries one
 * Adaptive Card 1.4; the owner is mentioned as {@code <at>name</at>} with an entry in
 * {@code msteams.entities} ({@code teams:alice@example.com}, a UPN or Entra object id), per
 * https://learn.microsoft.com/en-us/microsoftteams/platform/task-modules-and-cards/cards/cards-format#mention-support-within-adaptive-cards.
 * Not signed: the URL's {@code sig} parameter is the credential. A flow accepts with 202 and no
 * body; any 2xx is delivered.
 */
final class TeamsFormat implements ChatFormat {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Override
    public Request request(URI webhook, ChatMessage message, Secret secret, Instant now) {
        ObjectNode card = JSON.createObjectNode();
        card.put("$schema", "http://adaptivecards.io/schemas/adaptive-card.json");
        card.put("type", "AdaptiveCard");
        card.put("version", "1.4");
        ArrayNode body = card.putArray("body");
        body.addObject().put("type", "TextBlock").put("text", message.title()).put("weight", "Bolder")
                .put("size", "Medium").put("wrap", true).put("color", message.alarm() ? "Attention" : "Default");
        if (!message.text().isEmpty()) {
            body.addObject().put("type", "TextBlock").put("text", message.text()).put("wrap", true);
        }
        ArrayNode facts = body.addObject().put("type", "FactSet").putArray("facts");
        message.facts().forEach((key, value) -> facts.addObject().put("title", key).put("value", value));
        if (message.mentionId() != null) {
            String tag = "<at>" + message.owner() + "</at>";
            body.addObject().put("type", "TextBlock").put("text", "owner: " + tag).put("wrap", true);
            ObjectNode mention = card.putObject("msteams").putArray("entities").addObject();
            mention.put("type", "mention").put("text", tag);
            mention.putObject("mentioned").put("id", message.mentionId()).put("name", message.owner());
        } else if (message.owner() != null) {
            body.addObject().put("type", "TextBlock").put("text", "owner: " + message.owner()).put("wrap", true);
        }
        ObjectNode root = JSON.createObjectNode();
        root.put("type", "message");
        ObjectNode attachment = root.putArray("attachments").addObject();
        attachment.put("contentType", "application/vnd.microsoft.card.adaptive");
        attachment.putNull("contentUrl");
        attachment.set("content", card);
        return new Request(webhook, root.toString());
    }

    @Override
    public Optional<String> refusal(String reply) {
        return Optional.empty();
    }
}
