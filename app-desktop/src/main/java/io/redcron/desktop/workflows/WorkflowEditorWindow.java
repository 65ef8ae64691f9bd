package io.redcron.desktop.workflows;

import io.redcron.desktop.ui.DialogService;
import io.redcron.desktop.ui.DialogService.DialogWindow;
import io.redcron.desktop.ui.FxmlView;
import io.redcron.desktop.ui.Messages;
import io.redcron.desktop.ui.ViewLoader;
import io.redcron.desktop.ui.Views;
import io.redcron.workflow.Workflow;

import java.util.function.Consumer;

/** Opens the workflow editor in a window of its own, on a new workflow or an existing one. */
public final class WorkflowEditorWindow {
    private final Views views;
    private final DialogService dialogs;
    private final Messages messages;

    public WorkflowEditorWindow(Views views, DialogService dialogs, Messages messages) {
        this.views = views;
        this.dialogs = dialogs;
        this.messages = messages;
    }

    /**
     * @param workflow the workflow to edit; null for a new one
     * @param saved    gets the stored workflow after a save, before the window closes
     */
    public void open(Workflow workflow, Consumer<Workflow> saved) {
        ViewLoader.Loaded<WorkflowEditorController> editor = views.open(FxmlView.WORKFLOW_EDITOR);
        if (workflow == null) {
            editor.controller().model().startNew();
        } else {
            editor.controller().model().edit(workflow);
        }
        DialogWindow window = dialogs.open(messages.get(workflow == null ? "workflows.editor.title.new"
                : "workflows.editor.title.edit", workflow == null ? "" : workflow.name()), editor.root());
        editor.controller().onSaved(saved, window::close);
    }
}
