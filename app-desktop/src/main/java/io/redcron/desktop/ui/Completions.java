package io.redcron.desktop.ui;

import javafx.geometry.Side;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.CustomMenuItem;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;

import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * A list of completions under a text field: as the user types (once typing pauses), the values
 * that {@code source} finds for the text are offered; picking one puts it in the field. The
 * source looks them up off the JavaFX thread and answers on it.
 */
public final class Completions {
    private final TextField field;
    private final BiConsumer<String, Consumer<List<String>>> source;
    private final Debouncer pause;
    private final ContextMenu menu = new ContextMenu();
    private boolean picking;

    private Completions(TextField field, BiConsumer<String, Consumer<List<String>>> source, Debouncer pause) {
        this.field = field;
        this.source = source;
        this.pause = pause;
        menu.getStyleClass().add("completions");
    }

    /** @param source given the typed text, finds the completions and hands them to the consumer */
    public static Completions attach(TextField field, BiConsumer<String, Consumer<List<String>>> source,
                                     Debouncer pause) {
        Completions completions = new Completions(field, source, pause);
        field.textProperty().addListener((o, old, now) -> {
            if (!completions.picking && field.isFocused()) {
                pause.schedule(completions::ask);
            }
        });
        field.focusedProperty().addListener((o, was, focused) -> {
            if (!focused) {
                completions.menu.hide();
            }
        });
        return completions;
    }

    private void ask() {
        String typed = field.getText() == null ? "" : field.getText();
        source.accept(typed, values -> show(typed, values));
    }

    private void show(String typed, List<String> values) {
        // An answer for text that has changed since, or for a field left meanwhile, is not shown.
        if (!typed.equals(field.getText()) || !field.isFocused() || field.getScene() == null
                || values.isEmpty() || values.equals(List.of(typed))) {
            menu.hide();
            return;
        }
        menu.getItems().clear();
        for (String value : values) {
            // A CustomMenuItem with a label: a menu item would take "_" in a value as a mnemonic.
            Label text = new Label(value);
            text.setMnemonicParsing(false);
            CustomMenuItem item = new CustomMenuItem(text, true);
            item.setOnAction(e -> pick(value));
            menu.getItems().add(item);
        }
        if (!menu.isShowing()) {
            menu.show(field, Side.BOTTOM, 0, 0);
        }
    }

    private void pick(String value) {
        picking = true;
        try {
            field.setText(value);
            field.positionCaret(value.length());
        } finally {
            picking = false;
        }
        menu.hide();
    }

    /** The menu the completions are shown in. */
    public ContextMenu menu() {
        return menu;
    }
}
