package io.redcron.node.scheduler;

import io.redcron.domain.MaintenanceWindow;
import io.redcron.domain.Task;
import io.redcron.port.MaintenanceWindows;
import io.redcron.schedule.FireRules;
import io.redcron.schedule.PauseWindow;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The maintenance windows over each task, as the leader plans fires: read again at most once
 * {@link #REFRESH}, so a window opened or resumed reaches the scheduler within it.
 *
 * <p>Windows that ended within {@link MaintenanceWindow#LOOK_BACK} are kept too: a task held by one is planned
 * after it ends, and its held fires then follow the window's resume policy, not the misfire
 * policy. When the windows cannot be read the last copy stays: a database hiccup neither lets
 * paused fires through nor holds fires nobody paused.
 */
public final class MaintenanceWindowRules implements TaskFireRules {
    static final Duration REFRESH = Duration.ofSeconds(1);
    private static final Logger LOG = LoggerFactory.getLogger(MaintenanceWindowRules.class);

    private final String namespace;
    private final MaintenanceWindows store;
    private List<MaintenanceWindow> windows = List.of();
    private Map<Long, MaintenanceWindow> byId = Map.of();
    private Instant readAt = Instant.MIN;

    public MaintenanceWindowRules(String namespace, MaintenanceWindows store) {
        this.namespace = namespace;
        this.store = store;
    }

    @Override
    public void refresh(Instant now) {
        if (now.isBefore(readAt.plus(REFRESH)) && !now.isBefore(readAt)) {
            return; // read less than a second ago (a clock stepped back reads again at once)
        }
        try {
            List<MaintenanceWindow> read = store.relevant(namespace, now.minus(MaintenanceWindow.LOOK_BACK));
            Map<Long, MaintenanceWindow> ids = new HashMap<>();
            read.forEach(window -> ids.put(window.id(), window));
            windows = read;
            byId = ids;
            readAt = now;
        } catch (RuntimeException e) {
            LOG.warn("Maintenance windows of {} not read, the last ones read still apply: {}", namespace,
                    e.getMessage());
        }
    }

    @Override
    public FireRules of(Task task) {
        return FireRules.NONE.withWindows(over(task));
    }

    /** The windows over this task's namespace or group. */
    List<PauseWindow> over(Task task) {
        if (windows.isEmpty()) {
            return List.of();
        }
        List<PauseWindow> over = new ArrayList<>();
        for (MaintenanceWindow window : windows) {
            if (window.covers(task.group())) {
                over.add(window.pause());
            }
        }
        return over;
    }

    @Override
    public boolean holds(long windowId, Instant now) {
        MaintenanceWindow window = byId.get(windowId);
        return window != null && !window.isOverAt(now);
    }
}
