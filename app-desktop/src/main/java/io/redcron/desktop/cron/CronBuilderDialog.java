package io.redcron.desktop.cron;

import io.redcron.desktop.ui.Messages;
import io.redcron.schedule.CronDialect;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.stage.Modality;
import javafx.stage.Stage;
import javafx.stage.Window;

import java.time.Clock;
import java.time.ZoneId;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

/** Shows the cron builder as a modal window and hands back what the user chose with OK. */
public final class CronBuilderDialog {
    static final String VIEW = "CronBuilderView.fxml";

    private final Messages messages;
    private final Clock clock;
    private final BuilderCalendars calendars;

    /** @param clock gives "now" for the fire times; its zone is the "local time" column (the system's, in the app) */
    public CronBuilderDialog(Messages messages, Clock clock) {
        this(messages, clock, BuilderCalendars.NONE);
    }

    /** @param calendars where the business calendars of the namespace are read for the preview */
    public CronBuilderDialog(Messages messages, Clock clock, BuilderCalendars calendars) {
        this.messages = messages;
        this.clock = clock;
        this.calendars = calendars;
    }

    /**
     * Blocks (with a nested event loop, as {@code showAndWait} does) until the user presses OK or
     * Cancel or closes the window. Call it on the JavaFX thread.
     *
     * @return the expression, dialect and zone on OK; empty on Cancel or close
     */
    public Optional<CronBuilderResult> show(Window owner, String expression, CronDialect dialect, ZoneId zone) {
        return show(owner, new CronBuilderResult(expression, dialect, zone));
    }

    /** As above, starting from a task's schedule and the business calendar it follows. */
    public Optional<CronBuilderResult> show(Window owner, CronBuilderResult start) {
        CronBuilderViewModel model = new CronBuilderViewModel(start.expression(), start.dialect(), start.zone(),
                messages, clock);
        model.chooseCalendar(start.calendar());
        calendars.into(model);
        Stage stage = new Stage();
        if (owner != null) {
            stage.initOwner(owner);
        }
        stage.initModality(owner == null ? Modality.APPLICATION_MODAL : Modality.WINDOW_MODAL);
        stage.setTitle(messages.get("cron.title"));
        AtomicReference<Optional<CronBuilderResult>> chosen = new AtomicReference<>(Optional.empty());
        stage.setScene(new Scene(load(messages, model, result -> {
            chosen.set(result);
            stage.close();
        })));
        stage.showAndWait();
        return chosen.get();
    }

    /** The builder's view for a model; {@code close} receives OK's result or, on Cancel, nothing. */
    public static Parent load(Messages messages, CronBuilderViewModel model,
                              Consumer<Optional<CronBuilderResult>> close) {
        return new io.redcron.desktop.ui.ViewLoader(messages, type -> new CronBuilderController(model, messages, close))
                .load(io.redcron.desktop.ui.FxmlView.CRON_BUILDER).root();
    }
}
