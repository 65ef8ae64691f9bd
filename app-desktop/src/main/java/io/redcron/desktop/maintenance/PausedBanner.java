package io.redcron.desktop.maintenance;

import io.redcron.desktop.ui.DialogService;
import io.redcron.desktop.ui.WhileShown;
import javafx.collections.ListChangeListener;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.util.Duration;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * The maintenance banner above every screen: a row per window of the namespace not over (paused
 * now, or planned) with a link to resume or call it off, and the error of the last resume. It
 * reads the windows again every few seconds while shown, and takes no room while there are none.
 * Usable in FXML; {@link #bind} connects it to its view-model.
 */
public final class PausedBanner extends VBox {
    private static final Duration EVERY = Duration.seconds(5);

    private final VBox rows = new VBox(4);
    private final Label error = new Label();
    private final Button dismiss = new Button("\u00d7");
    private final HBox errorRow = new HBox(8, new FontIcon("fth-alert-circle"), error, dismiss);
    private MaintenanceBannerViewModel model;
    private DialogService dialogs;

    public PausedBanner() {
        getStyleClass().add("maintenance-banner");
        setPadding(new Insets(6, 16, 6, 16));
        setSpacing(4);
        error.setId("maintenanceError");
        error.setWrapText(true);
        error.setMaxWidth(Double.MAX_VALUE);
        error.setMinHeight(USE_PREF_SIZE);
        HBox.setHgrow(error, Priority.ALWAYS);
        dismiss.setId("maintenanceErrorClose");
        dismiss.getStyleClass().addAll("flat", "small");
        dismiss.setFocusTraversable(false);
        errorRow.setAlignment(Pos.CENTER_LEFT);
        errorRow.getStyleClass().add("maintenance-error");
        getChildren().addAll(rows, errorRow);
        setVisible(false);
        managedProperty().bind(visibleProperty());
    }

    public void bind(MaintenanceBannerViewModel banner, DialogService dialogService) {
        this.model = banner;
        this.dialogs = dialogService;
        dismiss.setTooltip(new Tooltip(banner.messages().get("notice.close")));
        dismiss.setOnAction(e -> banner.dismissError());
        error.textProperty().bind(banner.errorProperty());
        errorRow.visibleProperty().bind(error.textProperty().isNotEmpty());
        errorRow.managedProperty().bind(errorRow.visibleProperty());
        banner.lines().addListener((ListChangeListener<BannerLine>) change -> show());
        banner.errorProperty().addListener(o -> show());
        WhileShown.repeat(this, EVERY, banner::load);
        show();
        banner.load();
    }

    /** Reads the windows again now: after a window was opened, or the namespace switched. */
    public void refresh() {
        if (model != null) {
            model.load();
        }
    }

    private void show() {
        rows.getChildren().setAll(model.lines().stream().map(this::row).toList());
        setVisible(!model.lines().isEmpty() || !model.errorProperty().get().isEmpty());
    }

    private HBox row(BannerLine line) {
        FontIcon icon = new FontIcon(line.paused() ? "fth-pause-circle" : "fth-calendar");
        Label text = new Label(line.text());
        text.setId("maintenanceText-" + line.windowId());
        text.setWrapText(true);
        text.setMaxWidth(Double.MAX_VALUE);
        text.setMinHeight(USE_PREF_SIZE);
        text.setTooltip(new Tooltip(line.details()));
        HBox.setHgrow(text, Priority.ALWAYS);
        Hyperlink resume = new Hyperlink(model.action(line));
        resume.setId("maintenanceResume-" + line.windowId());
        resume.setOnAction(e -> {
            if (dialogs.confirm(model.confirmation(line))) {
                model.resume(line);
            }
        });
        HBox row = new HBox(8, icon, text, resume);
        row.setId("maintenanceLine-" + line.windowId());
        row.setAlignment(Pos.CENTER_LEFT);
        row.getStyleClass().add(line.paused() ? "maintenance-paused" : "maintenance-planned");
        return row;
    }
}
