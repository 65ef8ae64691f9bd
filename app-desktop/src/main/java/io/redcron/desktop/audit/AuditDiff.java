package io.redcron.desktop.audit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.redcron.format.RedactedJson;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The fields an audited change changed: the recorded states before and after (JSON, credentials
 * masked) flattened to field paths, compared one by one. A creation lists every field it set, a
 * deletion every field it removed; a field that stayed the same is left out.
 */
final class AuditDiff {
    private static final ObjectMapper JSON = new ObjectMapper();

    private AuditDiff() {
    }

    static List<FieldChange> of(String beforeJson, String afterJson) {
        Map<String, String> before = flatten(beforeJson);
        Map<String, String> after = flatten(afterJson);
        List<FieldChange> changes = new ArrayList<>();
        after.forEach((field, value) -> {
            String old = before.getOrDefault(field, "");
            if (!Objects.equals(old, value)) {
                changes.add(new FieldChange(field, old, value));
            }
        });
        before.forEach((field, value) -> {
            if (!after.containsKey(field)) {
                changes.add(new FieldChange(field, value, ""));
            }
        });
        return changes;
    }

    /** Field path to value text; a state that is not a JSON object is one field, "state". */
    private static Map<String, String> flatten(String json) {
        Map<String, String> fields = new LinkedHashMap<>();
        if (json == null || json.isBlank()) {
            return fields;
        }
        String masked = RedactedJson.of(json);
        JsonNode tree;
        try {
            tree = JSON.readTree(masked);
        } catch (Exception notJson) {
            fields.put("state", masked);
            return fields;
        }
        if (tree == null || !tree.isObject()) {
            fields.put("state", masked);
            return fields;
        }
        flatten("", tree, fields);
        return fields;
    }

    private static void flatten(String path, JsonNode node, Map<String, String> fields) {
        if (node.isObject() && node.size() > 0) {
            node.fields().forEachRemaining(entry ->
                    flatten(path.isEmpty() ? entry.getKey() : path + "." + entry.getKey(), entry.getValue(), fields));
        } else if (node.isTextual()) {
            fields.put(path, node.asText());
        } else if (node.isNull()) {
            fields.put(path, "");
        } else {
            // Numbers, booleans, lists and empty objects: their JSON text reads well enough.
            fields.put(path, node.toString());
        }
    }
}
