package io.redcron.desktop.maintenance;

import io.redcron.desktop.ui.DialogService;
import io.redcron.desktop.ui.FxmlView;
import io.redcron.desktop.ui.Messages;
import io.redcron.desktop.ui.ViewLoader;
import io.redcron.desktop.ui.Views;
import io.redcron.domain.MaintenanceWindow;

import java.util.function.Consumer;

/** Opens the Pause dialog in a window of its own, over the namespace shown. */
public final class PauseDialog {
    private final Views views;
    private final DialogService dialogs;
    private final Messages messages;

    public PauseDialog(Views views, DialogService dialogs, Messages messages) {
        this.views = views;
        this.dialogs = dialogs;
        this.messages = messages;
    }

    /** @param opened told of the window the dialog opened, once the store has it (the dialog is closed then) */
    public void open(Consumer<MaintenanceWindow> opened) {
        ViewLoader.Loaded<PauseController> view = views.open(FxmlView.PAUSE);
        view.controller().shownIn(dialogs.open(messages.get("maintenance.pause.title"), view.root()), opened);
    }
}
