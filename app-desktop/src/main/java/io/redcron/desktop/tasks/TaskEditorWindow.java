package io.redcron.desktop.tasks;

import io.redcron.desktop.ui.DialogService;
import io.redcron.desktop.ui.DialogService.DialogWindow;
import io.redcron.desktop.ui.FxmlView;
import io.redcron.desktop.ui.Messages;
import io.redcron.desktop.ui.ViewLoader;
import io.redcron.desktop.ui.Views;
import io.redcron.domain.Task;

/** Opens the task editor in a window of its own: for a new task, an existing one, or a copy. */
final class TaskEditorWindow {
    private final Views views;
    private final DialogService dialogs;
    private final Messages messages;

    TaskEditorWindow(Views views, DialogService dialogs, Messages messages) {
        this.views = views;
        this.dialogs = dialogs;
        this.messages = messages;
    }

    /**
     * @param task  the task to edit or copy; null for a new one
     * @param managed what the editor says of a task an application declares in its code; empty if none
     * @param saved   runs after a save, before the window closes
     */
    void open(Task task, boolean copy, String managed, Runnable saved) {
        ViewLoader.Loaded<TaskEditorController> editor = views.open(FxmlView.TASK_EDITOR);
        if (task != null && copy) {
            editor.controller().model().duplicate(task);
        } else if (task != null) {
            editor.controller().model().edit(task);
            editor.controller().model().declaredInCode(managed);
        } else {
            editor.controller().model().startNew();
        }
        DialogWindow window = dialogs.open(messages.get(task == null || copy ? "editor.title.new" : "editor.title.edit"),
                editor.root());
        editor.controller().onSaved(done -> saved.run(), window::close);
    }
}
