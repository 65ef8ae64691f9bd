package io.redcron.desktop.runs;

import io.redcron.desktop.ui.DialogService;
import io.redcron.desktop.ui.DialogService.DialogWindow;
import io.redcron.desktop.ui.FxmlView;
import io.redcron.desktop.ui.ViewLoader;
import io.redcron.desktop.ui.Views;
import io.redcron.domain.Run;

import java.util.function.Consumer;

/** The trigger view in its window: loaded once, emptied each time it is asked for, never shown twice. */
final class TriggerWindow {
    private final Views views;
    private final DialogService dialogs;
    private final String title;
    private final Consumer<Run> triggered;
    private ViewLoader.Loaded<TriggerController> view;
    private DialogWindow window;

    TriggerWindow(Views views, DialogService dialogs, String title, Consumer<Run> triggered) {
        this.views = views;
        this.dialogs = dialogs;
        this.title = title;
        this.triggered = triggered;
    }

    /** Shows the empty form, for the task given (or none). */
    void show(String task) {
        if (view == null) {
            view = views.open(FxmlView.TRIGGER);
        }
        view.controller().model().reset(task);
        if (window != null && window.isShowing()) {
            window.toFront();
            return;
        }
        window = dialogs.open(title, view.root());
        view.controller().shownIn(window, triggered);
    }
}
