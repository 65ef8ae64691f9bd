package io.redcron.testkit;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import io.redcron.domain.Task;
import io.redcron.format.TaskAuditState;

/** A task's state as the audit log keeps it: every field by name, credentials masked (as the MySQL store writes it). */
final class TaskJson {
    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .addModule(new JavaTimeModule())
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
            .disable(SerializationFeature.WRITE_DURATIONS_AS_TIMESTAMPS)
            .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
            .build();

    private TaskJson() {
    }

    static String of(Task stored) {
        try {
            return MAPPER.writeValueAsString(TaskAuditState.of(stored));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write the state of task " + stored.id(), e);
        }
    }
}
