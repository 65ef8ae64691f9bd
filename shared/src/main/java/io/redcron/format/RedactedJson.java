package io.redcron.format;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.redcron.domain.CredentialRedaction;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A JSON state from the audit log as it may be shown: the credentials in it masked as
 * {@link CredentialRedaction} masks them in a task. States are written masked, but rows written
 * before that still hold them in the clear.
 */
public final class RedactedJson {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** The objects whose entries are named values: environment, headers, parameters, handler settings. */
    private static final Set<String> NAMED_VALUES = Set.of("env", "headers", "params", "settings");

    private RedactedJson() {
    }

    /** The document with its credentials masked; the same text when it holds none. */
    public static String of(String json) {
        if (json == null || json.isEmpty()) {
            return json;
        }
        JsonNode tree;
        try {
            tree = JSON.readTree(json);
        } catch (JsonProcessingException e) {
            return CredentialRedaction.urls(json);
        }
        JsonNode shown = tree.deepCopy();
        mask(shown);
        if (shown.equals(tree)) {
            return json;
        }
        try {
            return JSON.writeValueAsString(shown);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write JSON", e);
        }
    }

    private static void mask(JsonNode node) {
        if (node.isArray()) {
            node.forEach(RedactedJson::mask);
            return;
        }
        if (!node.isObject()) {
            return;
        }
        ObjectNode object = (ObjectNode) node;
        List<Map.Entry<String, JsonNode>> fields = new ArrayList<>();
        object.fields().forEachRemaining(fields::add);
        for (Map.Entry<String, JsonNode> field : fields) {
            JsonNode value = field.getValue();
            if (NAMED_VALUES.contains(field.getKey()) && value.isObject()) {
                maskNamedValues((ObjectNode) value);
            } else if (field.getKey().equals("url") && value.isTextual()) {
                object.put("url", CredentialRedaction.urls(value.asText()));
            } else {
                mask(value);
            }
        }
    }

    private static void maskNamedValues(ObjectNode values) {
        List<Map.Entry<String, JsonNode>> entries = new ArrayList<>();
        values.fields().forEachRemaining(entries::add);
        for (Map.Entry<String, JsonNode> entry : entries) {
            if (entry.getValue().isTextual()) {
                values.put(entry.getKey(), CredentialRedaction.value(entry.getKey(), entry.getValue().asText()));
            }
        }
    }
}
