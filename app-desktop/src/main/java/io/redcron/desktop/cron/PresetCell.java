package io.redcron.desktop.cron;

import io.redcron.desktop.ui.Messages;
import io.redcron.schedule.CronDialect;
import javafx.beans.binding.Bindings;
import javafx.beans.value.ObservableValue;
import javafx.scene.control.ListCell;

/** A preset in the builder's list, greyed out with the reason while the chosen dialect cannot express it. */
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
        disableProperty().unbind();
        textProperty().unbind();
        if (empty || item == null) {
            setText(null);
            return;
        }
        disableProperty().bind(Bindings.createBooleanBinding(() -> !item.availableIn(dialect.getValue()), dialect));
        // A disabled cell takes no hover, so a tooltip would never show: the reason goes on the line itself.
        textProperty().bind(Bindings.createStringBinding(() -> item.unavailableReason(dialect.getValue())
                .map(reason -> messages.get("cron.preset.unavailable.label", messages.get(item.labelKey()),
                        messages.get(reason)))
                .orElse(messages.get(item.labelKey())), dialect));
    }
}
