package io.redcron.config;

import io.redcron.domain.AlertTarget.Platform;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Who a task's owner is on each chat platform, from {@code alerts.mentions}: entries
 * {@code alice=dingtalk:0123456,slack:U024BE7LH}. A task's {@code owner} is free text, so owners
 * are matched ignoring case and surrounding blanks; an owner without an id on a platform is named
 * in the message's text instead of mentioned.
 */
public record ChatMentions(Map<String, Map<String, String>> idsByOwner) {
    public static final ChatMentions NONE = new ChatMentions(Map.of());

    public ChatMentions {
        idsByOwner = Map.copyOf(idsByOwner);
    }

    /** The owner's id on this platform, if the setting gives one. */
    public Optional<String> idOf(String owner, Platform platform) {
        if (owner == null || owner.isBlank()) {
            return Optional.empty();
        }
        Map<String, String> ids = idsByOwner.get(normal(owner));
        return ids == null ? Optional.empty() : Optional.ofNullable(ids.get(platform.mentionKey()));
    }

    /**
     * Reads the setting's items. In the environment the whole setting is one comma-separated text,
     * so the items arrive split at every comma: an item without {@code =} continues the owner before it.
     *
     * @throws ConfigException naming the setting, for an item that is no {@code owner=platform:id}
     */
    public static ChatMentions parse(List<String> items) {
        Map<String, Map<String, String>> out = new LinkedHashMap<>();
        Map<String, String> current = null;
        for (String item : items) {
            for (String part : item.split(",")) {
                String text = part.trim();
                if (text.isEmpty()) {
                    continue;
                }
                int equals = text.indexOf('=');
                if (equals >= 0) {
                    String owner = text.substring(0, equals).trim();
                    if (owner.isEmpty()) {
                        throw refused("'" + text + "' names no owner before '='");
                    }
                    current = out.computeIfAbsent(normal(owner), key -> new LinkedHashMap<>());
                    text = text.substring(equals + 1).trim();
                } else if (current == null) {
                    throw refused("'" + text + "' does not start with an owner (write alice=slack:U024BE7LH)");
                }
                add(current, text);
            }
        }
        return new ChatMentions(Map.copyOf(out));
    }

    private static void add(Map<String, String> ids, String text) {
        int colon = text.indexOf(':');
        if (colon <= 0 || colon == text.length() - 1) {
            throw refused("'" + text + "' is not platform:id (for example slack:U024BE7LH)");
        }
        Platform platform = Platform.byScheme(text.substring(0, colon).trim()).orElseThrow(() -> refused(
                "'" + text.substring(0, colon) + "' is no chat platform (" + Platform.schemes() + ")"));
        ids.put(platform.mentionKey(), text.substring(colon + 1).trim());
    }

    private static String normal(String owner) {
        return owner.trim().toLowerCase(Locale.ROOT);
    }

    private static ConfigException refused(String reason) {
        return new ConfigException(Setting.ALERTS_MENTIONS.key(), reason);
    }
}
