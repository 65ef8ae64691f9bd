package io.redcron.spring;

import org.springframework.core.env.Environment;

/**
 * The routing group of the application's embedded worker, which its {@link RedcronTask} tasks are
 * routed to: {@code redcron.worker.group}, else the application's name, so that no other worker,
 * lacking the application's handlers, claims their runs.
 */
public final class WorkerGroup {
    public static final String PROPERTY = "redcron.worker.group";
    static final String FALLBACK = "application";

    private WorkerGroup() {
    }

    public static String of(Environment environment) {
        return environment.getProperty(PROPERTY, environment.getProperty("spring.application.name", FALLBACK));
    }
}
