package io.redcron.testkit;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import io.redcron.domain.CredentialRedaction;
import io.redcron.domain.Task;

import java.util.LinkedHashMap;
import java.util.Map;

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
        Task task = CredentialRedaction.task(stored);
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("id", task.id());
        out.put("namespace", task.namespace());
        out.put("name", task.name());
        out.put("group", task.group());
        out.put("description", task.description());
        out.put("cron", task.cron());
        out.put("dialect", task.dialect().id());
        out.put("zone", task.zone().getId());
        out.put("type", task.type().id());
        out.put("payload", task.payload());
        out.put("timeoutMs", task.timeout().toMillis());
        out.put("misfirePolicy", task.misfirePolicy());
        out.put("catchUpLimit", task.catchUpLimit());
        out.put("concurrencyPolicy", task.concurrencyPolicy());
        out.put("enabled", task.enabled());
        out.put("owner", task.owner());
        out.put("labels", task.labels());
        out.put("alertTargets", task.alertTargets());
        out.put("params", task.params());
        out.put("version", task.version());
        out.put("updatedAt", task.updatedAt());
        try {
            return MAPPER.writeValueAsString(out);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write the state of task " + task.id(), e);
        }
    }
}
