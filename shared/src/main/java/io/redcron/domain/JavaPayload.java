package io.redcron.domain;

import java.util.Map;
import java.util.regex.Pattern;

/**
 * A {@code TaskHandler} on the node's class path, found by its name (the handler's
 * {@code name()}, conventionally its class name), with free-form settings.
 */
public record JavaPayload(String handler, Map<String, String> settings) implements TaskPayload {
    private static final Pattern NAME = Pattern.compile("[A-Za-z_$][A-Za-z0-9_$.-]{0,255}");

    public JavaPayload {
        Checks.required("handler", handler);
        if (!NAME.matcher(handler).matches()) {
            throw new InvalidTaskException("handler", "'" + handler + "' is not a handler name (letters, digits, '.', '_', '-', '$')");
        }
        settings = settings == null ? Map.of() : Map.copyOf(settings);
        Checks.payloadMap("settings", settings);
    }

    @Override
    public TaskType type() {
        return TaskType.JAVA;
    }
}
