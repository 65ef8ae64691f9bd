package io.redcron.desktop.audit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.redcron.desktop.ui.Messages;
import io.redcron.port.AuditEntry;

/**
 * What an audit entry is about, by name: "task nightly-backup (#42)", "run 981 of nightly-backup".
 * The names come from the states the entry recorded, so a deleted task is still named.
 */
final class AuditSubjects {
    private static final ObjectMapper JSON = new ObjectMapper();

    private AuditSubjects() {
    }

    static String describe(AuditEntry entry, Messages messages) {
        String subject = entry.subject() == null ? "" : entry.subject();
        int colon = subject.indexOf(':');
        if (colon < 0) {
            return subject;
        }
        String kind = subject.substring(0, colon);
        String id = subject.substring(colon + 1);
        return switch (kind) {
            case "task" -> {
                String name = field(entry, "name");
                yield name == null ? messages.get("audit.subject.task.id", id) : messages.get("audit.subject.task", name, id);
            }
            case "run" -> {
                String task = field(entry, "task");
                yield task == null ? messages.get("audit.subject.run.id", id) : messages.get("audit.subject.run", id, task);
            }
            case "queue" -> messages.get("audit.subject.queue", id);
            default -> subject;
        };
    }

    /** A text field of the state after, else of the state before; null if neither has it. */
    private static String field(AuditEntry entry, String name) {
        for (String state : new String[] {entry.after(), entry.before()}) {
            if (state == null || state.isBlank()) {
                continue;
            }
            try {
                JsonNode value = JSON.readTree(state).get(name);
                if (value != null && value.isTextual() && !value.asText().isBlank()) {
                    return value.asText();
                }
            } catch (Exception notJson) {
                // a state that is not JSON names nothing
            }
        }
        return null;
    }
}
