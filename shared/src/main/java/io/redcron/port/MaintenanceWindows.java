package io.redcron.port;

import io.redcron.domain.MaintenanceWindow;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Maintenance windows of a namespace: opened and resumed by operators (each change audited), read
 * by the leader to hold fires and by the tools to show what is paused. Times are the store's.
 */
public interface MaintenanceWindows {

    /**
     * Opens a window; it starts now when the request names no start.
     *
     * @throws io.redcron.domain.InvalidTaskException when it would start or end in the past
     */
    MaintenanceWindow open(String namespace, MaintenanceWindow.Request request, String actor);

    /**
     * Ends a window now (one that has not begun yet is called off); false when there is no such
     * window or it is over already.
     */
    boolean resume(String namespace, long id, String actor);

    Optional<MaintenanceWindow> get(String namespace, long id);

    /** The windows not over now, begun or not, oldest first. */
    List<MaintenanceWindow> current(String namespace);

    /**
     * The windows not over, and those over after {@code endedAfter}: what the leader needs to hold
     * fires and to apply the resume policy to the fires it held. Oldest first.
     */
    List<MaintenanceWindow> relevant(String namespace, Instant endedAfter);

    /** The newest windows, over or not, newest first. */
    List<MaintenanceWindow> recent(String namespace, int limit);
}
