package io.redcron.desktop.runs;

import io.redcron.domain.Identifiers;

import io.redcron.desktop.ui.Messages;
import io.redcron.desktop.ui.UiExecutor;
import io.redcron.domain.InvalidTaskException;
import io.redcron.domain.Run;
import io.redcron.domain.RunRequest;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The trigger view: a task, parameter overrides, when (now, after a delay, or at a time: a
 * one-off run) and an optional idempotency key. Names are checked here, at their row,
 * before anything is recorded; they become environment variables {@code REDCRON_PARAM_<NAME>}.
 */
public final class TriggerViewModel {

    /**
     * Records and queues a run of a task, named or numbered, as the request asks: now, or once at
     * its time; a repeated idempotency key gets the first request's run.
     */
    @FunctionalInterface
    public interface Trigger {
        Run trigger(String task, RunRequest request) throws Exception;
    }

    /** Triggers through the operator actions, saying why a task could not be triggered in the UI's language. */
    public static Trigger through(io.redcron.ops.Operations operations) {
        return (task, request) -> RunActionException.localised(
                () -> operations.trigger().request(task, request).run().run(), task);
    }

    private final StringProperty taskName = new SimpleStringProperty("");
    private final StringProperty taskError = new SimpleStringProperty("");
    private final ObservableList<ParamRow> params = FXCollections.observableArrayList();
    private final StringProperty error = new SimpleStringProperty("");
    private final BooleanProperty busy = new SimpleBooleanProperty();
    private final StringProperty when = new SimpleStringProperty("");
    private final StringProperty whenError = new SimpleStringProperty("");
    private final StringProperty idempotencyKey = new SimpleStringProperty("");
    private final StringProperty keyError = new SimpleStringProperty("");

    private final Trigger trigger;
    private final UiExecutor executor;
    private final Messages messages;
    private final Clock clock;
    private final ZoneId zone;

    public TriggerViewModel(Trigger trigger, UiExecutor executor, Messages messages) {
        this(trigger, executor, messages, Clock.systemUTC(), ZoneId.systemDefault());
    }

    /** @param zone the zone a time typed without an offset is read in */
    public TriggerViewModel(Trigger trigger, UiExecutor executor, Messages messages, Clock clock, ZoneId zone) {
        this.trigger = trigger;
        this.executor = executor;
        this.messages = messages;
        this.clock = clock;
        this.zone = zone;
        reset("");
    }

    /** Empties the form, for the task given (or none). */
    public void reset(String task) {
        taskName.set(task == null ? "" : task);
        taskError.set("");
        error.set("");
        when.set("");
        whenError.set("");
        idempotencyKey.set("");
        keyError.set("");
        params.setAll(new ParamRow());
    }

    public ParamRow addParam() {
        ParamRow row = new ParamRow();
        params.add(row);
        return row;
    }

    public void removeParam(ParamRow row) {
        params.remove(row);
    }

    /**
     * Checks the form and, if it is fine, records and queues the run; {@code done} receives it on
     * the JavaFX thread. Returns false, with the problems shown, if the form is not fine.
     */
    public boolean submit(Consumer<Run> done) {
        Map<String, String> values = validate();
        RunRequest request = values == null ? null : request(values);
        if (request == null || busy.get()) {
            return false;
        }
        String task = taskName.get().trim();
        busy.set(true);
        executor.submit(() -> trigger.trigger(task, request), run -> {
            busy.set(false);
            done.accept(run);
        }, failure -> {
            busy.set(false);
            error.set(RunsViewModel.describe(failure, messages));
        });
        return true;
    }

    /** The request, or null with the problem shown at its field (when, or the key). */
    private RunRequest request(Map<String, String> values) {
        whenError.set("");
        keyError.set("");
        Instant at;
        try {
            at = RunAt.parse(when.get(), clock.instant(), zone).orElse(null);
        } catch (IllegalArgumentException e) {
            whenError.set(messages.get("runs.trigger.error.when", when.get().strip()));
            return null;
        }
        String key = idempotencyKey.get().strip();
        try {
            RunRequest request = new RunRequest(values, at, key.isEmpty() ? null : key);
            request.checkAt(clock.instant());
            return request;
        } catch (InvalidTaskException e) {
            (e.field().equals("at") ? whenError : keyError).set(e.getMessage());
            return null;
        }
    }

    /** The parameters, or null if a row (or the task name) is wrong; each problem is set at its row. */
    Map<String, String> validate() {
        boolean ok = true;
        error.set("");
        taskError.set("");
        if (taskName.get().isBlank()) {
            taskError.set(messages.get("runs.trigger.error.task"));
            ok = false;
        }
        Map<String, String> values = new LinkedHashMap<>();
        for (ParamRow row : params) {
            row.errorProperty().set("");
            if (row.isBlank()) {
                continue;
            }
            String name = row.nameProperty().get().trim();
            if (!Identifiers.isParameterName(name)) {
                row.errorProperty().set(messages.get("runs.trigger.error.name", name));
                ok = false;
            } else if (values.containsKey(name)) {
                row.errorProperty().set(messages.get("runs.trigger.error.duplicate", name));
                ok = false;
            } else if (row.valueProperty().get().indexOf('\0') >= 0) {
                row.errorProperty().set(messages.get("runs.trigger.error.value", name));
                ok = false;
            } else {
                values.put(name, row.valueProperty().get());
            }
        }
        return ok ? values : null;
    }

    public StringProperty taskNameProperty() { return taskName; }
    public StringProperty taskErrorProperty() { return taskError; }
    public ObservableList<ParamRow> params() { return params; }
    public StringProperty errorProperty() { return error; }
    public BooleanProperty busyProperty() { return busy; }
    public StringProperty whenProperty() { return when; }
    public StringProperty whenErrorProperty() { return whenError; }
    public StringProperty idempotencyKeyProperty() { return idempotencyKey; }
    public StringProperty keyErrorProperty() { return keyError; }
}
