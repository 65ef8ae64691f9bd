package io.redcron.format;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.redcron.domain.CredentialRedaction;
import io.redcron.domain.ManagedTask;
import io.redcron.domain.Task;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

/**
 * How a task declared in code differs from the task stored now: field by field over its
 * definition, in the task document's terms. What is not the definition is left out: identity,
 * timestamps, the planned next fire, and whether it is enabled (pausing a declared task is an
 * operator's call, never drift). Credentials are compared masked, so they are never kept beside
 * the task in the clear and a changed secret does not show as drift.
 */
public final class ManagedDrift {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Set<String> NOT_DEFINITION = Set.of("id", "namespace", "enabled", "version", "createdAt",
            "updatedAt", "nextFireTime", "schedule");

    /** One field the code declares one way and the store holds another; values as JSON text. */
    public record Difference(String field, String declared, String current) {
    }

    private ManagedDrift() {
    }

    /** The form a declaration is kept in ({@code managed_task.declared}): its definition, credentials masked. */
    public static String declaredForm(Task task) {
        return definition(task).toString();
    }

    /** The fields where the stored task has moved away from its declaration; empty when none. */
    public static List<Difference> of(ManagedTask managed, Task current) {
        JsonNode declared = read(managed.declared());
        ObjectNode now = definition(current);
        Set<String> fields = new TreeSet<>();
        declared.fieldNames().forEachRemaining(fields::add);
        now.fieldNames().forEachRemaining(fields::add);
        List<Difference> differences = new ArrayList<>();
        for (String field : fields) {
            JsonNode was = declared.get(field);
            JsonNode is = now.get(field);
            if (was == null || is == null || !was.equals(is)) {
                differences.add(new Difference(field, was == null ? null : was.toString(), is == null ? null : is.toString()));
            }
        }
        return differences;
    }

    /**
     * Whether two tasks have the same definition, credentials compared in the clear: what a
     * reconciliation weighs before it changes a stored task back to its declaration.
     */
    public static boolean sameDefinition(Task one, Task other) {
        return withoutWhatIsNoDefinition(TaskDocument.write(one, null, Locale.ROOT))
                .equals(withoutWhatIsNoDefinition(TaskDocument.write(other, null, Locale.ROOT)));
    }

    private static ObjectNode definition(Task task) {
        return withoutWhatIsNoDefinition(TaskDocument.write(CredentialRedaction.task(task), null, Locale.ROOT));
    }

    private static ObjectNode withoutWhatIsNoDefinition(ObjectNode doc) {
        Iterator<String> names = doc.fieldNames();
        while (names.hasNext()) {
            if (NOT_DEFINITION.contains(names.next())) {
                names.remove();
            }
        }
        return doc;
    }

    private static JsonNode read(String declared) {
        try {
            return JSON.readTree(declared);
        } catch (JsonProcessingException e) {
            // Written by declaredForm only; unreadable means tampered with, which shows as every field drifted.
            return JSON.createObjectNode();
        }
    }
}
