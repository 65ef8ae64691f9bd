package io.redcron.desktop.tasks;

import io.redcron.desktop.session.Workspace;
import io.redcron.desktop.ui.Messages;
import io.redcron.desktop.ui.UiExecutor;
import io.redcron.port.Page;
import io.redcron.port.PageRequest;
import io.redcron.ops.TriggerRun;
import io.redcron.port.RecentResults;
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
 * filters by text, group, label and state, each task's recent results, and actions on many
 * tasks at once. A live refresh keeps the page current (next fires, last runs) without moving
 * its rows. Every load runs off the JavaFX thread.
 */
public final class TasksViewModel {
    public enum State { ALL, ENABLED, DISABLED }

    public static final int PAGE_SIZE = 50;
    /** Ended runs per task that its success rate is computed over. */
    public static final int RECENT_RUNS = 20;

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

    private final StringProperty notice = new SimpleStringProperty("");

    private final TaskStore tasks;
    private final RunStore runs;
    private final TriggerRun trigger;
    private final Workspace workspace;
    private final UiExecutor executor;
    private final Messages messages;
    private long generation;
    private boolean loading;

    /**
     * @param tasks   a store that announces the changes made through it to the nodes
     * @param trigger records and queues manual runs, audited (the operations layer)
     */
    public TasksViewModel(TaskStore tasks, RunStore runs, TriggerRun trigger, Workspace workspace, UiExecutor executor,
                          Messages messages) {
        this.tasks = tasks;
        this.runs = runs;
        this.trigger = trigger;
        this.workspace = workspace;
        this.executor = executor;
        this.messages = messages;
    }

    /** Loads the current page, showing progress; a newer load wins over an older one still running. */
    public void load() {
        read(true);
    }

    /** The live refresh: quiet, and skipped while a load is still running. */
    public void refresh() {
        if (!loading) {
            read(false);
        }
    }

    private void read(boolean visible) {
        long mine = ++generation;
        loading = true;
        TaskFilter filter = new TaskFilter(workspace.namespace(), blankToNull(text.get()), blankToNull(group.get()),
                switch (state.get()) {
                    case ALL -> null;
                    case ENABLED -> Boolean.TRUE;
                    case DISABLED -> Boolean.FALSE;
                }, null, blankToNull(label.get()), sort.get(), descending.get());
        PageRequest request = pager.request();
        if (visible) {
            busy.set(true);
        }
        executor.submit(() -> {
            Page<Task> found = tasks.list(filter, request);
            java.util.Map<Long, RecentResults> recent = runs
                    .recentResults(found.items().stream().map(Task::id).toList(), RECENT_RUNS);
            List<TaskRow> computed = found.items().stream()
                    .map(task -> TaskRow.of(task, workspace.clock().instant(), messages, recent.get(task.id())))
                    .toList();
            return new Loaded(computed, found.total());
        }, loaded -> {
            if (mine != generation) {
                return;
            }
            loading = false;
            busy.set(false);
            error.set("");
            if (visible) {
                rows.setAll(loaded.rows);
            } else {
                // A refresh of the same page: rows keep their place, and a selection its rows.
                io.redcron.desktop.ui.StableRows.update(rows, loaded.rows, TaskRow::id);
            }
            pager.total().set(loaded.total);
            long first = pager.firstShown(loaded.rows.size());
            status.set(messages.get("tasks.status", first, first + loaded.rows.size() - (loaded.rows.isEmpty() ? 0 : 1),
                    loaded.total));
        }, failure -> {
            if (mine == generation) {
                loading = false;
                busy.set(false);
                error.set(failure.getMessage());
            }
        });
    }

    /** The next fire in the zones the table does not show. */
    public String nextFireZones(TaskRow row) {
        return row.task().nextFire(workspace.clock().instant())
                .map(at -> messages.time().otherZones(at, row.task().zone())).orElse("");
    }

    /** When the newest ended run ended, and how: "Succeeded · 3 min ago"; a dash if none ended. */
    public String lastRunText(TaskRow row) {
        if (row.recent() == null) {
            return "—";
        }
        String result = messages.get("tasks.result." + row.recent().lastStatus().name().toLowerCase(java.util.Locale.ROOT));
        if (row.recent().lastEndedAt() == null) {
            return result;
        }
        java.time.Duration age = java.time.Duration.between(row.recent().lastEndedAt(), workspace.clock().instant());
        return messages.get("tasks.last.ago", result, io.redcron.desktop.ui.Ages.of(messages, age));
    }

    /** The share of the latest runs that succeeded: "95 % of 20"; a dash if none ran to an outcome. */
    public String successText(TaskRow row) {
        if (row.recent() == null || row.recent().successRate().isEmpty()) {
            return "—";
        }
        return messages.get("tasks.success.rate", Math.round(row.recent().successRate().getAsDouble() * 100),
                row.recent().outcomes());
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

    /** Enables or disables tasks, then reloads and says how many changed. */
    public void setEnabled(List<TaskRow> chosen, boolean enable) {
        act(chosen, row -> tasks.setEnabled(row.task().id(), enable, workspace.operator()),
                count -> messages.get(enable ? "tasks.enabled.done" : "tasks.disabled.done", count));
    }

    /** Deletes tasks (their history stays), then reloads; the caller has asked for confirmation. */
    public void delete(List<TaskRow> chosen) {
        act(chosen, row -> tasks.delete(row.task().id(), workspace.operator()),
                count -> messages.get("tasks.deleted.done", count));
    }

    /**
     * Runs tasks now, a manual run each (audited, queued like any run); the notice names the runs
     * created, so they can be found in the runs list.
     */
    public void runNow(List<TaskRow> chosen) {
        List<TaskRow> rowsChosen = List.copyOf(chosen);
        if (rowsChosen.isEmpty()) {
            return;
        }
        busy.set(true);
        executor.submit(() -> {
            List<String> created = new java.util.ArrayList<>();
            for (TaskRow row : rowsChosen) {
                created.add(Long.toString(trigger.trigger(Long.toString(row.task().id()), java.util.Map.of()).run().id()));
            }
            return created;
        }, created -> {
            notice.set(messages.get("tasks.run.done", created.size(), String.join(", ", created)));
            load();
        }, this::failed);
    }

    private void act(List<TaskRow> chosen, java.util.function.Consumer<TaskRow> action,
                     java.util.function.IntFunction<String> done) {
        List<TaskRow> rowsChosen = List.copyOf(chosen);
        if (rowsChosen.isEmpty()) {
            return;
        }
        busy.set(true);
        notice.set("");
        executor.submit(() -> {
            rowsChosen.forEach(action);
            return rowsChosen.size();
        }, count -> {
            notice.set(done.apply(count));
            load();
        }, this::failed);
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
    public StringProperty noticeProperty() { return notice; }
}
