package io.redcron.desktop;

import javafx.application.Application;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;

import java.util.Locale;
import java.util.ResourceBundle;

/** The desktop application's shell: one window, in the operator's language. */
public final class RedcronApp extends Application {
    static final String BUNDLE = "io.redcron.desktop.messages";

    @Override
    public void start(Stage stage) {
        ResourceBundle messages = ResourceBundle.getBundle(BUNDLE, Locale.getDefault());
        Label title = new Label(messages.getString("app.title"));
        title.setId("title");
        title.setStyle("-fx-font-size: 24px; -fx-font-weight: bold;");
        Label subtitle = new Label(messages.getString("app.subtitle"));
        subtitle.setId("subtitle");
        VBox root = new VBox(12, title, subtitle);
        root.setAlignment(Pos.CENTER);
        root.setPadding(new Insets(32));
        stage.setTitle(messages.getString("app.title"));
        stage.setScene(new Scene(root, 960, 640));
        stage.show();
    }
}
