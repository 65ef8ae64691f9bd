package io.redcron.desktop.ui;

/** Loads views for controllers that open others (dialogs, editors); the app context implements it. */
@FunctionalInterface
public interface Views {
    <C> ViewLoader.Loaded<C> open(FxmlView view);
}
