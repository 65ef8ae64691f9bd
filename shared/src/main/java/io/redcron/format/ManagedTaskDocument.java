package io.redcron.format;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.redcron.domain.ManagedTask;
import io.redcron.domain.Task;

import java.time.ZoneOffset;

/**
 * The {@code managed} section of a task document, written by {@code task show --json} and the API
 * for a task an application declares in its code: which application and version, what edits made
 * elsewhere get, when it last reconciled, and the fields that drifted from the declaration. A task
 * file may carry it back; reading ignores it, as it does the timestamps.
 */
public final class ManagedTaskDocument {
    public static final String FIELD = "managed";

    private ManagedTaskDocument() {
    }

    public static ObjectNode write(ManagedTask managed, Task current) {
        ObjectNode doc = JsonNodeFactory.instance.objectNode();
        doc.put("application", managed.application());
        doc.put("version", managed.version());
        doc.put("edits", managed.edits().id());
        doc.put("reconciledAt", TaskDocument.instant(managed.reconciledAt(), ZoneOffset.UTC));
        ArrayNode drift = doc.putArray("drift");
        for (ManagedDrift.Difference difference : ManagedDrift.of(managed, current)) {
            ObjectNode field = drift.addObject();
            field.put("field", difference.field());
            field.put("declared", difference.declared());
            field.put("current", difference.current());
        }
        return doc;
    }
}
