package io.redcron.node.worker.execution;

import io.redcron.domain.InvalidTaskException;
import io.redcron.domain.JavaPayload;
import io.redcron.handler.TaskHandler;

import java.util.Collection;
import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Task handlers handed to a node as objects (an embedded worker's, which are the application's
 * own), rather than found on the class path. Each needs a name a task can use, and no two may
 * share one: unlike two jars on a class path, two objects given by the same application under one
 * name are a mistake in that application, refused before the node starts.
 */
public final class GivenHandlers {
    private GivenHandlers() {
    }

    /**
     * The handlers by {@link TaskHandler#name()}, sorted.
     *
     * @throws IllegalArgumentException naming the handlers, when one has no usable name or two share one
     */
    public static Map<String, TaskHandler> byName(Collection<? extends TaskHandler> handlers) {
        Map<String, TaskHandler> named = new TreeMap<>();
        for (TaskHandler handler : handlers) {
            Objects.requireNonNull(handler, "handler");
            String name = handler.name();
            try {
                new JavaPayload(name, Map.of());
            } catch (InvalidTaskException e) {
                throw new IllegalArgumentException("Task handler " + describe(handler) + " has no name a task can use: "
                        + e.getMessage());
            }
            TaskHandler earlier = named.putIfAbsent(name, handler);
            if (earlier != null) {
                throw new IllegalArgumentException("Two task handlers are named '" + name + "': " + describe(earlier)
                        + " and " + describe(handler));
            }
        }
        return Collections.unmodifiableMap(named);
    }

    /** Its own description when it has one (an adapter naming the method it calls), else its class. */
    static String describe(TaskHandler handler) {
        String text = String.valueOf(handler);
        String identity = handler.getClass().getName() + "@" + Integer.toHexString(System.identityHashCode(handler));
        return text.equals(identity) ? handler.getClass().getName() : text;
    }
}
