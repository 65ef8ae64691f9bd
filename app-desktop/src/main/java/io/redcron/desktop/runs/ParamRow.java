package io.redcron.desktop.runs;

import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/** One {@code name=value} line of the trigger dialog, with the problem found in it, if any. */
public final class ParamRow {
    private final StringProperty name = new SimpleStringProperty("");
    private final StringProperty value = new SimpleStringProperty("");
    private final StringProperty error = new SimpleStringProperty("");

    public ParamRow() {
    }

    public ParamRow(String name, String value) {
        this.name.set(name);
        this.value.set(value);
    }

    boolean isBlank() {
        return name.get().isBlank() && value.get().isEmpty();
    }

    public StringProperty nameProperty() { return name; }
    public StringProperty valueProperty() { return value; }
    public StringProperty errorProperty() { return error; }
}
