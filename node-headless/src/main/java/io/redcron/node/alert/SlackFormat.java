package io.redcron.node.alert;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.redcron.config.Secret;

import java.net.URI;
import java.time.Instant;
import java.util.Optional;

/**
 * Slack incoming webhook, as documented at https://api.slack.com/messaging/webhooks (text
 * formatting: https://api.slack.com/reference/surfaces/formatting).
 *
 * <p>{@code text} is the notification's fallback, {@code blocks} the message in mrkdwn; the owner
 * is mentioned as {@code <@U024BE7LH>} ({@code slack:U024BE7LH}, a member id). Incoming webhooks
 * are not signed (Slack signs only what it sends to apps). The reply is the body {@code ok};
 * errors come with 4xx statuses and a word such as {@code invalid_payload}.
 */
final class SlackFormat implements ChatFormat {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Override
    public Request request(URI webhook, ChatMessage message, Secret secret, Instant now) {
        StringBuilder text = new StringBuilder("*").append(escape(message.title())).append("*\n");
        if (!message.text().isEmpty()) {
            text.append(escape(message.text())).append('\n');
        }
        message.facts().forEach((key, value) -> text.append('*').append(key).append("*: ").append(escape(value)).append('\n'));
        if (message.mentionId() != null) {
            text.append("owner: <@").append(escape(message.mentionId())).append('>');
        } else if (message.owner() != null) {
            text.append("owner: ").append(escape(message.owner()));
        }
        ObjectNode root = JSON.createObjectNode();
        root.put("text", message.title());
        ArrayNode blocks = root.putArray("blocks");
        blocks.addObject().put("type", "section").putObject("text").put("type", "mrkdwn").put("text", text.toString().strip());
        return new Request(webhook, root.toString());
    }

    /** Slack reads &amp;, &lt; and &gt; as markup; text of ours must not open a link or a mention. */
    static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }

    @Override
    public Optional<String> refusal(String reply) {
        return reply.strip().equals("ok") ? Optional.empty()
                : Optional.of("unexpected reply '" + (reply.length() <= 100 ? reply.strip() : reply.substring(0, 100) + "…") + "'");
    }
}
