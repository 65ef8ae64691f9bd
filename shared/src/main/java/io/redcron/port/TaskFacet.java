package io.redcron.port;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * A property of tasks whose values in use a filter or an editor offers as completions
 * ({@link TaskStore#values}). The rules below are shared by every store, so all offer the same.
 */
public enum TaskFacet {
    GROUP,
    OWNER,
    /** Both the keys in use ({@code team}) and the pairs ({@code team=ops}), as a label filter takes them. */
    LABEL;

    /** Whether {@code value} contains {@code text}, ignoring case; a blank text is in every value. */
    public static boolean contains(String value, String text) {
        return text == null || text.isBlank()
                || value.toLowerCase(Locale.ROOT).contains(text.trim().toLowerCase(Locale.ROOT));
    }

    /**
     * The label completions from label pairs in use, in key order: each key that contains
     * {@code text}, then its {@code key=value} pairs that contain it; at most {@code limit}.
     *
     * @param pairs (key, value) pairs, sorted by key then value
     */
    public static List<String> labelChoices(List<Map.Entry<String, String>> pairs, String text, int limit) {
        Set<String> choices = new LinkedHashSet<>();
        for (Map.Entry<String, String> pair : pairs) {
            if (contains(pair.getKey(), text)) {
                choices.add(pair.getKey());
            }
            String both = pair.getKey() + "=" + pair.getValue();
            if (contains(both, text)) {
                choices.add(both);
            }
        }
        return choices.stream().limit(Math.max(0, limit)).toList();
    }
}
