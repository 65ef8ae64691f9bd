package io.redcron.config;

import io.redcron.domain.AlertTarget;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Extra targets for the alerts of each routing group, from {@code alerts.group-targets}: entries
 * {@code gpu=slack+https://…;mailto:ops@example.com}. An alert goes to its group's targets when it
 * is about a task of the group (or about the group itself: {@code BACKLOG}, {@code GROUP_UNSERVED}),
 * besides the node's own targets and the task's. They are the operator's, like the node's own, so
 * no {@code alerts.allow-targets} pattern is needed for them.
 */
public record GroupTargets(Map<String, List<AlertTarget>> byGroup) {
    public static final GroupTargets NONE = new GroupTargets(Map.of());
    /** A group name, then '=': a URL or mailto: has a ':' before any '='. */
    private static final Pattern ENTRY = Pattern.compile("([A-Za-z0-9_.-]+)\\s*=(.*)");

    public GroupTargets {
        Map<String, List<AlertTarget>> copy = new LinkedHashMap<>();
        byGroup.forEach((group, targets) -> copy.put(group, List.copyOf(targets)));
        byGroup = java.util.Collections.unmodifiableMap(copy);
    }

    /** The group's targets; none for a group the setting does not name, or no group (null). */
    public List<AlertTarget> of(String group) {
        return group == null ? List.of() : byGroup.getOrDefault(group, List.of());
    }

    public boolean isEmpty() {
        return byGroup.isEmpty();
    }

    /**
     * Reads the setting's items. In the environment the whole setting is one comma-separated text,
     * so the items arrive split at every comma: an item that does not start with {@code group=}
     * continues the group before it. Targets of one group are separated by {@code ;}.
     *
     * @throws ConfigException naming the setting, for an entry without a group or a target that does not parse
     */
    public static GroupTargets parse(List<String> items) {
        Map<String, List<AlertTarget>> out = new LinkedHashMap<>();
        List<AlertTarget> current = null;
        for (String item : items) {
            for (String part : item.split(",")) {
                String text = part.trim();
                if (text.isEmpty()) {
                    continue;
                }
                Matcher entry = ENTRY.matcher(text);
                if (entry.matches()) {
                    current = out.computeIfAbsent(entry.group(1), key -> new ArrayList<>());
                    text = entry.group(2).trim();
                } else if (current == null) {
                    throw refused("'" + redact(text) + "' does not start with a group"
                            + " (write gpu=slack+https://…;mailto:ops@example.com)");
                }
                for (String target : text.split(";")) {
                    if (!target.isBlank()) {
                        current.add(target(target.trim()));
                    }
                }
            }
        }
        out.forEach((group, targets) -> {
            if (targets.isEmpty()) {
                throw refused("group '" + group + "' names no target");
            }
        });
        return new GroupTargets(out);
    }

    private static AlertTarget target(String text) {
        try {
            return AlertTarget.parse(text);
        } catch (IllegalArgumentException e) {
            String message = e.getMessage();
            throw refused(message.substring(message.indexOf(':') + 1).trim());
        }
    }

    /** A URL may carry a token: only its start is shown. */
    private static String redact(String text) {
        return text.length() <= 24 ? text : text.substring(0, 24) + "…";
    }

    private static ConfigException refused(String problem) {
        return new ConfigException(Setting.ALERTS_GROUP_TARGETS.key(), problem);
    }
}
