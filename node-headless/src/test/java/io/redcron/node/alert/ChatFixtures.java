package io.redcron.node.alert;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.redcron.config.Secret;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/** One alert, clock and key for the chat formats' tests; the expected signatures are worked out apart (Python's hmac). */
final class ChatFixtures {
    static final Instant NOW = Instant.parse("2026-03-01T02:00:07.120Z");
    static final Secret SECRET = Secret.of("SEC0123456789abcdef");
    private static final ObjectMapper JSON = new ObjectMapper();

    private ChatFixtures() {
    }

    static Alert failure(String owner) {
        return new Alert(AlertKind.RUN_FAILED, NOW, 12L, "backup", 4711L, null, "exit code 2",
                Map.of("attempt", "3", "exitCode", "2"), List.of(), owner);
    }

    static ChatMessage message(String owner, String mentionId) {
        return ChatMessage.of(failure(owner), "prod", "worker-3", 0, mentionId);
    }

    static JsonNode json(String text) {
        try {
            return JSON.readTree(text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
