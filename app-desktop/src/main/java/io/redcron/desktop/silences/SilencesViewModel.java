package io.redcron.desktop.silences;

import io.redcron.desktop.session.Workspace;
import io.redcron.desktop.ui.Messages;
import io.redcron.desktop.ui.UiExecutor;
import io.redcron.domain.AlertSilence;
import io.redcron.domain.Durations;
import io.redcron.domain.Task;
import io.redcron.port.AlertSilences;
import io.redcron.port.PageRequest;
import io.redcron.port.TaskFilter;
import io.redcron.port.TaskStore;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.TreeSet;

/**
 * The silences window: the namespace's silences in force (and the ended ones on demand), a form
 * that adds one for a task, a group and/or a kind, until a time or for a span, and ending one.
 * Every store call runs off the JavaFX thread through the {@link UiExecutor}; a wrong value is
 * shown at its field, and a viewer's change ends with the database's refusal on the error line.
 */
public final class SilencesViewModel {
    /** The alert kinds a node raises, as the node names them (its {@code AlertKind}). */
    public static final List<String> KINDS = List.of("RUN_FAILED", "RUN_TIMED_OUT", "RUN_DEAD", "MISFIRE_SKIPPED",
            "NODE_LOST", "LEADER_CHANGED", "GROUP_UNSERVED", "RUN_RECOVERED", "RUN_SLOW", "NO_SUCCESS", "BACKLOG");
    /** How many silences, ended ones included, the window lists. */
    static final int LISTED = 200;
    private static final DateTimeFormatter UNTIL = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm");
    private static final int TASK_CHOICES = 1000;

    /** A silence as listed. */
    public record Row(long id, String scope, String until, String reason, String createdBy, String ended,
                      boolean active) {
    }

    private final ObservableList<Row> rows = FXCollections.observableArrayList();
    private final ObservableList<String> taskNames = FXCollections.observableArrayList();
    private final ObservableList<String> groups = FXCollections.observableArrayList();
    private final StringProperty task = new SimpleStringProperty("");
    private final StringProperty group = new SimpleStringProperty("");
    private final StringProperty kind = new SimpleStringProperty("");
    private final StringProperty until = new SimpleStringProperty("2h");
    private final StringProperty reason = new SimpleStringProperty("");
    private final StringProperty untilError = new SimpleStringProperty("");
    private final StringProperty reasonError = new SimpleStringProperty("");
    private final StringProperty error = new SimpleStringProperty("");
    private final StringProperty status = new SimpleStringProperty("");
    private final BooleanProperty showEnded = new SimpleBooleanProperty();
    private final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper();

    private final AlertSilences silences;
    private final TaskStore tasks;
    private final Workspace workspace;
    private final UiExecutor executor;
    private final Messages messages;
    private final ZoneId zone;

    /** @param zone the zone times are shown in and a typed time is read in */
    public SilencesViewModel(AlertSilences silences, TaskStore tasks, Workspace workspace, UiExecutor executor,
                             Messages messages, ZoneId zone) {
        this.silences = silences;
        this.tasks = tasks;
        this.workspace = workspace;
        this.executor = executor;
        this.messages = messages;
        this.zone = zone;
        showEnded.addListener(o -> load());
    }

    private record Loaded(List<AlertSilence> silences, List<String> taskNames, List<String> groups) {
    }

    /** Reads the silences, and the namespace's tasks and groups to choose from. */
    public void load() {
        String namespace = workspace.namespace();
        boolean ended = showEnded.get();
        Instant now = workspace.clock().instant();
        busy.set(true);
        executor.submit(() -> {
            List<AlertSilence> listed = ended ? silences.all(namespace, LISTED) : silences.active(namespace, now);
            TreeSet<String> names = new TreeSet<>();
            TreeSet<String> groupNames = new TreeSet<>();
            for (Task found : tasks.list(TaskFilter.all(namespace), PageRequest.first(TASK_CHOICES)).items()) {
                names.add(found.name());
                groupNames.add(found.group());
            }
            return new Loaded(listed, List.copyOf(names), List.copyOf(groupNames));
        }, loaded -> {
            busy.set(false);
            error.set("");
            rows.setAll(loaded.silences().stream().map(silence -> row(silence, now)).toList());
            taskNames.setAll(loaded.taskNames());
            groups.setAll(loaded.groups());
        }, this::failed);
    }

    private Row row(AlertSilence silence, Instant now) {
        String ended = silence.endedAt() != null
                ? messages.get("silences.endedBy", format(silence.endedAt()), silence.endedBy())
                : silence.isActive(now) ? "" : messages.get("silences.expired");
        String scope = silence.silencesAll() ? messages.get("silences.scope.all") : silence.scope();
        return new Row(silence.id(), scope, format(silence.until()), silence.reason(), silence.createdBy(), ended,
                silence.isActive(now));
    }

    private String format(Instant at) {
        return UNTIL.format(at.atZone(zone));
    }

    /**
     * Adds the silence of the form. Every value is checked first, each error shown at its field;
     * nothing is sent while one is wrong.
     *
     * @return false when a value was wrong and nothing was sent
     */
    public boolean add() {
        if (busy.get()) {
            return false;
        }
        Instant now = workspace.clock().instant();
        untilError.set("");
        reasonError.set("");
        status.set("");
        Instant end = null;
        try {
            end = until(until.get(), now);
        } catch (IllegalArgumentException e) {
            untilError.set(e.getMessage());
        }
        if (reason.get() == null || reason.get().isBlank()) {
            reasonError.set(messages.get("silences.error.reason"));
        } else if (reason.get().strip().length() > AlertSilences.MAX_REASON) {
            reasonError.set(messages.get("silences.error.reasonLength", AlertSilences.MAX_REASON));
        }
        if (!untilError.get().isEmpty() || !reasonError.get().isEmpty()) {
            error.set(!untilError.get().isEmpty() ? untilError.get() : reasonError.get());
            return false;
        }
        error.set("");
        AlertSilences.NewSilence silence = new AlertSilences.NewSilence(workspace.namespace(), task.get(), group.get(),
                kind.get(), end, reason.get());
        busy.set(true);
        executor.submit(() -> silences.add(silence, workspace.operator()), added -> {
            busy.set(false);
            status.set(messages.get("silences.added", added.id(), format(added.until())));
            reason.set("");
            load();
        }, this::failed);
        return true;
    }

    /** "2h" or "30m" from now, or a time "2026-05-01 06:00" in the zone shown; after now either way. */
    Instant until(String text, Instant now) {
        String typed = text == null ? "" : text.strip();
        if (typed.isEmpty()) {
            throw new IllegalArgumentException(messages.get("silences.error.until"));
        }
        Instant end;
        if (Character.isDigit(typed.charAt(typed.length() - 1))) {
            try {
                end = LocalDateTime.parse(typed, UNTIL).atZone(zone).toInstant();
            } catch (DateTimeParseException e) {
                throw new IllegalArgumentException(messages.get("silences.error.until"));
            }
        } else {
            try {
                end = now.plus(Durations.parse("until", typed));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(messages.get("silences.error.until"));
            }
        }
        if (!end.isAfter(now)) {
            throw new IllegalArgumentException(messages.get("silences.error.past"));
        }
        return end;
    }

    /** Ends a silence now. */
    public void end(Row row) {
        if (row == null || busy.get()) {
            return;
        }
        String namespace = workspace.namespace();
        busy.set(true);
        status.set("");
        executor.submit(() -> silences.end(namespace, row.id(), workspace.operator()), ended -> {
            busy.set(false);
            status.set(messages.get(ended ? "silences.ended" : "silences.endedAlready", row.id()));
            load();
        }, this::failed);
    }

    private void failed(Throwable failure) {
        busy.set(false);
        String text = io.redcron.desktop.ui.FailureText.oneLine(failure);
        if (failure instanceof IllegalArgumentException && text.startsWith("until")) {
            untilError.set(text);
        } else if (failure instanceof IllegalArgumentException && text.startsWith("reason")) {
            reasonError.set(text);
        }
        error.set(text);
    }

    public ObservableList<Row> rows() { return rows; }
    public ObservableList<String> taskNames() { return taskNames; }
    public ObservableList<String> groups() { return groups; }
    public StringProperty taskProperty() { return task; }
    public StringProperty groupProperty() { return group; }
    public StringProperty kindProperty() { return kind; }
    /** A span from now ("2h") or a time in the zone shown ("2026-05-01 06:00"). */
    public StringProperty untilProperty() { return until; }
    public StringProperty reasonProperty() { return reason; }
    public StringProperty untilErrorProperty() { return untilError; }
    public StringProperty reasonErrorProperty() { return reasonError; }
    public StringProperty errorProperty() { return error; }
    public StringProperty statusProperty() { return status; }
    /** Lists the ended silences too (the newest {@value #LISTED}). */
    public BooleanProperty showEndedProperty() { return showEnded; }
    public ReadOnlyBooleanProperty busyProperty() { return busy.getReadOnlyProperty(); }
}
