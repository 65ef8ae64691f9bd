package io.redcron.desktop.ui;

import javafx.fxml.FXMLLoader;
import javafx.scene.Parent;
import javafx.util.Callback;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URL;

/** Loads an {@link FxmlView} with the UI's messages and controllers from the factory. */
public final class ViewLoader {
    private final Messages messages;
    private final Callback<Class<?>, Object> controllers;

    public ViewLoader(Messages messages, Callback<Class<?>, Object> controllers) {
        this.messages = messages;
        this.controllers = controllers;
    }

    public <C> Loaded<C> load(FxmlView view) {
        URL resource = ViewLoader.class.getResource("/io/redcron/desktop/" + view.path());
        if (resource == null) {
            throw new IllegalStateException("missing view " + view.path());
        }
        FXMLLoader loader = new FXMLLoader(resource, messages.bundle());
        loader.setControllerFactory(controllers);
        try {
            Parent root = loader.load();
            return new Loaded<>(root, loader.getController());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot load view " + view.path(), e);
        }
    }

    public record Loaded<C>(Parent root, C controller) {
    }
}
