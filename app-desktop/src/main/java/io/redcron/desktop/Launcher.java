package io.redcron.desktop;

import javafx.application.Application;

/**
 * Entry point of the jar. It must not extend {@link Application}: the JavaFX launcher refuses a
 * main class that does when JavaFX is on the class path rather than the module path.
 */
public final class Launcher {
    private Launcher() {
    }

    public static void main(String[] args) {
        Application.launch(RedcronApp.class, args);
    }
}
