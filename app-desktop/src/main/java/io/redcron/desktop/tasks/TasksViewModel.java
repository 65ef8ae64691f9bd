package io.redcron.desktop.tasks;

import io.redcron.desktop.session.Workspace;
import io.redcron.desktop.ui.Messages;
import io.redcron.desktop.ui.UiExecutor;
import io.redcron.port.Page;
import io.redcron.port.PageRequest;
import io.redcron.port.RunStore;
import io.redcron.port.TaskStore;
import io.redcron.port.TaskFilter;
import io.redcron.domain.Task;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.LongProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.util.List;

/**
 * The tasks table: one page at a time from the store (so 100,000 tasks cost what 50 do), with
 * filters by text, group, label and state. Every load runs off the JavaFX thread.
 */
public final class TasksViewModel {
    public enum State { ALL, ENABLED, DISABLED }

    public static final int PAGE_SIZE = 50;

    private final ObservableList<TaskRow> rows = FXCollections.observableArrayList();
    private final StringProperty text = new SimpleStringProperty("");
    private final StringProperty group = new SimpleStringProperty("");
    private final StringProperty label = new SimpleStringProperty("");
    private final ObjectProperty<State> state = new SimpleObjectProperty<>(State.ALL);
    private final ObjectProperty<TaskFilter.Sort> sort = new SimpleObjectProperty<>(TaskFilter.Sort.NAME);
    private final BooleanProperty descending = new SimpleBooleanProperty();
    private final io.redcron.desktop.ui.Pager pager = new io.redcron.desktop.ui.Pager(PAGE_SIZE, this::load);
    private final BooleanProperty busy = new SimpleBooleanProperty();
    private final StringProperty status = new SimpleStringProperty("");
    private final StringProperty error = new SimpleStringProperty("");

    private final TaskStore tasks;
    private final RunStore runs;
    private final Workspace workspace;
    private final UiExecutor executor;
    private final Messages messages;
    private long generation;

    /** @param tasks a store that announces the changes made through it to the nodes */
    public TasksViewModel(TaskStore tasks, RunStore runs, Workspace workspace, UiExecutor executor, Messages messages) {
        this.tasks = tasks;
        this.runs = runs;
        this.workspace = workspace;
        this.executor = executor;
        this.messages = messages;
    }

    /** Loads the current page; a newer load wins over an older one still running. */
    public void load() {
        long mine = ++generation;
        TaskFilter filter = new TaskFilter(workspace.namespace(), blankToNull(text.get()), blankToNull(group.get()),
                switch (state.get()) {
                    case ALL -> null;
                    case ENABLED -> Boolean.TRUE;
                    case DISABLED -> Boolean.FALSE;
                }, null, blankToNull(label.get()), sort.get(), descending.get());
        PageRequest request = pager.request();
        busy.set(true);
        executor.submit(() -> {
            Page<Task> found = tasks.list(filter, request);
            java.util.Map<Long, io.redcron.domain.RunStatus> last = runs
                    .lastResults(found.items().stream().map(Task::id).toList());
            List<TaskRow> computed = found.items().stream()
                    .map(task -> TaskRow.of(task, workspace.clock().instant(), messages.locale(), last.get(task.id())))
                    .toList();
            return new Loaded(computed, found.total());
        }, loaded -> {
            if (mine != generation) {
                return;
            }
            busy.set(false);
            error.set("");
            rows.setAll(loaded.rows);
            pager.total().set(loaded.total);
            long first = pager.firstShown(loaded.rows.size());
            status.set(messages.get("tasks.status", first, first + loaded.rows.size() - (loaded.rows.isEmpty() ? 0 : 1),
                    loaded.total));
        }, failure -> {
            if (mine == generation) {
                busy.set(false);
                error.set(failure.getMessage());
            }
        });
    }

    private record Loaded(List<TaskRow> rows, long total) {
    }

    /** Sorts by a column the store can order by (the whole table, not just this page). */
    public void sortBy(TaskFilter.Sort by, boolean desc) {
        sort.set(by);
        descending.set(desc);
        filtersChanged();
    }

    public void filtersChanged() {
        pager.restart();
    }

    public boolean hasNextPage() {
        return pager.hasNext();
    }

    public void nextPage() {
        pager.next();
    }

    public void previousPage() {
        pager.previous();
    }

    /** Enables or disables a task, then reloads. */
    public void setEnabled(TaskRow row, boolean enable) {
        busy.set(true);
        executor.submit(() -> tasks.setEnabled(row.task().id(), enable, workspace.operator()),
                changed -> load(), this::failed);
    }

    /** Deletes a task (its history stays), then reloads; the caller has asked for confirmation. */
    public void delete(TaskRow row) {
        busy.set(true);
        executor.submit(() -> tasks.delete(row.task().id(), workspace.operator()), deleted -> load(),
                this::failed);
    }

    private void failed(Throwable failure) {
        busy.set(false);
        error.set(failure.getMessage());
    }

    private static String blankToNull(String value) {
        return value == null || value.isBlank() ? null : value.trim();
    }

    public ObservableList<TaskRow> rows() { return rows; }
    public StringProperty textProperty() { return text; }
    public StringProperty groupProperty() { return group; }
    public StringProperty labelProperty() { return label; }
    public ObjectProperty<State> stateProperty() { return state; }
    public ObjectProperty<TaskFilter.Sort> sortProperty() { return sort; }
    public BooleanProperty descendingProperty() { return descending; }
    public IntegerProperty pageProperty() { return pager.page(); }
    public LongProperty totalProperty() { return pager.total(); }
    public BooleanProperty busyProperty() { return busy; }
    public StringProperty statusProperty() { return status; }
    public StringProperty errorProperty() { return error; }
}
