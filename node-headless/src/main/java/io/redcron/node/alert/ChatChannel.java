package io.redcron.node.alert;

import io.redcron.config.ChatMentions;
import io.redcron.config.Secret;
import io.redcron.domain.AlertTarget;
import io.redcron.domain.AlertTarget.Platform;

import java.time.Clock;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;

/**
 * Posts alerts to chat platforms' webhooks, each in its own {@link ChatFormat}, signed when the
 * target names a key. Delivered means: a 2xx answer that the platform's reply check accepts
 * (DingTalk, Feishu and WeCom answer HTTP 200 with an error code inside; such a reply is retried
 * like a 5xx, since a clock off by an hour or a rate limit passes).
 *
 * <p>No platform SDK: each would wrap this one POST, and pull in its own HTTP client and JSON library.
 */
final class ChatChannel implements Channel {
    private final AlertHttp http = new AlertHttp();
    private final Map<Platform, ChatFormat> formats = new EnumMap<>(Platform.class);
    private final ChatSecrets secrets;
    private final ChatMentions mentions;
    private final String namespace;
    private final String reportedBy;
    private final Clock clock;

    ChatChannel(ChatSecrets secrets, ChatMentions mentions, String namespace, String reportedBy, Clock clock) {
        this.secrets = secrets;
        this.mentions = mentions;
        this.namespace = namespace;
        this.reportedBy = reportedBy;
        this.clock = clock;
        FeishuFormat feishu = new FeishuFormat();
        formats.put(Platform.DINGTALK, new DingTalkFormat());
        formats.put(Platform.FEISHU, feishu);
        formats.put(Platform.LARK, feishu);
        formats.put(Platform.WECOM, new WeComFormat());
        formats.put(Platform.SLACK, new SlackFormat());
        formats.put(Platform.TEAMS, new TeamsFormat());
    }

    @Override
    public String name() {
        return "chat";
    }

    @Override
    public void send(AlertTarget target, Alert alert, int suppressed) throws DeliveryException {
        AlertTarget.Chat robot = (AlertTarget.Chat) target;
        Secret secret = secrets.of(robot);
        ChatMessage message = ChatMessage.of(alert, namespace, reportedBy, suppressed,
                mentions.idOf(alert.owner(), robot.platform()).orElse(null));
        ChatFormat format = formats.get(robot.platform());
        ChatFormat.Request request = format.request(robot.uri(), message, secret, clock.instant());
        AlertHttp.Reply reply = http.post(target, request.uri(), request.json(), Map.of("X-Redcron-Event", alert.kind().name()));
        Optional<String> refusal = format.refusal(reply.body());
        if (refusal.isPresent()) {
            throw new DeliveryException(target.redacted() + ": " + robot.platform().scheme() + " refused it: "
                    + refusal.get(), true);
        }
    }
}
