package io.redcron.desktop.retention;

import io.redcron.desktop.session.Workspace;
import io.redcron.desktop.ui.Messages;
import io.redcron.desktop.ui.UiExecutor;
import io.redcron.domain.RetentionPolicy;
import io.redcron.port.RetentionStore;
import io.redcron.port.RetentionStore.RetentionSettings;
import io.redcron.port.TaskStore;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The retention dialog: how long the namespace keeps its history (each field with its value and
 * whether it is the default), the tasks that differ from it and how many runs are pinned; or one
 * task's own policy, each field either its own value or the namespace's. Saving sends only the
 * fields changed; every value is checked first, and nothing is saved while one is wrong. Every
 * store call runs off the JavaFX thread through the {@link UiExecutor}.
 */
public final class RetentionViewModel {

    /** One field of the form, as the operator edits it. */
    public static final class FieldEntry {
        private final RetentionField field;
        private final StringProperty text = new SimpleStringProperty("");
        private final BooleanProperty forever = new SimpleBooleanProperty();
        private final BooleanProperty follow = new SimpleBooleanProperty();
        private final ReadOnlyStringWrapper current = new ReadOnlyStringWrapper("");
        private final ReadOnlyStringWrapper followLabel = new ReadOnlyStringWrapper("");
        private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper("");

        FieldEntry(RetentionField field) {
            this.field = field;
        }

        public RetentionField field() { return field; }
        /** The number typed: days, or runs for keep-last. */
        public StringProperty textProperty() { return text; }
        public BooleanProperty foreverProperty() { return forever; }
        /** A task's field takes the namespace's value. */
        public BooleanProperty followProperty() { return follow; }
        /** What applies now: "30 days (default)", "as the namespace (30 days)", "forever". */
        public ReadOnlyStringProperty currentProperty() { return current.getReadOnlyProperty(); }
        /** "as the namespace (30 days)": the words of a task's choice to follow. */
        public ReadOnlyStringProperty followLabelProperty() { return followLabel.getReadOnlyProperty(); }
        public ReadOnlyStringProperty errorProperty() { return error.getReadOnlyProperty(); }

        RetentionForm.Entry entry() {
            return new RetentionForm.Entry(follow.get(), forever.get(), text.get());
        }

        void show(RetentionForm.Entry entry, Integer fallback) {
            follow.set(entry.follow());
            forever.set(entry.forever());
            // A field that follows shows the value it follows, ready to be changed.
            text.set(entry.follow() && fallback != null && !(field.isDays() && fallback == RetentionPolicy.FOREVER)
                    ? Integer.toString(fallback) : entry.text());
        }
    }

    /** A task whose policy differs from its namespace's, with the values that apply to it. */
    public record DifferingTask(String name, String succeeded, String failed, String keepLast, String output) {
    }

    private final ObservableList<FieldEntry> fields = FXCollections.observableArrayList();
    private final ObservableList<DifferingTask> differing = FXCollections.observableArrayList();
    private final ReadOnlyStringWrapper heading = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper pinned = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper forTask = new ReadOnlyBooleanWrapper();
    private final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper();
    private final StringProperty error = new SimpleStringProperty("");
    private final StringProperty status = new SimpleStringProperty("");

    private final RetentionStore retention;
    private final TaskStore tasks;
    private final Workspace workspace;
    private final UiExecutor executor;
    private final Messages messages;
    private Long taskId;
    private String taskName;
    /** The policy the form was filled from: the namespace's as it applies, or the task's own. */
    private RetentionPolicy shown;

    public RetentionViewModel(RetentionStore retention, TaskStore tasks, Workspace workspace, UiExecutor executor,
                              Messages messages) {
        this.retention = retention;
        this.tasks = tasks;
        this.workspace = workspace;
        this.executor = executor;
        this.messages = messages;
    }

    /** Shows the namespace's policy. */
    public void forNamespace() {
        taskId = null;
        taskName = null;
        forTask.set(false);
        heading.set(messages.get("retention.heading.namespace", workspace.namespace()));
        fields.setAll(RetentionField.ofNamespace().stream().map(FieldEntry::new).toList());
        load();
    }

    /** Shows a task's own policy. */
    public void forTask(long id, String name) {
        taskId = id;
        taskName = name;
        forTask.set(true);
        heading.set(messages.get("retention.heading.task", name));
        fields.setAll(RetentionField.ofTask().stream().map(FieldEntry::new).toList());
        load();
    }

    /** What a read found: the settings, and in the namespace view the differing tasks' names and the pins. */
    private record Loaded(RetentionSettings settings, Map<Long, String> names, int pins) {
    }

    public void load() {
        String namespace = workspace.namespace();
        Long task = taskId;
        busy.set(true);
        executor.submit(() -> {
            RetentionSettings settings = retention.settings(namespace);
            if (task != null) {
                return new Loaded(settings, Map.of(), 0);
            }
            Map<Long, String> names = new LinkedHashMap<>();
            tasks.getAll(settings.tasks().keySet()).forEach((id, found) -> names.put(id, found.name()));
            return new Loaded(settings, names, retention.pins(namespace).size());
        }, loaded -> {
            busy.set(false);
            error.set("");
            show(loaded);
        }, failure -> {
            busy.set(false);
            error.set(describe(failure));
        });
    }

    private void show(Loaded loaded) {
        RetentionSettings settings = loaded.settings();
        RetentionPolicy namespace = settings.effective();
        shown = taskId == null ? namespace : settings.tasks().getOrDefault(taskId, RetentionPolicy.INHERIT);
        for (FieldEntry entry : fields) {
            RetentionField field = entry.field();
            Integer own = field.of(taskId == null ? settings.namespace() : shown);
            Integer applies = field.of(namespace);
            entry.error.set("");
            entry.show(RetentionForm.Entry.of(field, field.of(shown)), applies);
            entry.followLabel.set(messages.get("retention.followValue", value(field, applies)));
            if (taskId == null) {
                entry.current.set(own == null ? messages.get("retention.default", value(field, applies))
                        : value(field, own));
            } else {
                entry.current.set(own == null ? entry.followLabel.get() : value(field, own));
            }
        }
        if (taskId == null) {
            differing.setAll(loaded.names().entrySet().stream().map(task -> {
                RetentionPolicy policy = settings.forTask(task.getKey());
                return new DifferingTask(task.getValue(), value(RetentionField.SUCCEEDED, policy.succeededDays()),
                        value(RetentionField.FAILED, policy.failedDays()),
                        value(RetentionField.KEEP_LAST, policy.keepLast()),
                        value(RetentionField.OUTPUT, policy.outputDays()));
            }).sorted(Comparator.comparing(DifferingTask::name)).toList());
            pinned.set(messages.get("retention.pinned", loaded.pins()));
        } else {
            differing.clear();
            pinned.set("");
        }
    }

    /** "30 days", "forever", "10 runs". */
    String value(RetentionField field, Integer value) {
        if (value == null) {
            return "";
        }
        if (field.isDays()) {
            return value == RetentionPolicy.FOREVER ? messages.get("retention.forever")
                    : messages.get("retention.days", value);
        }
        return messages.get("retention.runs", value);
    }

    /**
     * Saves the fields changed. Every value is checked first, each error shown at its field and
     * the first on the error line; nothing is saved while one is wrong.
     *
     * @return false when a value was wrong and nothing was sent
     */
    public boolean save() {
        if (shown == null || busy.get()) {
            return false;
        }
        Map<RetentionField, RetentionForm.Entry> entries = new LinkedHashMap<>();
        fields.forEach(entry -> entries.put(entry.field(), entry.entry()));
        RetentionForm.Reading reading = RetentionForm.read(entries, messages);
        fields.forEach(entry -> entry.error.set(reading.errors().getOrDefault(entry.field(), "")));
        status.set("");
        if (!reading.ok()) {
            error.set(fields.stream().map(entry -> entry.error.get()).filter(text -> !text.isEmpty()).findFirst()
                    .orElse(""));
            return false;
        }
        error.set("");
        List<RetentionField> shownFields = fields.stream().map(FieldEntry::field).toList();
        RetentionPolicy wanted = reading.policy();
        RetentionPolicy change = RetentionForm.change(shownFields, shown, wanted);
        boolean clear = taskId != null && RetentionForm.followsAgain(shownFields, shown, wanted);
        if (change.inheritsEverything() && !clear) {
            status.set(messages.get("retention.unchanged"));
            return true;
        }
        String namespace = workspace.namespace();
        String operator = workspace.operator();
        Long task = taskId;
        busy.set(true);
        executor.submit(() -> {
            if (task == null) {
                retention.changeNamespace(namespace, change, operator);
            } else if (clear) {
                // A field back to the namespace's value: the task's policy is cleared, then set again
                // with the fields it keeps (two audited changes).
                retention.clearTask(namespace, task, operator);
                if (!wanted.inheritsEverything()) {
                    retention.changeTask(namespace, task, wanted, operator);
                }
            } else {
                retention.changeTask(namespace, task, change, operator);
            }
            return true;
        }, done -> {
            busy.set(false);
            status.set(task == null ? messages.get("retention.saved.namespace", namespace)
                    : messages.get("retention.saved.task", taskName));
            load();
        }, this::failed);
        return true;
    }

    /** Makes the task follow its namespace again, every field. */
    public void follow() {
        if (taskId == null || busy.get()) {
            return;
        }
        String namespace = workspace.namespace();
        long task = taskId;
        String name = taskName;
        busy.set(true);
        status.set("");
        error.set("");
        executor.submit(() -> retention.clearTask(namespace, task, workspace.operator()), cleared -> {
            busy.set(false);
            status.set(messages.get(cleared ? "retention.followed" : "retention.followedAlready", name));
            load();
        }, this::failed);
    }

    private void failed(Throwable failure) {
        busy.set(false);
        if (failure instanceof IllegalArgumentException wrong) {
            RetentionForm.FieldError at = RetentionForm.error(wrong, messages);
            fields.stream().filter(entry -> entry.field() == at.field()).forEach(entry -> entry.error.set(at.message()));
            error.set(at.message());
            return;
        }
        error.set(describe(failure));
    }

    /** One line for a failure, never a stack trace: a viewer's change ends with the database's refusal. */
    private static String describe(Throwable failure) {
        return io.redcron.desktop.ui.FailureText.oneLine(failure);
    }

    public ObservableList<FieldEntry> fields() { return fields; }
    /** The tasks of the namespace that differ from it; empty in a task's view. */
    public ObservableList<DifferingTask> differing() { return differing; }
    /** "Retention of namespace 'prod'", "Retention of task 'backup'". */
    public ReadOnlyStringProperty headingProperty() { return heading.getReadOnlyProperty(); }
    /** "3 pinned runs stay whatever their age."; empty in a task's view. */
    public ReadOnlyStringProperty pinnedProperty() { return pinned.getReadOnlyProperty(); }
    public ReadOnlyBooleanProperty forTaskProperty() { return forTask.getReadOnlyProperty(); }
    public ReadOnlyBooleanProperty busyProperty() { return busy.getReadOnlyProperty(); }
    public StringProperty errorProperty() { return error; }
    /** What the last save or clear did. */
    public StringProperty statusProperty() { return status; }
    public Messages messages() { return messages; }
}
