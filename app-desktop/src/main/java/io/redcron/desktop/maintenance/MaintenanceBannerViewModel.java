package io.redcron.desktop.maintenance;

import io.redcron.desktop.ui.DialogService;
import io.redcron.desktop.ui.FailureText;
import io.redcron.desktop.ui.Messages;
import io.redcron.desktop.ui.UiExecutor;
import io.redcron.domain.MaintenanceWindow;
import io.redcron.port.MaintenanceWindows;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.time.Clock;
import java.util.List;
import java.util.function.Supplier;

/**
 * The maintenance windows of the namespace shown, as the main window's banner lists them (paused
 * now, or planned), and resuming one. Every store call runs off the JavaFX thread.
 */
public final class MaintenanceBannerViewModel {
    private final ObservableList<BannerLine> lines = FXCollections.observableArrayList();
    private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper("");
    private final MaintenanceWindows windows;
    private final Supplier<String> namespace;
    private final String operator;
    private final Clock clock;
    private final UiExecutor executor;
    private final Messages messages;
    /** Counts the reads asked for, so that an answer overtaken by a newer read (another namespace) is dropped. */
    private long asked;

    /** @param namespace the namespace shown, read at each refresh: the operator may switch it */
    public MaintenanceBannerViewModel(MaintenanceWindows windows, Supplier<String> namespace, String operator,
                                      Clock clock, UiExecutor executor, Messages messages) {
        this.windows = windows;
        this.namespace = namespace;
        this.operator = operator;
        this.clock = clock;
        this.executor = executor;
        this.messages = messages;
    }

    /**
     * Reads the windows not over. A failed read keeps the lines shown: a pause still in force is
     * better announced late than hidden, and the screens report a lost connection themselves.
     */
    public void load() {
        long mine = ++asked;
        String shown = namespace.get();
        executor.submit(() -> windows.current(shown), current -> {
            if (mine == asked) {
                show(current);
            }
        }, failure -> { });
    }

    private void show(List<MaintenanceWindow> current) {
        var now = clock.instant();
        List<BannerLine> fresh = current.stream().filter(window -> !window.isOverAt(now))
                .map(window -> BannerLines.of(window, messages, now)).toList();
        if (!fresh.equals(lines)) { // the same lines again: rows, links and tooltips stay as they are
            lines.setAll(fresh);
        }
    }

    /**
     * What the operator confirms first: resuming a window that holds fires (and what becomes of
     * them), or calling off one that has not begun.
     */
    public DialogService.Confirmation confirmation(BannerLine line) {
        String id = Long.toString(line.windowId());
        if (line.paused()) {
            return DialogService.Confirmation.of(messages.get("maintenance.resume.title"),
                    messages.get("maintenance.resume.confirm", id, line.scope(), line.outcome()))
                    .withAnswers(messages.get("maintenance.resume.yes"), messages.get("maintenance.resume.keep"));
        }
        return DialogService.Confirmation.of(messages.get("maintenance.callOff.title"),
                messages.get("maintenance.callOff.confirm", id, line.scope()))
                .withAnswers(messages.get("maintenance.callOff.yes"), messages.get("maintenance.callOff.keep"));
    }

    /** The link of a line: "Resume" when it holds fires, "Call off" when it has not begun. */
    public String action(BannerLine line) {
        return messages.get(line.paused() ? "maintenance.resume" : "maintenance.callOff");
    }

    /** Ends the window now (calls it off if it has not begun), then reads the windows again. */
    public void resume(BannerLine line) {
        String shown = namespace.get();
        error.set("");
        executor.submit(() -> windows.resume(shown, line.windowId(), operator), resumed -> {
            if (!resumed) {
                error.set(messages.get("maintenance.resume.over", Long.toString(line.windowId())));
            }
            load();
        }, failure -> {
            error.set(messages.get("maintenance.resume.error", Long.toString(line.windowId()),
                    FailureText.oneLine(failure)));
            load();
        });
    }

    /** The operator read the error and closes it. */
    public void dismissError() {
        error.set("");
    }

    public ObservableList<BannerLine> lines() { return lines; }
    /** Why the last resume did nothing: refused, failed, or the window was over already; empty otherwise. */
    public ReadOnlyStringProperty errorProperty() { return error.getReadOnlyProperty(); }
    public Messages messages() { return messages; }
}
