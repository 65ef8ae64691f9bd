package io.redcron.node.alert;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.util.Optional;

/** Reads the JSON replies of platforms that answer HTTP 200 with an error code inside. */
final class ChatReplies {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int MAX_MESSAGE = 200;

    private ChatReplies() {
    }

    /**
     * @param codeFields the reply's code field, then older names for it; the first present counts
     * @return the code and message when the code is not 0, or when the reply is no such JSON
     */
    static Optional<String> nonZeroCode(String reply, String messageField, String... codeFields) {
        JsonNode root;
        try {
            root = JSON.readTree(reply);
        } catch (JsonProcessingException e) {
            return Optional.of("unexpected reply (not JSON)");
        }
        for (String field : codeFields) {
            JsonNode code = root == null ? null : root.get(field);
            if (code != null && code.canConvertToLong()) {
                if (code.asLong() == 0) {
                    return Optional.empty();
                }
                String message = root.path(messageField).asText("");
                message = message.length() <= MAX_MESSAGE ? message : message.substring(0, MAX_MESSAGE) + "…";
                return Optional.of(field + " " + code.asLong() + (message.isEmpty() ? "" : ": " + message));
            }
        }
        return Optional.of("unexpected reply (no " + codeFields[0] + ")");
    }
}
