package io.redcron.desktop.tasks;

import io.redcron.desktop.runs.RunsPreset;
import io.redcron.desktop.session.Workspace;
import io.redcron.desktop.ui.Debouncer;
import io.redcron.desktop.ui.Messages;
import io.redcron.desktop.ui.Notice;
import io.redcron.desktop.ui.UiExecutor;
import io.redcron.port.Page;
import io.redcron.port.PageRequest;
import io.redcron.ops.TriggerRun;
import io.redcron.port.RecentResults;
import io.redcron.port.RunStore;
import io.redcron.port.GroupCount;
import io.redcron.port.TaskFacet;
import io.redcron.port.TaskGrouping;
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

import java.time.Instant;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The tasks table: one page at a time from the store (so 100,000 tasks cost what 50 do), with
 * filters by text, group, label, owner and state that apply as the user types, each task's recent
 * results, optional grouping by group or owner with a header per group, and actions on many tasks
 * at once. A live refresh keeps the page current (next fires, last runs) without moving its rows.
 * Every load runs off the JavaFX thread.
 */
public final class TasksViewModel {
    public enum State { ALL, ENABLED, DISABLED }

    public static final int PAGE_SIZE = 50;
    /** Ended runs per task that its success rate is computed over. */
    public static final int RECENT_RUNS = 20;

    /** How many completions a filter field offers at most. */
    public static final int COMPLETIONS = 12;

    private final ObservableList<TaskRow> rows = FXCollections.observableArrayList();
    private final ObservableList<TaskLine> lines = FXCollections.observableArrayList();
    private final StringProperty owner = new SimpleStringProperty("");
    private final ObjectProperty<GroupBy> groupBy = new SimpleObjectProperty<>(GroupBy.NONE);
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

    private final ObjectProperty<Notice> notice = new SimpleObjectProperty<>();
    private final Map<TaskFacet, Long> asked = new EnumMap<>(TaskFacet.class);
    private Debouncer typing = Debouncer.immediate();
    private Consumer<RunsPreset> openRuns = preset -> { };

    private final TaskStore tasks;
    private final io.redcron.port.ManagedTaskStore managed;
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
    public TasksViewModel(TaskStore tasks, RunStore runs, io.redcron.port.ManagedTaskStore managed, TriggerRun trigger,
                          Workspace workspace, UiExecutor executor, Messages messages) {
        this.tasks = tasks;
        this.managed = managed;
        this.runs = runs;
        this.trigger = trigger;
        this.workspace = workspace;
        this.executor = executor;
        this.messages = messages;
        for (StringProperty filter : List.of(text, group, label, owner)) {
            filter.addListener((o, old, now) -> typing.schedule(this::filtersChanged));
        }
    }

    /** Filters apply once typing pauses ({@link io.redcron.desktop.ui.FxDebouncer} on screen); at once until set. */
    public void debounceFiltersWith(Debouncer debouncer) {
        typing = debouncer;
    }

    /** How a notice's link sends the operator to the runs screen. */
    public void openRunsWith(Consumer<RunsPreset> opener) {
        openRuns = opener;
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
        TaskGrouping grouping = groupBy.get().grouping();
        TaskFilter filter = new TaskFilter(workspace.namespace(), blankToNull(text.get()), blankToNull(group.get()),
                switch (state.get()) {
                    case ALL -> null;
                    case ENABLED -> Boolean.TRUE;
                    case DISABLED -> Boolean.FALSE;
                }, null, blankToNull(label.get()), blankToNull(owner.get()), sort.get(), descending.get(), grouping);
        PageRequest request = pager.request();
        if (visible) {
            busy.set(true);
        }
        executor.submit(() -> {
            Page<Task> found = tasks.list(filter, request);
            java.util.Map<Long, RecentResults> recent = runs
                    .recentResults(found.items().stream().map(Task::id).toList(), RECENT_RUNS);
            java.util.Map<Long, io.redcron.domain.ManagedTask> declared = managed
                    .findAll(found.items().stream().map(Task::id).toList());
            List<TaskRow> computed = found.items().stream()
                    .map(task -> TaskRow.of(task, workspace.clock().instant(), messages, recent.get(task.id()),
                            declared.get(task.id())))
                    .toList();
            // One aggregate read per load, so a header counts its whole group, not just the page.
            Map<String, GroupCount> counts = grouping == null || computed.isEmpty() ? Map.of()
                    : tasks.groupCounts(filter, grouping);
            return new Loaded(computed, TaskGroups.lines(computed, grouping, counts), found.total());
        }, loaded -> {
            if (mine != generation) {
                return;
            }
            loading = false;
            busy.set(false);
            error.set("");
            if (visible) {
                rows.setAll(loaded.rows);
                lines.setAll(loaded.lines);
            } else {
                // A refresh of the same page: rows keep their place, and a selection its rows.
                io.redcron.desktop.ui.StableRows.update(rows, loaded.rows, TaskRow::id);
                io.redcron.desktop.ui.StableRows.update(lines, loaded.lines, TaskLine::key);
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

    /** The application declaring the task in its code, and whether the task drifted from it; a dash if none. */
    public String managedText(TaskRow row) {
        if (row.managed() == null) {
            return "—";
        }
        return row.drift().isEmpty() ? messages.get("tasks.managed.by", row.managed().managedBy())
                : messages.get("tasks.managed.drifted", row.managed().managedBy());
    }

    /** What the managed cell's tooltip tells: the edit policy and each drifted field; empty if unmanaged. */
    public String managedDetails(TaskRow row) {
        if (row.managed() == null) {
            return "";
        }
        StringBuilder text = new StringBuilder(messages.get(row.managed().edits() == io.redcron.domain.EditPolicy.REFUSE
                ? "tasks.managed.refuses" : "tasks.managed.warns", row.managed().managedBy()));
        for (io.redcron.format.ManagedDrift.Difference difference : row.drift()) {
            text.append('\n').append(messages.get("tasks.managed.difference", difference.field(),
                    String.valueOf(difference.declared()), String.valueOf(difference.current())));
        }
        return text.toString();
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

    /** "storage — 12 tasks, 2 disabled, 1 failing on this page"; the counts that are zero are left out. */
    public String headerText(GroupHeader header) {
        String value = header.value().isEmpty() ? messages.get("tasks.group.noOwner") : header.value();
        return messages.get("tasks.group.header", value, header.tasks())
                + (header.disabled() > 0 ? messages.get("tasks.group.disabled", header.disabled()) : "")
                + (header.failingOnPage() > 0 ? messages.get("tasks.group.failing", header.failingOnPage()) : "");
    }

    /**
     * The groups, owners or labels in use that contain {@code typed}, read off the JavaFX thread;
     * {@code show} gets them on it, unless a newer question for the same field came meanwhile.
     * A failure offers nothing: completions are a help, the filter still works without them.
     */
    public void suggest(TaskFacet facet, String typed, Consumer<List<String>> show) {
        long mine = asked.merge(facet, 1L, Long::sum);
        String namespace = workspace.namespace();
        executor.submit(() -> tasks.values(namespace, facet, typed, COMPLETIONS), values -> {
            if (asked.get(facet) == mine) {
                show.accept(values);
            }
        }, failure -> { });
    }

    /** Groups the table by group or owner (or not), from the first page. */
    public void groupBy(GroupBy choice) {
        groupBy.set(choice == null ? GroupBy.NONE : choice);
        filtersChanged();
    }

    /** The time the screen's notices are stamped and aged with. */
    public Instant now() {
        return workspace.clock().instant();
    }

    private record Loaded(List<TaskRow> rows, List<TaskLine> lines, long total) {
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

    /** Enables or disables tasks, then reloads and says how many changed. Headers among {@code chosen} are skipped. */
    public void setEnabled(List<? extends TaskLine> chosen, boolean enable) {
        act(chosen, row -> tasks.setEnabled(row.task().id(), enable, workspace.operator()),
                count -> messages.get(enable ? "tasks.enabled.done" : "tasks.disabled.done", count));
    }

    /** Deletes tasks (their history stays), then reloads; the caller has asked for confirmation. */
    public void delete(List<? extends TaskLine> chosen) {
        act(chosen, row -> tasks.delete(row.task().id(), workspace.operator()),
                count -> messages.get("tasks.deleted.done", count));
    }

    /**
     * Runs tasks now, a manual run each (audited, queued like any run); the notice names the runs
     * created and links to them on the runs screen (one task: its new run; several: the newest runs).
     */
    public void runNow(List<? extends TaskLine> chosen) {
        List<TaskRow> rowsChosen = tasksOf(chosen);
        if (rowsChosen.isEmpty()) {
            return;
        }
        busy.set(true);
        notice.set(null);
        executor.submit(() -> {
            List<Long> created = new java.util.ArrayList<>();
            for (TaskRow row : rowsChosen) {
                created.add(trigger.trigger(Long.toString(row.task().id()), java.util.Map.of()).run().id());
            }
            return created;
        }, created -> {
            RunsPreset where = created.size() == 1 ? RunsPreset.ofRun(rowsChosen.get(0).name(), created.get(0))
                    : new RunsPreset(null, null);
            String ids = String.join(", ", created.stream().map(String::valueOf).toList());
            notice.set(Notice.of(messages.get("tasks.run.started", created.size(), ids), now())
                    .withLink(messages.get("tasks.run.openRuns"), () -> openRuns.accept(where)));
            load();
        }, this::failed);
    }

    private void act(List<? extends TaskLine> chosen, Consumer<TaskRow> action, java.util.function.IntFunction<String> done) {
        List<TaskRow> rowsChosen = tasksOf(chosen);
        if (rowsChosen.isEmpty()) {
            return;
        }
        busy.set(true);
        notice.set(null);
        executor.submit(() -> {
            rowsChosen.forEach(action);
            return rowsChosen.size();
        }, count -> {
            notice.set(Notice.of(done.apply(count), now()));
            load();
        }, this::failed);
    }

    /** The tasks among selected lines: a group header is never acted on. */
    public static List<TaskRow> tasksOf(List<? extends TaskLine> chosen) {
        return chosen.stream().filter(TaskRow.class::isInstance).map(TaskRow.class::cast).toList();
    }

    private void failed(Throwable failure) {
        busy.set(false);
        error.set(failure.getMessage());
    }

    private static String blankToNull(String value) {
        return value == null || value.isBlank() ? null : value.trim();
    }

    /** The tasks of the page, in order. */
    public ObservableList<TaskRow> rows() { return rows; }
    /** What the table shows: the page's tasks, with a header above each group when grouped. */
    public ObservableList<TaskLine> lines() { return lines; }
    public StringProperty ownerProperty() { return owner; }
    public ObjectProperty<GroupBy> groupByProperty() { return groupBy; }
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
    public ObjectProperty<Notice> noticeProperty() { return notice; }
}
