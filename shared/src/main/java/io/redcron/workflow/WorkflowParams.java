package io.redcron.workflow;

import io.redcron.domain.Identifiers;

import java.nio.charset.StandardCharsets;
import java.util.Map;

/** The rules for parameters a workflow, a step or a step's output passes on. */
public final class WorkflowParams {
    /** Parameters and outputs are small: they travel in every step run's row. */
    public static final int MAX_BYTES = 16 * 1024;

    private WorkflowParams() {
    }

    public static Map<String, String> check(String field, Map<String, String> params) {
        if (params == null) {
            return Map.of();
        }
        long bytes = 0;
        for (Map.Entry<String, String> entry : params.entrySet()) {
            if (!Identifiers.isParameterName(entry.getKey())) {
                throw new InvalidWorkflowException(field, "parameter name '" + entry.getKey()
                        + "' must match [A-Za-z_][A-Za-z0-9_]*");
            }
            if (entry.getValue() == null) {
                throw new InvalidWorkflowException(field, "parameter '" + entry.getKey() + "' has no value");
            }
            if (entry.getValue().indexOf('\0') >= 0) {
                throw new InvalidWorkflowException(field, "parameter '" + entry.getKey() + "' contains a NUL character");
            }
            bytes += entry.getKey().length() + entry.getValue().getBytes(StandardCharsets.UTF_8).length;
        }
        if (bytes > MAX_BYTES) {
            throw new InvalidWorkflowException(field, "parameters take " + bytes + " bytes, at most " + MAX_BYTES);
        }
        return Map.copyOf(params);
    }
}
