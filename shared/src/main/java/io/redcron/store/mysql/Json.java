package io.redcron.store.mysql;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import io.redcron.domain.ExecPayload;
import io.redcron.domain.InvalidTaskException;
import io.redcron.domain.HttpPayload;
import io.redcron.domain.JavaPayload;
import io.redcron.domain.ShellPayload;
import io.redcron.domain.TaskPayload;
import io.redcron.domain.TaskType;
import io.redcron.port.StoreException;

import java.util.List;
import java.util.Map;

/** The JSON documents kept in TEXT columns: payloads, labels, lists, parameters, audit states. */
final class Json {
    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .addModule(new JavaTimeModule())
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
            .disable(SerializationFeature.WRITE_DURATIONS_AS_TIMESTAMPS)
            // Stable text: the same state always gives the same document (audit diffs stay small).
            .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
            // A row written by a newer node may carry fields this one does not know yet.
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .build();
    private static final TypeReference<Map<String, String>> STRING_MAP = new TypeReference<>() { };
    private static final TypeReference<List<String>> STRING_LIST = new TypeReference<>() { };

    private Json() {
    }

    static String write(Object value) {
        try {
            return MAPPER.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new StoreException("cannot write JSON for " + value.getClass().getSimpleName() + ": "
                    + e.getOriginalMessage(), e);
        }
    }

    static Map<String, String> stringMap(String json) {
        // Most runs have no parameters: no parser for those.
        return json == null || json.isEmpty() || "{}".equals(json) ? Map.of() : read(json, STRING_MAP);
    }

    static List<String> stringList(String json) {
        return json == null || json.isEmpty() ? List.of() : read(json, STRING_LIST);
    }

    static TaskPayload payload(TaskType type, String json) {
        Class<? extends TaskPayload> record = switch (type) {
            case EXEC -> ExecPayload.class;
            case SHELL -> ShellPayload.class;
            case HTTP -> HttpPayload.class;
            case JAVA -> JavaPayload.class;
        };
        try {
            return MAPPER.readValue(json, record);
        } catch (JsonProcessingException e) {
            if (e.getCause() instanceof InvalidTaskException invalid) {
                // A rule of the payload itself (a refused variable, say): the rule's own words.
                throw new InvalidTaskException(invalid.field(), invalid.getMessage().substring(invalid.field().length() + 2));
            }
            throw new StoreException("stored " + type.id() + " payload is not readable: " + e.getOriginalMessage(), e);
        }
    }

    private static <T> T read(String json, TypeReference<T> type) {
        try {
            return MAPPER.readValue(json, type);
        } catch (JsonProcessingException e) {
            throw new StoreException("stored JSON is not readable: " + e.getOriginalMessage(), e);
        }
    }
}
