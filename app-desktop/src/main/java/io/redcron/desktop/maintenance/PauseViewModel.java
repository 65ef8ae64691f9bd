package io.redcron.desktop.maintenance;

import io.redcron.desktop.session.Workspace;
import io.redcron.desktop.ui.FailureText;
import io.redcron.desktop.ui.Messages;
import io.redcron.desktop.ui.UiExecutor;
import io.redcron.domain.InvalidTaskException;
import io.redcron.domain.MaintenanceWindow;
import io.redcron.domain.MisfirePolicy;
import io.redcron.port.MaintenanceWindows;
import io.redcron.port.TaskFacet;
import io.redcron.port.TaskStore;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.time.LocalDate;
import java.time.ZoneId;
import java.util.EnumMap;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The Pause dialog: opens a maintenance window over the namespace or one of its routing groups,
 * now or later, until resumed, until a time or for a while, with a resume policy and a reason.
 * Every value is checked before anything is sent; each error is shown at its field.
 */
public final class PauseViewModel {
    /** How many of the namespace's routing groups the group box offers. */
    static final int GROUPS = 200;

    private final BooleanProperty wholeNamespace = new SimpleBooleanProperty(true);
    private final StringProperty group = new SimpleStringProperty("");
    private final ObservableList<String> groups = FXCollections.observableArrayList();
    private final BooleanProperty startNow = new SimpleBooleanProperty(true);
    private final ObjectProperty<LocalDate> fromDate = new SimpleObjectProperty<>();
    private final StringProperty fromTime = new SimpleStringProperty("");
    private final ObjectProperty<PauseEnd> end = new SimpleObjectProperty<>(PauseEnd.RESUMED);
    private final ObjectProperty<LocalDate> untilDate = new SimpleObjectProperty<>();
    private final StringProperty untilTime = new SimpleStringProperty("");
    private final StringProperty length = new SimpleStringProperty("");
    private final ObjectProperty<MisfirePolicy> onResume = new SimpleObjectProperty<>(MisfirePolicy.SKIP);
    private final StringProperty reason = new SimpleStringProperty("");
    private final Map<PauseField, ReadOnlyStringWrapper> errors = new EnumMap<>(PauseField.class);
    private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper();

    private final MaintenanceWindows windows;
    private final TaskStore tasks;
    private final Workspace workspace;
    private final UiExecutor executor;
    private final Messages messages;

    public PauseViewModel(MaintenanceWindows windows, TaskStore tasks, Workspace workspace, UiExecutor executor,
                          Messages messages) {
        this.windows = windows;
        this.tasks = tasks;
        this.workspace = workspace;
        this.executor = executor;
        this.messages = messages;
        for (PauseField field : PauseField.values()) {
            errors.put(field, new ReadOnlyStringWrapper(""));
        }
        LocalDate today = workspace.clock().instant().atZone(zone()).toLocalDate();
        fromDate.set(today);
        untilDate.set(today);
    }

    /** Reads the routing groups in use in the namespace, for the group box; without them a group is typed. */
    public void load() {
        String namespace = workspace.namespace();
        executor.submit(() -> tasks.values(namespace, TaskFacet.GROUP, "", GROUPS), groups::setAll, failure -> { });
    }

    /**
     * Opens the window asked for. Every value is checked first, each error shown at its field;
     * nothing is sent while one is wrong.
     *
     * @param opened told of the window once the store opened it
     * @return false when a value was wrong and nothing was sent
     */
    public boolean pause(Consumer<MaintenanceWindow> opened) {
        if (busy.get()) {
            return false;
        }
        PauseForm.Reading reading = PauseForm.read(new PauseForm.Entry(wholeNamespace.get(), group.get(),
                startNow.get(), fromDate.get(), fromTime.get(), end.get(), untilDate.get(), untilTime.get(),
                length.get(), onResume.get(), reason.get()), zone(), workspace.clock().instant(), messages);
        errors.forEach((field, text) -> text.set(reading.errors().getOrDefault(field, "")));
        error.set("");
        if (!reading.ok()) {
            return false;
        }
        String namespace = workspace.namespace();
        busy.set(true);
        executor.submit(() -> windows.open(namespace, reading.request(), workspace.operator()), window -> {
            busy.set(false);
            opened.accept(window);
        }, this::failed);
        return true;
    }

    private void failed(Throwable failure) {
        busy.set(false);
        if (failure instanceof InvalidTaskException invalid) {
            PauseForm.FieldError at = PauseForm.error(invalid, messages);
            if (at.field() != null) {
                errors.get(at.field()).set(at.message());
                return;
            }
        }
        // A viewer's account ends here: the database refuses the insert.
        error.set(messages.get("maintenance.error.open", FailureText.oneLine(failure)));
    }

    /** The zone dates and times are typed in: the one the app shows times in. */
    public ZoneId zone() {
        return messages.time().zoneFor(null);
    }

    /** "Pause the fires of namespace prod-eu". */
    public String heading() {
        return messages.get("maintenance.pause.heading", workspace.namespace());
    }

    public BooleanProperty wholeNamespaceProperty() { return wholeNamespace; }
    public StringProperty groupProperty() { return group; }
    /** The routing groups in use in the namespace. */
    public ObservableList<String> groups() { return groups; }
    public BooleanProperty startNowProperty() { return startNow; }
    public ObjectProperty<LocalDate> fromDateProperty() { return fromDate; }
    public StringProperty fromTimeProperty() { return fromTime; }
    public ObjectProperty<PauseEnd> endProperty() { return end; }
    public ObjectProperty<LocalDate> untilDateProperty() { return untilDate; }
    public StringProperty untilTimeProperty() { return untilTime; }
    /** With the end "after": how long, "2h", "30m". */
    public StringProperty lengthProperty() { return length; }
    public ObjectProperty<MisfirePolicy> onResumeProperty() { return onResume; }
    public StringProperty reasonProperty() { return reason; }
    public ReadOnlyStringProperty errorProperty(PauseField field) { return errors.get(field).getReadOnlyProperty(); }
    /** A failure about no field: the database refused the window, or could not be reached. */
    public ReadOnlyStringProperty errorProperty() { return error.getReadOnlyProperty(); }
    public ReadOnlyBooleanProperty busyProperty() { return busy.getReadOnlyProperty(); }
    public Messages messages() { return messages; }
}
