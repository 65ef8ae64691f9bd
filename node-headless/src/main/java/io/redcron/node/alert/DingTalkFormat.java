package io.redcron.node.alert;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.redcron.config.Secret;

import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import java.util.Optional;

/**
 * DingTalk custom robot (自定义机器人), as documented at
 * https://open.dingtalk.com/document/orgapp/custom-robot-access (message types:
 * https://open.dingtalk.com/document/orgapp/robot-message-types-and-data-format; signing, 加签:
 * https://open.dingtalk.com/document/orgapp/customize-robot-security-settings).
 *
 * <p>A markdown message; the owner is mentioned by user id ({@code dingtalk:0123456}) or by mobile
 * number ({@code dingtalk:tel:13800000000}), which DingTalk wants both in {@code at} and as
 * {@code @id} in the text. A signed robot takes {@code timestamp} (ms) and {@code sign} =
 * urlEncode(base64(HmacSHA256(secret, timestamp + "\n" + secret))) in the query. It answers
 * {@code {"errcode":0,…}}; any other errcode (310000: sign not match) is not delivered, even with HTTP 200.
 */
final class DingTalkFormat implements ChatFormat {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String MOBILE = "tel:";

    @Override
    public Request request(URI webhook, ChatMessage message, Secret secret, Instant now) {
        ObjectNode root = JSON.createObjectNode();
        root.put("msgtype", "markdown");
        StringBuilder text = new StringBuilder("#### ").append(message.title()).append("\n\n");
        if (!message.text().isEmpty()) {
            text.append(message.text()).append("\n\n");
        }
        message.facts().forEach((key, value) -> text.append("- **").append(key).append("**: ").append(value).append('\n'));
        ObjectNode at = JSON.createObjectNode();
        if (message.mentionId() != null) {
            String id = message.mentionId();
            boolean mobile = id.startsWith(MOBILE);
            String plain = mobile ? id.substring(MOBILE.length()) : id;
            at.putArray(mobile ? "atMobiles" : "atUserIds").add(plain);
            text.append("\nowner: @").append(plain);
        } else if (message.owner() != null) {
            text.append("\nowner: ").append(message.owner());
        }
        at.put("isAtAll", false);
        root.putObject("markdown").put("title", message.title()).put("text", text.toString());
        root.set("at", at);
        return new Request(secret.isEmpty() ? webhook : signed(webhook, secret, now), root.toString());
    }

    static String sign(Secret secret, long epochMillis) {
        byte[] mac = HmacSha256.of(secret.reveal(), epochMillis + "\n" + secret.reveal());
        return URLEncoder.encode(Base64.getEncoder().encodeToString(mac), StandardCharsets.UTF_8);
    }

    private static URI signed(URI webhook, Secret secret, Instant now) {
        long millis = now.toEpochMilli();
        String url = webhook.toString();
        return URI.create(url + (webhook.getRawQuery() == null ? "?" : "&") + "timestamp=" + millis + "&sign="
                + sign(secret, millis));
    }

    @Override
    public Optional<String> refusal(String reply) {
        return ChatReplies.nonZeroCode(reply, "errmsg", "errcode");
    }
}
