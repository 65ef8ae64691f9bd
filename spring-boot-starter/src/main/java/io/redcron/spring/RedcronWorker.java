package io.redcron.spring;

import io.redcron.handler.TaskHandler;
import io.redcron.node.embedded.EmbeddedWorker;

import java.util.List;
import java.util.Map;
import java.util.Set;

import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.core.env.Environment;

/**
 * The application's embedded worker ({@link EmbeddedWorker}) as a Spring lifecycle: it starts once
 * the context is refreshed, with the application's handler beans and {@link RedcronTask} methods
 * (see {@link HandlerBeans}), and drains when the context closes. Its phase is the default one, so
 * it starts after the application's other lifecycle beans (the web server included) and stops
 * before them; the beans its handlers use, the {@code DataSource} among them, are destroyed only
 * after every lifecycle has stopped. Stopping blocks until the drain is done, whatever Spring's
 * timeout per shutdown phase.
 */
public class RedcronWorker implements SmartLifecycle {
    private static final String NAMESPACE_SETTING = "node.namespace";

    private final RedcronWorkerProperties properties;
    private final Environment environment;
    private final ListableBeanFactory beans;
    private volatile EmbeddedWorker worker;

    public RedcronWorker(RedcronWorkerProperties properties, Environment environment, ListableBeanFactory beans) {
        this.properties = properties;
        this.environment = environment;
        this.beans = beans;
    }

    @Override
    public synchronized void start() {
        if (worker != null) {
            return;
        }
        List<TaskHandler> handlers = HandlerBeans.find(beans);
        EmbeddedWorker.Builder builder = EmbeddedWorker.builder().group(WorkerGroup.of(environment));
        Map<String, String> settings = properties.getSettings();
        if (!settings.containsKey(NAMESPACE_SETTING)) {
            builder.setting(NAMESPACE_SETTING, environment.getProperty("redcron.namespace", "default"));
        }
        builder.settings(settings);
        if (properties.getSlots() != null) {
            builder.slots(properties.getSlots());
        }
        if (properties.getDrainTimeout() != null) {
            builder.drainTimeout(properties.getDrainTimeout());
        }
        worker = builder.handlers(handlers).build().start();
    }

    /** Drains: takes no more runs, lets those in flight finish within the drain timeout, hands back the rest. */
    @Override
    public synchronized void stop() {
        if (worker != null) {
            worker.close();
            worker = null;
        }
    }

    @Override
    public boolean isRunning() {
        return worker != null;
    }

    /** Its name in the node list; empty while it is not running. */
    public String nodeId() {
        EmbeddedWorker running = worker;
        return running == null ? "" : running.nodeId();
    }

    /** The names of the handlers it runs, sorted; empty while it is not running. */
    public Set<String> handlerNames() {
        EmbeddedWorker running = worker;
        return running == null ? Set.of() : running.handlerNames();
    }
}
