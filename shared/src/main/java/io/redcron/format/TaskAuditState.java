package io.redcron.format;

import io.redcron.domain.CredentialRedaction;
import io.redcron.domain.Task;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The state of a task as the audit log keeps it: every field, by name, and credentials masked
 * (the audit log is read by many more people than those who may use them). One shape for every
 * store that audits task changes.
 */
public final class TaskAuditState {
    private TaskAuditState() {
    }

    public static Map<String, Object> of(Task stored) {
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
        out.put("retry", Map.of(
                "maxAttempts", task.retry().maxAttempts(),
                "initialBackoffMs", task.retry().initialBackoff().toMillis(),
                "multiplier", task.retry().multiplier(),
                "maxBackoffMs", task.retry().maxBackoff().toMillis(),
                "jitter", task.retry().jitter()));
        out.put("misfirePolicy", task.misfirePolicy());
        out.put("catchUpLimit", task.catchUpLimit());
        out.put("concurrencyPolicy", task.concurrencyPolicy());
        out.put("shards", task.sharding().format());
        out.put("enabled", task.enabled());
        out.put("owner", task.owner());
        out.put("labels", task.labels());
        out.put("alertTargets", task.alertTargets());
        out.put("params", task.params());
        out.put("version", task.version());
        out.put("updatedAt", task.updatedAt());
        return out;
    }
}
