package io.redcron.desktop.cron;

import io.redcron.desktop.ui.Messages;
import javafx.beans.binding.Bindings;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;

import static io.redcron.desktop.ui.Cells.column;

/** The builder's next fire times, in the task's zone and the local one, with fires near a DST change marked. */
final class FireTimesTable {
    private FireTimesTable() {
    }

    static void bind(TableView<FireTime> fires, TableColumn<FireTime, String> taskTime,
                     TableColumn<FireTime, String> localTime, CronBuilderViewModel model, Messages messages) {
        fires.setItems(model.fires());
        taskTime.textProperty().bind(Bindings.createStringBinding(() -> messages.get("cron.fires.task",
                model.zoneProperty().get() == null ? "" : model.zoneProperty().get().getId()), model.zoneProperty()));
        localTime.setText(messages.get("cron.fires.local", model.localZone().getId()));
        column(taskTime, fire -> taskTimeText(fire, messages));
        column(localTime, FireTime::localText);
        fires.setRowFactory(table -> new TableRow<>() {
            @Override
            protected void updateItem(FireTime item, boolean empty) {
                super.updateItem(item, empty);
                boolean marked = !empty && item != null && item.nearDstChange();
                getStyleClass().remove("near-dst");
                if (marked) {
                    getStyleClass().add("near-dst");
                }
                setTooltip(marked ? new Tooltip(tooltip(item, messages)) : null);
            }
        });
    }

    /** What happens at the change beside the fire, after what is special about the fire itself. */
    private static String tooltip(FireTime fire, Messages messages) {
        String change = fire.dstChange().isEmpty() ? messages.get("cron.fires.dst") : fire.dstChange();
        return fire.inSecondPass() ? fire.secondPass() + "\n" + change : change;
    }

    /** A second-pass fire is always next to a change, so its own mark stands in for the warning sign. */
    private static String taskTimeText(FireTime fire, Messages messages) {
        if (fire.inSecondPass()) {
            return messages.get("cron.fires.second-pass", fire.taskText());
        }
        return fire.nearDstChange() ? "⚠ " + fire.taskText() : fire.taskText();
    }
}
