package io.redcron.spring;

import io.redcron.client.HttpRedcronClient;
import io.redcron.client.ReconcileResult;
import io.redcron.client.RedcronClientException;
import io.redcron.client.TaskDeclaration;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.core.env.Environment;

import java.util.List;

/**
 * Reconciles the tasks the application declares in code with the store, once every bean exists
 * and before the application serves anything: a declaration the node refuses, or a node that
 * cannot be reached, stops the application's start with one line naming the task's place and
 * field, rather than leaving it running on tasks nobody declared.
 */
final class ManagedTaskReconciler implements SmartInitializingSingleton {
    private static final Log LOG = LogFactory.getLog(ManagedTaskReconciler.class);

    private final HttpRedcronClient client;
    private final RedcronTasksProperties properties;
    private final ConfigurableListableBeanFactory beans;
    private final Environment environment;
    private final String buildVersion;

    ManagedTaskReconciler(HttpRedcronClient client, RedcronTasksProperties properties,
                          ConfigurableListableBeanFactory beans, Environment environment, String buildVersion) {
        this.client = client;
        this.properties = properties;
        this.beans = beans;
        this.environment = environment;
        this.buildVersion = buildVersion;
    }

    @Override
    public void afterSingletonsInstantiated() {
        List<TaskDeclaration> tasks = DeclaredTasks.of(RedcronTaskMethods.in(beans),
                List.copyOf(beans.getBeansOfType(TaskDeclaration.class).values()), environment);
        boolean reconcile = properties.getReconcile() != null ? properties.getReconcile() : !tasks.isEmpty();
        if (!reconcile) {
            return;
        }
        String application = application();
        String version = version();
        try {
            ReconcileResult result = client.reconcile(application, version, tasks, properties.getEdits(),
                    properties.getRemoved());
            LOG.info("Redcron: the " + tasks.size() + " tasks of " + application + " " + version + " in namespace '"
                    + client.namespace() + "' are reconciled: created " + result.created() + ", updated "
                    + result.updated() + ", unchanged " + result.unchanged() + ", let go " + result.removed());
        } catch (RedcronClientException e) {
            throw new IllegalStateException("Redcron could not reconcile the tasks of " + application + " " + version
                    + ": " + e.getMessage(), e);
        }
    }

    private String application() {
        String name = properties.getApplication() != null ? properties.getApplication()
                : environment.getProperty("spring.application.name");
        if (name == null || name.isBlank()) {
            throw new IllegalStateException("redcron.tasks.application: name the application whose tasks these are"
                    + " (or set spring.application.name)");
        }
        return name;
    }

    private String version() {
        if (properties.getVersion() != null) {
            return properties.getVersion();
        }
        return buildVersion != null ? buildVersion : "unversioned";
    }
}
