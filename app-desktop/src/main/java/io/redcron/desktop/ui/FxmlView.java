package io.redcron.desktop.ui;

/** Every FXML file of the app; a view is loaded only through this list. */
public enum FxmlView {
    MAIN("main/MainView.fxml"),
    CONNECT("connect/ConnectView.fxml"),
    TASKS("tasks/TasksView.fxml"),
    TASK_EDITOR("tasks/TaskEditorView.fxml"),
    CRON_BUILDER("cron/CronBuilderView.fxml"),
    DASHBOARD("dashboard/DashboardView.fxml"),
    RUNS("runs/RunsView.fxml"),
    TRIGGER("runs/TriggerView.fxml"),
    AUDIT("audit/AuditView.fxml"),
    QUEUES("queues/QueuesView.fxml"),
    CLUSTER("cluster/ClusterView.fxml"),
    RETENTION("retention/RetentionView.fxml"),
    PAUSE("maintenance/PauseView.fxml"),
    SILENCES("silences/SilencesView.fxml"),
    CALENDARS("calendars/CalendarsView.fxml"),
    WORKFLOWS("workflows/WorkflowsView.fxml"),
    WORKFLOW_EDITOR("workflows/WorkflowEditorView.fxml"),
    WORKFLOW_RUN("workflows/WorkflowRunView.fxml");

    private final String path;

    FxmlView(String path) {
        this.path = path;
    }

    /** The resource path, relative to {@code io/redcron/desktop/}. */
    public String path() {
        return path;
    }
}
