package io.redcron.desktop.workflows;

import io.redcron.desktop.runs.RunsPreset;
import io.redcron.desktop.ui.DialogService;
import io.redcron.desktop.ui.FxmlView;
import io.redcron.desktop.ui.Messages;
import io.redcron.desktop.ui.ViewLoader;
import io.redcron.desktop.ui.Views;

import java.util.function.Consumer;

/**
 * Opens one workflow run's graph in a window beside the main one, which stays usable: a step's
 * run opens on the runs screen there.
 */
public final class WorkflowRunWindow {
    private final Views views;
    private final DialogService dialogs;
    private final Messages messages;
    private final Consumer<RunsPreset> openRuns;

    public WorkflowRunWindow(Views views, DialogService dialogs, Messages messages, Consumer<RunsPreset> openRuns) {
        this.views = views;
        this.dialogs = dialogs;
        this.messages = messages;
        this.openRuns = openRuns;
    }

    public void open(long runId) {
        ViewLoader.Loaded<WorkflowRunController> view = views.open(FxmlView.WORKFLOW_RUN);
        view.controller().show(runId, openRuns, id -> open(id));
        view.controller().shownIn(dialogs.openBeside(messages.get("workflows.run.window", runId), view.root()));
    }
}
