package io.redcron.desktop.runs;

import io.redcron.desktop.ui.Cells;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

import java.util.ResourceBundle;

/** One {@code name = value} line of the trigger view, with its problem under it. */
final class ParamRowView extends VBox {

    ParamRowView(ParamRow param, ResourceBundle resources, Runnable remove) {
        super(2);
        TextField name = new TextField();
        name.setPromptText(resources.getString("runs.trigger.param.name"));
        name.textProperty().bindBidirectional(param.nameProperty());
        TextField value = new TextField();
        value.setPromptText(resources.getString("runs.trigger.param.value"));
        value.textProperty().bindBidirectional(param.valueProperty());
        HBox.setHgrow(value, Priority.ALWAYS);
        Button removeButton = new Button("✕");
        removeButton.getStyleClass().add("flat");
        removeButton.setOnAction(e -> remove.run());
        Label problem = new Label();
        problem.getStyleClass().add("danger");
        problem.setWrapText(true);
        problem.setMinHeight(Region.USE_PREF_SIZE);
        problem.textProperty().bind(param.errorProperty());
        Cells.showOnlyWithText(problem);
        getChildren().setAll(new HBox(6, name, new Label("="), value, removeButton), problem);
    }
}
