package io.redcron.desktop.calendars;

import io.redcron.desktop.ui.DialogService;
import io.redcron.desktop.ui.FxmlView;
import io.redcron.desktop.ui.Messages;
import io.redcron.desktop.ui.ViewLoader;
import io.redcron.desktop.ui.Views;

/** Opens the calendars window beside the main one, on the namespace shown. */
public final class CalendarsWindow {
    private final Views views;
    private final DialogService dialogs;
    private final Messages messages;

    public CalendarsWindow(Views views, DialogService dialogs, Messages messages) {
        this.views = views;
        this.dialogs = dialogs;
        this.messages = messages;
    }

    public void open() {
        ViewLoader.Loaded<CalendarsController> view = views.open(FxmlView.CALENDARS);
        view.controller().shownIn(dialogs.openBeside(messages.get("calendars.title"), view.root()));
    }
}
