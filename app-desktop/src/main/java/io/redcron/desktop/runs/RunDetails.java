package io.redcron.desktop.runs;

import javafx.beans.binding.Bindings;
import javafx.beans.value.ObservableValue;
import javafx.scene.Parent;
import javafx.scene.control.Label;

import java.util.Map;
import java.util.function.Function;

/** The details pane of the runs screen: the selected run's fields. */
final class RunDetails {
    /** Each field's label, by its id in the view. */
    private static final Map<String, Function<RunRow, String>> FIELDS = Map.ofEntries(
            Map.entry("detailStatus", RunRow::status),
            Map.entry("detailTrigger", RunRow::trigger),
            Map.entry("detailScheduled", RunRow::scheduled),
            Map.entry("detailNode", RunRow::node),
            Map.entry("detailStarted", RunRow::started),
            Map.entry("detailAttempt", RunRow::attempt),
            Map.entry("detailFinished", RunRow::finished),
            Map.entry("detailExit", RunRow::exitCode),
            Map.entry("detailDuration", RunRow::duration),
            Map.entry("detailParams", RunRow::params),
            Map.entry("detailError", RunRow::error));

    private RunDetails() {
    }

    /** Binds every field label under {@code pane} to the run that is selected (empty while none is). */
    static void bindFields(Parent pane, ObservableValue<RunRow> selected) {
        FIELDS.forEach((id, value) -> {
            Label label = (Label) pane.lookup("#" + id);
            label.textProperty().bind(Bindings.createStringBinding(() -> {
                RunRow row = selected.getValue();
                return row == null ? "" : value.apply(row);
            }, selected));
        });
    }
}
