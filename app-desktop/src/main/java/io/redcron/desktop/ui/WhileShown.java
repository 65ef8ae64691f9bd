package io.redcron.desktop.ui;

import javafx.animation.Animation;
import javafx.animation.KeyFrame;
import javafx.animation.Timeline;
import javafx.scene.Node;
import javafx.util.Duration;

/**
 * Periodic work of a screen (live refresh, countdowns) that runs only while the screen is in a
 * window: leaving the screen, or the window showing another view, stops it.
 */
public final class WhileShown {
    private WhileShown() {
    }

    public static Timeline repeat(Node root, Duration every, Runnable action) {
        return repeat(root, every, action, () -> { });
    }

    /** @param onHidden also run when the screen leaves its window (for example, stop following a stream) */
    public static Timeline repeat(Node root, Duration every, Runnable action, Runnable onHidden) {
        Timeline timeline = new Timeline(new KeyFrame(every, e -> action.run()));
        timeline.setCycleCount(Animation.INDEFINITE);
        root.sceneProperty().addListener((o, old, scene) -> {
            if (scene == null) {
                timeline.stop();
                onHidden.run();
            } else {
                timeline.play();
            }
        });
        return timeline;
    }
}
