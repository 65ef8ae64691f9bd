package io.redcron.desktop.silences;

import io.redcron.desktop.ui.DialogService;
import io.redcron.desktop.ui.FxmlView;
import io.redcron.desktop.ui.Messages;
import io.redcron.desktop.ui.ViewLoader;
import io.redcron.desktop.ui.Views;

/** Opens the alert silences of the namespace in a window of their own. */
public final class SilencesWindow {
    private final Views views;
    private final DialogService dialogs;
    private final Messages messages;

    public SilencesWindow(Views views, DialogService dialogs, Messages messages) {
        this.views = views;
        this.dialogs = dialogs;
        this.messages = messages;
    }

    public void open() {
        ViewLoader.Loaded<SilencesController> view = views.open(FxmlView.SILENCES);
        view.controller().model().load();
        dialogs.open(messages.get("silences.title"), view.root());
    }
}
