package io.redcron.workflow;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** Case-insensitive enum parsing with an error that names the field and the allowed values. */
final class WorkflowEnums {
    private WorkflowEnums() {
    }

    static <E extends Enum<E>> E parse(Class<E> type, String field, String text) {
        if (text == null || text.isBlank()) {
            throw new InvalidWorkflowException(field, "is required (one of " + allowed(type) + ")");
        }
        String normalized = text.trim().toUpperCase(Locale.ROOT).replace('-', '_');
        for (E constant : type.getEnumConstants()) {
            if (constant.name().equals(normalized)) {
                return constant;
            }
        }
        throw new InvalidWorkflowException(field, "'" + text + "' is not one of " + allowed(type));
    }

    private static <E extends Enum<E>> String allowed(Class<E> type) {
        return Arrays.stream(type.getEnumConstants())
                .map(e -> e.name().toLowerCase(Locale.ROOT).replace('_', '-'))
                .collect(Collectors.joining(", "));
    }
}
