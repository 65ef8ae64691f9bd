package io.redcron.desktop.ui;

import javafx.geometry.Rectangle2D;
import javafx.stage.Screen;
import javafx.stage.Stage;

import java.util.prefs.Preferences;

/**
 * Where the main window opens: where the user left it, if that is still on a screen; otherwise a
 * size that fits the screen it opens on (a 1366×768 laptop included), centred. Saved when the
 * window closes, in the user's Java preferences.
 */
public final class WindowPlacement {
    /** Room every column of the main screens needs to be readable. */
    static final double PREFERRED_WIDTH = 1340;
    static final double PREFERRED_HEIGHT = 720;

    private final Preferences node;

    public WindowPlacement(Preferences node) {
        this.node = node;
    }

    public static WindowPlacement forMainWindow() {
        return new WindowPlacement(Preferences.userRoot().node("io/redcron/desktop/window"));
    }

    /** The size the scene starts with on a screen of {@code bounds} (its usable area). */
    static double[] defaultSize(Rectangle2D bounds) {
        return new double[] {Math.min(PREFERRED_WIDTH, bounds.getWidth()), Math.min(PREFERRED_HEIGHT, bounds.getHeight())};
    }

    /** Places {@code stage} (before it is shown) and remembers where it is when it closes. */
    public void apply(Stage stage) {
        Rectangle2D bounds = Screen.getPrimary().getVisualBounds();
        double x = node.getDouble("x", Double.NaN);
        double y = node.getDouble("y", Double.NaN);
        double width = node.getDouble("width", Double.NaN);
        double height = node.getDouble("height", Double.NaN);
        boolean saved = !Double.isNaN(x) && !Double.isNaN(width)
                && !Screen.getScreensForRectangle(x, y, Math.max(1, width), Math.max(1, height)).isEmpty();
        if (saved) {
            stage.setX(x);
            stage.setY(y);
            stage.setWidth(width);
            stage.setHeight(height);
            stage.setMaximized(node.getBoolean("maximized", false));
        } else {
            double[] size = defaultSize(bounds);
            stage.setWidth(size[0]);
            stage.setHeight(size[1]);
            stage.setX(bounds.getMinX() + (bounds.getWidth() - size[0]) / 2);
            stage.setY(bounds.getMinY() + (bounds.getHeight() - size[1]) / 2);
        }
        stage.setOnHidden(e -> save(stage));
    }

    private void save(Stage stage) {
        node.putBoolean("maximized", stage.isMaximized());
        if (!stage.isMaximized()) {
            node.putDouble("x", stage.getX());
            node.putDouble("y", stage.getY());
            node.putDouble("width", stage.getWidth());
            node.putDouble("height", stage.getHeight());
        }
    }
}
