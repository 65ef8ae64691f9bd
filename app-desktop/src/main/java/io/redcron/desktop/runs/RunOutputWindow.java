package io.redcron.desktop.runs;

import io.redcron.desktop.ui.DialogService;
import javafx.fxml.FXMLLoader;
import javafx.scene.Parent;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ResourceBundle;

/**
 * Opens a run's output in a window of its own. Each window has its own run, so its controller
 * is made here for that run rather than by the app's controller factory.
 */
final class RunOutputWindow {
    private final DialogService dialogs;
    private final ResourceBundle resources;

    RunOutputWindow(DialogService dialogs, ResourceBundle resources) {
        this.dialogs = dialogs;
        this.resources = resources;
    }

    void open(RunOutputViewModel model) {
        FXMLLoader loader = new FXMLLoader(RunOutputWindow.class.getResource("RunOutputView.fxml"), resources);
        loader.setController(new RunOutputController(model, dialogs));
        Parent root;
        try {
            root = loader.load();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot load the run output view", e);
        }
        // Beside the main window, not over it: the operator keeps watching while working.
        dialogs.openBeside(model.title(), root);
        model.open();
    }
}
