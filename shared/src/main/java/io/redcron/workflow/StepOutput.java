package io.redcron.workflow;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a step passes to its children: the JSON objects it printed on lines that start with
 * {@value #PREFIX}, merged in order (a later key wins). Values are strings, numbers or booleans
 * and become text; keys must be parameter names. At most {@value #MAX_BYTES} bytes in all, for
 * the output travels in every child's row. Only the output a run keeps (its last 64 KiB) is read.
 */
public final class StepOutput {
    public static final String PREFIX = "redcron-output:";
    public static final int MAX_BYTES = 4096;
    private static final ObjectMapper JSON = new ObjectMapper();

    private StepOutput() {
    }

    /** The output of a run's text; empty when it printed no such line. */
    public static Map<String, String> parse(String text) {
        Map<String, String> output = new LinkedHashMap<>();
        if (text == null || text.isEmpty()) {
            return output;
        }
        int bytes = 0;
        for (String line : text.split("\r?\n")) {
            String trimmed = line.strip();
            if (!trimmed.startsWith(PREFIX)) {
                continue;
            }
            String json = trimmed.substring(PREFIX.length()).strip();
            bytes += json.getBytes(StandardCharsets.UTF_8).length;
            if (bytes > MAX_BYTES) {
                throw new InvalidWorkflowException("output", "is over " + MAX_BYTES + " bytes");
            }
            merge(json, output);
        }
        return WorkflowParams.check("output", output);
    }

    private static void merge(String json, Map<String, String> output) {
        JsonNode node;
        try {
            node = JSON.readTree(json);
        } catch (JsonProcessingException e) {
            throw new InvalidWorkflowException("output", "'" + abbreviate(json) + "' is not a JSON object");
        }
        if (node == null || !node.isObject()) {
            throw new InvalidWorkflowException("output", "'" + abbreviate(json) + "' is not a JSON object");
        }
        for (Iterator<Map.Entry<String, JsonNode>> fields = node.fields(); fields.hasNext(); ) {
            Map.Entry<String, JsonNode> field = fields.next();
            JsonNode value = field.getValue();
            if (!value.isValueNode() || value.isNull()) {
                throw new InvalidWorkflowException("output", "'" + field.getKey()
                        + "' must be a string, a number or a boolean");
            }
            output.put(field.getKey(), value.asText());
        }
    }

    private static String abbreviate(String text) {
        return text.length() <= 60 ? text : text.substring(0, 57) + "...";
    }
}
