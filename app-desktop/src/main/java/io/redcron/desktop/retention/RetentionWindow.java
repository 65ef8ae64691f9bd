package io.redcron.desktop.retention;

import io.redcron.desktop.ui.DialogService;
import io.redcron.desktop.ui.FxmlView;
import io.redcron.desktop.ui.Messages;
import io.redcron.desktop.ui.ViewLoader;
import io.redcron.desktop.ui.Views;

/** Opens the retention dialog in a window of its own, on the namespace's policy or one task's. */
public final class RetentionWindow {
    private final Views views;
    private final DialogService dialogs;
    private final Messages messages;

    public RetentionWindow(Views views, DialogService dialogs, Messages messages) {
        this.views = views;
        this.dialogs = dialogs;
        this.messages = messages;
    }

    public void openNamespace() {
        ViewLoader.Loaded<RetentionController> view = views.open(FxmlView.RETENTION);
        view.controller().model().forNamespace();
        show(view);
    }

    public void openTask(long taskId, String name) {
        ViewLoader.Loaded<RetentionController> view = views.open(FxmlView.RETENTION);
        view.controller().model().forTask(taskId, name);
        show(view);
    }

    private void show(ViewLoader.Loaded<RetentionController> view) {
        view.controller().shownIn(dialogs.open(messages.get("retention.title"), view.root()));
    }
}
