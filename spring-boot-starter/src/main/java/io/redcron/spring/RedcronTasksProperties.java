package io.redcron.spring;

import io.redcron.client.EditPolicy;
import io.redcron.client.RemovedTasks;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * {@code redcron.tasks.*}: how the tasks an application declares in code ({@link RedcronTask}
 * methods and {@link io.redcron.client.TaskDeclaration} beans) are reconciled at its start.
 */
@ConfigurationProperties("redcron.tasks")
public class RedcronTasksProperties {
    /**
     * Whether to reconcile at start: unset means only when the application declares tasks; set it
     * to true to reconcile an empty set too, which lets go of every task the application managed.
     */
    private Boolean reconcile;
    /** The application the tasks are managed by; {@code spring.application.name} when unset. */
    private String application;
    /** The application's version, shown with its tasks; the build's version when unset (build-info). */
    private String version;
    /** What edits of its tasks made outside its code get: {@code warn} or {@code refuse}. */
    private EditPolicy edits = EditPolicy.WARN;
    /** What becomes of a task the application no longer declares: {@code disable}, {@code delete} or {@code keep}. */
    private RemovedTasks removed = RemovedTasks.DISABLE;

    public Boolean getReconcile() {
        return reconcile;
    }

    public void setReconcile(Boolean reconcile) {
        this.reconcile = reconcile;
    }

    public String getApplication() {
        return application;
    }

    public void setApplication(String application) {
        this.application = application;
    }

    public String getVersion() {
        return version;
    }

    public void setVersion(String version) {
        this.version = version;
    }

    public EditPolicy getEdits() {
        return edits;
    }

    public void setEdits(EditPolicy edits) {
        this.edits = edits;
    }

    public RemovedTasks getRemoved() {
        return removed;
    }

    public void setRemoved(RemovedTasks removed) {
        this.removed = removed;
    }
}
