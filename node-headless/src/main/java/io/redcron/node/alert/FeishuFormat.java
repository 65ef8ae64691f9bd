package io.redcron.node.alert;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.redcron.config.Secret;

import java.net.URI;
import java.time.Instant;
import java.util.Base64;
import java.util.Optional;

/**
 * Feishu / Lark custom bot (自定义机器人), as documented at
 * https://open.feishu.cn/document/client-docs/bot-v3/add-custom-bot (Lark:
 * https://open.larksuite.com/document/client-docs/bot-v3/add-custom-bot).
 *
 * <p>An interactive card whose {@code lark_md} text mentions the owner as
 * {@code <at id=ou_xxx></at>} ({@code feishu:ou_xxx}, an open_id). A signed bot takes
 * {@code timestamp} (seconds) and {@code sign} = base64(HmacSHA256(key = timestamp + "\n" +
 * secret, data = nothing)) in the body: the key is the signed text, unlike DingTalk. It answers
 * {@code {"code":0,…}} (older bots {@code {"StatusCode":0,…}}); any other code (19021: sign match
 * fail) is not delivered.
 */
final class FeishuFormat implements ChatFormat {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Override
    public Request request(URI webhook, ChatMessage message, Secret secret, Instant now) {
        ObjectNode root = JSON.createObjectNode();
        if (!secret.isEmpty()) {
            long seconds = now.getEpochSecond();
            root.put("timestamp", Long.toString(seconds));
            root.put("sign", sign(secret, seconds));
        }
        root.put("msg_type", "interactive");
        StringBuilder text = new StringBuilder();
        if (!message.text().isEmpty()) {
            text.append(message.text()).append('\n');
        }
        message.facts().forEach((key, value) -> text.append("**").append(key).append("**: ").append(value).append('\n'));
        if (message.mentionId() != null) {
            text.append("owner: <at id=").append(message.mentionId()).append("></at>");
        } else if (message.owner() != null) {
            text.append("owner: ").append(message.owner());
        }
        ObjectNode card = root.putObject("card");
        card.putObject("config").put("wide_screen_mode", true);
        ObjectNode header = card.putObject("header");
        header.put("template", message.alarm() ? "red" : "blue");
        header.putObject("title").put("tag", "plain_text").put("content", message.title());
        card.putArray("elements").addObject().put("tag", "div")
                .putObject("text").put("tag", "lark_md").put("content", text.toString().strip());
        return new Request(webhook, root.toString());
    }

    static String sign(Secret secret, long epochSeconds) {
        return Base64.getEncoder().encodeToString(HmacSha256.of(epochSeconds + "\n" + secret.reveal(), ""));
    }

    @Override
    public Optional<String> refusal(String reply) {
        return ChatReplies.nonZeroCode(reply, "msg", "code", "StatusCode");
    }
}
