package io.redcron.node.alert;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.redcron.config.Secret;

import java.net.URI;
import java.time.Instant;
import java.util.Optional;

/**
 * WeCom (企业微信) group robot (群机器人), as documented at
 * https://developer.work.weixin.qq.com/document/path/91770.
 *
 * <p>A markdown message (at most 4096 bytes, which {@link ChatMessage#MAX_TEXT} keeps us under);
 * the owner is mentioned as {@code <@userid>} ({@code wecom:alice.w}). WeCom robots are not
 * signed: the key in the URL is the only credential. It answers {@code {"errcode":0,…}}.
 */
final class WeComFormat implements ChatFormat {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Override
    public Request request(URI webhook, ChatMessage message, Secret secret, Instant now) {
        StringBuilder content = new StringBuilder("**").append(message.title()).append("**\n");
        if (!message.text().isEmpty()) {
            content.append("> ").append(message.text().replace("\n", "\n> ")).append('\n');
        }
        message.facts().forEach((key, value) -> content.append(key).append(": <font color=\"comment\">")
                .append(value).append("</font>\n"));
        if (message.mentionId() != null) {
            content.append("owner: <@").append(message.mentionId()).append('>');
        } else if (message.owner() != null) {
            content.append("owner: ").append(message.owner());
        }
        ObjectNode root = JSON.createObjectNode();
        root.put("msgtype", "markdown");
        root.putObject("markdown").put("content", content.toString().strip());
        return new Request(webhook, root.toString());
    }

    @Override
    public Optional<String> refusal(String reply) {
        return ChatReplies.nonZeroCode(reply, "errmsg", "errcode");
    }
}
