package io.redcron.desktop.cron;

import io.redcron.desktop.ui.Messages;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.IntegerProperty;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.Spinner;
import javafx.scene.control.TextField;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.util.StringConverter;

import java.util.ArrayList;
import java.util.List;

/** One field's row in the builder: what shape it has, the values of that shape, its text and its error. */
final class CronFieldPicker extends VBox {
    static final String ERROR_STYLE = "field-error";

    private final List<Object> keep = new ArrayList<>();

    CronFieldPicker(CronFieldModel field, Messages messages) {
        CronPart part = field.part();
        setId("field-" + part.id());
        getStyleClass().add("cron-field");
        setSpacing(2);

        Label name = new Label(messages.get(part.labelKey()));
        name.getStyleClass().add("field-name");
        name.setMinWidth(110);

        ComboBox<FieldForm> form = new ComboBox<>(field.choices());
        form.setId(part.id() + "-form");
        form.setConverter(new StringConverter<>() {
            @Override
            public String toString(FieldForm value) {
                return value == null ? "" : messages.get(value.labelKey());
            }

            @Override
            public FieldForm fromString(String text) {
                return null;
            }
        });
        form.valueProperty().bindBidirectional(field.formProperty());
        form.setPrefWidth(210);

        HBox editors = new HBox(6);
        editors.setAlignment(Pos.CENTER_LEFT);
        editors.getChildren().addAll(
                editor(field, FieldForm.RANGE, spinner(field.fromProperty(), field, part.id() + "-from"),
                        new Label("–"), spinner(field.toProperty(), field, part.id() + "-to")),
                editor(field, FieldForm.STEP, new Label(messages.get("cron.picker.start")),
                        spinner(field.fromProperty(), field, part.id() + "-start"),
                        new Label(messages.get("cron.picker.every")),
                        Spinners.bind(named(part.id() + "-step"), field.stepProperty(), 1,
                                part.maxStep(), keep)),
                editor(field, FieldForm.LIST, list(field, messages)));
        if (part == CronPart.DAY_OF_MONTH) {
            editors.getChildren().addAll(
                    editor(field, FieldForm.LAST_DAY, new Label(messages.get("cron.picker.days-before-last")),
                            Spinners.bind(named(part.id() + "-offset"), field.nProperty(), 0, 30, keep)),
                    editor(field, FieldForm.NEAREST_WEEKDAY, new Label(messages.get("cron.picker.nearest-to")),
                            spinner(field.fromProperty(), field, part.id() + "-nearest")));
        }
        if (part == CronPart.DAY_OF_WEEK) {
            editors.getChildren().addAll(
                    editor(field, FieldForm.NTH, spinner(field.fromProperty(), field, part.id() + "-day"),
                            new Label("#"), Spinners.bind(named(part.id() + "-nth"), field.nProperty(), 1, 5, keep)),
                    editor(field, FieldForm.LAST_OF, spinner(field.fromProperty(), field, part.id() + "-last-day")));
        }
        editors.getChildren().add(editor(field, FieldForm.CUSTOM, new Label(messages.get("cron.picker.custom"))));

        Region gap = new Region();
        HBox.setHgrow(gap, Priority.ALWAYS);
        Label text = new Label();
        text.setId(part.id() + "-text");
        text.getStyleClass().add("field-text");
        text.textProperty().bind(field.textProperty());

        HBox line = new HBox(8, name, form, editors, gap, text);
        line.setAlignment(Pos.CENTER_LEFT);
        getChildren().add(line);
        if (part == CronPart.DAY_OF_WEEK || part == CronPart.MONTH) {
            Label hint = new Label();
            hint.getStyleClass().add("field-hint");
            hint.textProperty().bind(Bindings.createStringBinding(() -> messages.get(part == CronPart.MONTH
                    ? "cron.hint.month" : field.lowProperty().get() == 1 ? "cron.hint.dow.quartz" : "cron.hint.dow"),
                    field.lowProperty()));
            getChildren().add(hint);
        }

        Label error = new Label();
        error.setId(part.id() + "-error");
        error.getStyleClass().addAll("danger", "field-error-text");
        error.setWrapText(true);
        error.textProperty().bind(field.errorProperty());
        error.visibleProperty().bind(field.errorProperty().isNotEmpty());
        error.managedProperty().bind(error.visibleProperty());
        getChildren().add(error);

        field.errorProperty().addListener((o, old, now) -> markError(!now.isEmpty()));
        markError(!field.errorProperty().get().isEmpty());
        visibleProperty().bind(field.presentProperty());
        managedProperty().bind(visibleProperty());
    }

    private void markError(boolean failed) {
        getStyleClass().remove(ERROR_STYLE);
        if (failed) {
            getStyleClass().add(ERROR_STYLE);
        }
    }

    private Spinner<Integer> spinner(IntegerProperty value, CronFieldModel field, String id) {
        return Spinners.bind(named(id), value, field.lowProperty(), field.highProperty(), keep);
    }

    private static Spinner<Integer> named(String id) {
        Spinner<Integer> spinner = new Spinner<>();
        spinner.setId(id);
        spinner.setPrefWidth(90);
        return spinner;
    }

    private TextField list(CronFieldModel field, Messages messages) {
        TextField list = new TextField();
        list.setId(field.part().id() + "-list");
        list.setPromptText(messages.get("cron.picker.list.prompt"));
        list.setPrefColumnCount(14);
        list.textProperty().bindBidirectional(field.listProperty());
        return list;
    }

    private static Node editor(CronFieldModel field, FieldForm form, Node... children) {
        HBox box = new HBox(4, children);
        box.setAlignment(Pos.CENTER_LEFT);
        BooleanBinding shown = field.formProperty().isEqualTo(form);
        box.visibleProperty().bind(shown);
        box.managedProperty().bind(shown);
        return box;
    }
}
