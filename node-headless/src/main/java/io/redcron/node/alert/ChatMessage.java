package io.redcron.node.alert;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a chat message says about an alert, before any platform's format: the same facts as the
 * webhook payload, in words. Platforms cap a message at a few KiB, so a long run error is cut.
 *
 * @param owner     the task's owner as written, or null
 * @param mentionId the owner's id on the platform the message is for (alerts.mentions), or null:
 *                  the owner is then named in the text
 * @param alarm     whether something needs a person (all kinds but a new leader)
 */
record ChatMessage(String title, String text, Map<String, String> facts, String owner, String mentionId,
                   boolean alarm) {
    static final int MAX_TEXT = 1000;

    ChatMessage {
        facts = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(facts));
    }

    static ChatMessage of(Alert alert, String namespace, String reportedBy, int suppressed, String mentionId) {
        Map<String, String> facts = new LinkedHashMap<>(new TreeMap<>(alert.details()));
        facts.put("at", alert.at().toString());
        facts.put("reportedBy", reportedBy);
        if (suppressed > 0) {
            facts.put("heldBack", suppressed + " more like this one (rate limit)");
        }
        String text = alert.message().length() <= MAX_TEXT ? alert.message()
                : alert.message().substring(0, MAX_TEXT) + "…";
        return new ChatMessage(AlertPayload.title(alert, namespace), text, facts, alert.owner(),
                alert.owner() == null ? null : mentionId, alert.kind() != AlertKind.LEADER_CHANGED);
    }
}
