package io.redcron.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;

/**
 * Turns an answer of the API that is not a success into the exception the client throws. The
 * API's error body, {@code {"error": "<one line>", "field": "<field or null>"}}, names the part
 * of the request at fault; the exception names the same one. A refused token is the
 * {@code token}'s fault, a rate limit the {@code rate}'s, and anything else the {@code api}'s.
 */
final class ApiRefusal {
    static final String TOKEN = "token";
    static final String RATE = "rate";
    static final String API = "api";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int MAX_QUOTED = 200;

    private ApiRefusal() {
    }

    /**
     * @param status   the answer's HTTP status, not a 2xx
     * @param body     the answer's body, possibly empty or not JSON (a proxy's page)
     * @param subject  the field a refusal of the request's own input is about when the API names
     *                 none: the task of the path, for example, when a 404 says it is not there
     */
    static RedcronClientException of(int status, String body, String subject) {
        Error error = parse(body);
        return switch (status) {
            case 400, 404, 409 -> {
                String field = error.field != null ? error.field : subject;
                yield new RedcronClientException(field, error.text != null
                        ? withoutPrefix(error.text, field) : "the API answered " + status + " with no reason");
            }
            case 401, 403 -> new RedcronClientException(TOKEN, error.text != null ? error.text
                    : "the API refused the token (" + status + ")");
            case 429 -> new RedcronClientException(RATE, error.text != null ? error.text
                    : "the API refused the request: too many requests this second (429)");
            default -> new RedcronClientException(API, "the API answered " + status
                    + (error.text != null ? ": " + error.text : unexpected(body)));
        };
    }

    /** The API's messages often start with their field already; the exception adds it again. */
    private static String withoutPrefix(String text, String field) {
        String prefix = field + ": ";
        return text.startsWith(prefix) ? text.substring(prefix.length()) : text;
    }

    private static String unexpected(String body) {
        if (body == null || body.isBlank()) {
            return "";
        }
        String line = oneLine(body);
        return " (" + (line.length() > MAX_QUOTED ? line.substring(0, MAX_QUOTED) + "…" : line) + ")";
    }

    static String oneLine(String text) {
        return text.strip().replaceAll("\\s*[\\r\\n]+\\s*", " ");
    }

    private record Error(String text, String field) {
    }

    private static Error parse(String body) {
        if (body == null || body.isBlank()) {
            return new Error(null, null);
        }
        try {
            JsonNode doc = JSON.readTree(body);
            if (doc == null || !doc.isObject() || !doc.path("error").isTextual()) {
                return new Error(null, null);
            }
            String text = oneLine(doc.get("error").asText());
            JsonNode field = doc.path("field");
            return new Error(text.isEmpty() ? null : text, field.isTextual() && !field.asText().isBlank()
                    ? field.asText() : null);
        } catch (IOException e) {
            return new Error(null, null);
        }
    }
}
