package io.redcron.desktop.cron;

import io.redcron.desktop.ui.Messages;
import javafx.beans.binding.Bindings;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;

import static io.redcron.desktop.ui.Cells.column;

/**
 * The builder's next fire times, in the task's zone and the local one, with fires near a DST change
 * marked, and the fires a business calendar leaves out struck through with the reason beside them:
 * still listed, so the operator sees what the calendar skips.
 */
final class FireTimesTable {
    private FireTimesTable() {
    }

    static void bind(TableView<FireTime> fires, TableColumn<FireTime, String> taskTime,
                     TableColumn<FireTime, String> localTime, TableColumn<FireTime, String> skipped,
                     CronBuilderViewModel model, Messages messages) {
        fires.setItems(model.fires());
        taskTime.textProperty().bind(Bindings.createStringBinding(() -> messages.get("cron.fires.task",
                model.zoneProperty().get() == null ? "" : model.zoneProperty().get().getId()), model.zoneProperty()));
        localTime.setText(messages.get("cron.fires.local", model.localZone().getId()));
        column(taskTime, fire -> taskTimeText(fire, messages));
        column(localTime, FireTime::localText);
        column(skipped, FireTime::skippedBecause);
        skipped.setText(messages.get("calendars.builder.skipped"));
        skipped.visibleProperty().bind(model.businessCalendarProperty().isNotEmpty());
        // The times are struck through by the stylesheet; the reason beside them stays readable.
        taskTime.getStyleClass().add("fire-time");
        localTime.getStyleClass().add("fire-time");
        skipped.getStyleClass().add("calendar-reason");
        fires.setRowFactory(table -> new TableRow<>() {
            @Override
            protected void updateItem(FireTime item, boolean empty) {
                super.updateItem(item, empty);
                boolean marked = !empty && item != null && item.nearDstChange();
                boolean left = !empty && item != null && item.isSkipped();
                getStyleClass().removeAll("near-dst", "calendar-skipped");
                if (marked) {
                    getStyleClass().add("near-dst");
                }
                if (left) {
                    getStyleClass().add("calendar-skipped");
                }
                String dst = marked ? tooltip(item, messages) : "";
                String why = left ? item.skippedBecause() : "";
                String tip = dst.isEmpty() ? why : why.isEmpty() ? dst : why + "\n" + dst;
                setTooltip(tip.isEmpty() ? null : new Tooltip(tip));
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
