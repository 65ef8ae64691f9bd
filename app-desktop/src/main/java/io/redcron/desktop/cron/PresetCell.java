package io.redcron.desktop.cron;

import io.redcron.desktop.ui.Messages;
import io.redcron.schedule.CronDialect;
import javafx.beans.binding.Bindings;
import javafx.beans.value.ObservableValue;
import javafx.scene.control.ListCell;

/** A preset in the builder's list, greyed out while the chosen dialect cannot express it. */
final class PresetCell extends ListCell<CronPreset> {
    private final Messages messages;
    private final ObservableValue<CronDialect> dialect;

    PresetCell(Messages messages, ObservableValue<CronDialect> dialect) {
        this.messages = messages;
        this.dialect = dialect;
    }

    @Override
    protected void updateItem(CronPreset item, boolean empty) {
        super.updateItem(item, empty);
        setText(empty || item == null ? null : messages.get(item.labelKey()));
        disableProperty().unbind();
        if (!empty && item != null) {
            disableProperty().bind(Bindings.createBooleanBinding(() -> !item.availableIn(dialect.getValue()), dialect));
        }
    }
}
