package io.redcron.format;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiFunction;

/**
 * The strict reading of single fields that the task and workflow documents share; each refuses
 * with its own exception (field, problem), so the messages read the same in both.
 */
final class DocumentFields {
    private final BiFunction<String, String, ? extends RuntimeException> refusal;

    /** @param refusal the exception of a field and its problem, as {@code InvalidTaskException::new} */
    DocumentFields(BiFunction<String, String, ? extends RuntimeException> refusal) {
        this.refusal = refusal;
    }

    /** The value of {@code field} as text, empty when absent or null. */
    Optional<String> text(JsonNode node, String field) {
        return text(node, field, field);
    }

    /** The value of {@code key} as text, empty when absent or null; an error names {@code field}. */
    Optional<String> text(JsonNode node, String key, String field) {
        JsonNode value = node.get(key);
        if (value == null || value.isNull()) {
            return Optional.empty();
        }
        if (!value.isValueNode()) {
            throw refusal.apply(field, "must be a single value");
        }
        return Optional.of(value.asText());
    }

    /** {@code value} as an int; absent, fractional or too large is refused. */
    int integer(JsonNode value, String field) {
        if (value == null || !value.isIntegralNumber() || !value.canConvertToInt()) {
            throw refusal.apply(field, "must be a whole number");
        }
        return value.asInt();
    }

    /** A mapping of names to single values, in the document's order; absent or null is empty. */
    Map<String, String> stringMap(JsonNode node, String field) {
        Map<String, String> out = new LinkedHashMap<>();
        if (node == null || node.isNull()) {
            return out;
        }
        if (!node.isObject()) {
            throw refusal.apply(field, "must be a mapping of names to values");
        }
        node.fields().forEachRemaining(entry -> {
            if (!entry.getValue().isValueNode() || entry.getValue().isNull()) {
                throw refusal.apply(field, "value of '" + entry.getKey() + "' must be a single value");
            }
            out.put(entry.getKey(), entry.getValue().asText());
        });
        return out;
    }

    /** A mapping as a document writes it: sorted by name. */
    static ObjectNode map(Map<String, String> values) {
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        values.entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(e -> node.put(e.getKey(), e.getValue()));
        return node;
    }
}
