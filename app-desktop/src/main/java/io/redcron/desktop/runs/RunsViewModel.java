package io.redcron.desktop.runs;

import io.redcron.desktop.session.Workspace;
import io.redcron.desktop.ui.Messages;
import io.redcron.desktop.ui.StableRows;
import io.redcron.desktop.ui.TimeDisplay;
import io.redcron.desktop.ui.UiExecutor;
import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.desktop.ui.Notice;
import io.redcron.domain.Task;
import java.util.Optional;
import io.redcron.domain.TriggerType;
import io.redcron.ops.Lookup;
import io.redcron.ops.Operations;
import io.redcron.port.Page;
import io.redcron.port.PageRequest;
import io.redcron.port.RunFilter;
import io.redcron.port.RetentionStore;
import io.redcron.port.RetentionStore.RunPin;
import io.redcron.port.RunStore;
import io.redcron.domain.ShardRules;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.LongProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.collections.ObservableSet;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.Collection;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.function.Function;

/**
 * The runs screen: run history one page at a time with filters, the selected run's details with
 * its output (followed live while it runs) and whether it is pinned, and retry, cancel, trigger,
 * pin and unpin. Every store call runs
 * off the JavaFX thread through the {@link UiExecutor}.
 *
 * <p>The periodic {@link #refresh} never moves a row: the runs on screen are read again by id and
 * change in place, and runs newer than them are counted and announced ({@link NewRuns}), shown
 * only when the operator asks ({@link #showNewRuns}). The task filter is a part of task names,
 * resolved to the tasks it matches; tasks the operator hid ({@link HiddenTasks}) are left out.
 */
public final class RunsViewModel {
    public enum TriggerChoice { ALL, CRON, MANUAL, WORKFLOW }

    public static final int PAGE_SIZE = 50;
    /**
     * The most tasks a part of a name may match: past it the listing would check a long list of
     * tasks on every run, and the operator surely meant fewer.
     */
    static final int MATCHED_TASKS = 500;
    /** How long one read of a live output stream waits for more; also how soon a tail notices it was stopped. */
    static final Duration TAIL_BLOCK = Duration.ofMillis(500);
    /**
     * The most output the details pane previews; a chatty run keeps its latest output, and the
     * output window shows it all. Past it a quarter goes at once, so that the preview is rarely
     * redrawn from scratch.
     */
    static final int PREVIEW_LIMIT = 64 * 1024;

    private final ObservableList<RunRow> rows = FXCollections.observableArrayList();
    private final StringProperty taskName = new SimpleStringProperty("");
    private final ObservableSet<RunStatus> statuses = FXCollections.observableSet(EnumSet.noneOf(RunStatus.class));
    private final ObjectProperty<TriggerChoice> trigger = new SimpleObjectProperty<>(TriggerChoice.ALL);
    private final ObjectProperty<LocalDate> from = new SimpleObjectProperty<>();
    private final ObjectProperty<LocalDate> to = new SimpleObjectProperty<>();
    private final io.redcron.desktop.ui.Pager pager = new io.redcron.desktop.ui.Pager(PAGE_SIZE, this::load);
    private final BooleanProperty loading = new SimpleBooleanProperty();
    private final StringProperty status = new SimpleStringProperty("");
    private final StringProperty error = new SimpleStringProperty("");
    private final ObjectProperty<NewRuns> newRuns = new SimpleObjectProperty<>(NewRuns.NONE);
    private final StringBinding newRunsText;

    private final ReadOnlyObjectWrapper<RunRow> selected = new ReadOnlyObjectWrapper<>();
    /** The workflow step whose run is selected; null for a run no workflow started, or not read yet. */
    private final ReadOnlyObjectWrapper<io.redcron.workflow.StepRun> workflowStep = new ReadOnlyObjectWrapper<>();
    private final StringBinding workflowStepText;
    private java.util.function.Function<Run, java.util.Optional<io.redcron.workflow.StepRun>> stepOf =
            run -> java.util.Optional.empty();
    private final ObservableList<AttemptRow> attempts = FXCollections.observableArrayList();
    private final ObservableList<RunRow> shards = FXCollections.observableArrayList();
    private final javafx.beans.property.StringProperty shardsTitle = new javafx.beans.property.SimpleStringProperty();
    private final ReadOnlyStringWrapper output = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper following = new ReadOnlyBooleanWrapper();
    private final BooleanProperty acting = new SimpleBooleanProperty();
    private final ObjectProperty<Notice> notice = new SimpleObjectProperty<>();
    /** The selected run's pin; null while it is not pinned, or not read yet ({@link #pinKnown}). */
    private final ReadOnlyObjectWrapper<RunPin> pin = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyBooleanWrapper pinKnown = new ReadOnlyBooleanWrapper();
    private final StringBinding pinText;
    private final BooleanBinding canPin;
    private final BooleanBinding canRetry;
    private final BooleanBinding canCancel;
    private final StringBinding detailTitle;
    private final StringBinding attemptsTitle;

    private final Operations operations;
    private final RunStore runs;
    private final RetentionStore retention;
    private final Workspace workspace;
    private final UiExecutor executor;
    private final Messages messages;
    private final ZoneId zone;
    private final OutputTail tail;
    private final HiddenTasks hidden;
    private final TaskNameCompletion completion;
    /**
     * The task filter is a whole name (chosen from the completion, or sent by another screen), not
     * a part of one: "backup" from the dashboard lists that task's runs, not also "nightly-backup"'s.
     */
    private boolean exactTask;
    private boolean naming;
    private long generation;
    /** The filter the rows on screen were read with, tasks resolved; null when a refresh must load instead. */
    private RunFilter shownFilter;
    private boolean refreshing;
    /** In each task's zone mode: the zones of the tasks of the runs read since the last load. */
    private volatile Map<Long, ZoneId> taskZones = Map.of();
    /** The run whose output the view shows from its live stream, if any. */
    private Long liveRunId;
    /** The run (and state) whose stored output the view shows, so a refresh does not read it again. */
    private RunState outputShown;

    /**
     * @param runs      the history, read a page at a time
     * @param retention where runs are pinned
     * @param zone      the zone times are shown in, and the date filters are read in
     */
    public RunsViewModel(Operations operations, RunStore runs, RetentionStore retention, Workspace workspace,
                         UiExecutor executor, Messages messages, ZoneId zone) {
        this(operations, runs, retention, workspace, executor, messages, zone, HiddenTasks.Memory.none());
    }

    /** @param hiddenTasks where the tasks the operator hid are remembered */
    public RunsViewModel(Operations operations, RunStore runs, RetentionStore retention, Workspace workspace,
                         UiExecutor executor, Messages messages, ZoneId zone, HiddenTasks.Memory hiddenTasks) {
        this.hidden = new HiddenTasks(hiddenTasks);
        this.completion = new TaskNameCompletion(operations.lookup(), executor);
        this.operations = operations;
        this.runs = runs;
        this.retention = retention;
        this.workspace = workspace;
        this.executor = executor;
        this.messages = messages;
        this.zone = zone;
        this.tail = new OutputTail(operations.output(), executor, TAIL_BLOCK);
        canRetry = Bindings.createBooleanBinding(() -> selected.get() != null && selected.get().runStatus().isFinal()
                && !acting.get(), selected, acting);
        canCancel = Bindings.createBooleanBinding(() -> selected.get() != null && !selected.get().runStatus().isFinal()
                && !acting.get(), selected, acting);
        canPin = Bindings.createBooleanBinding(() -> selected.get() != null && pinKnown.get() && !acting.get(),
                selected, pinKnown, acting);
        pinText = Bindings.createStringBinding(() -> pin.get() == null ? "" : pinText(pin.get()), pin);
        workflowStepText = Bindings.createStringBinding(() -> workflowStep.get() == null ? ""
                : messages.get("runs.detail.workflowStep", workflowStep.get().step(),
                        workflowStep.get().workflowRunId()), workflowStep);
        newRunsText = Bindings.createStringBinding(() -> newRuns.get().text(messages), newRuns);
        // Typing makes the filter a part of a name again; a name set from a list stays exact.
        taskName.addListener((observable, before, after) -> exactTask = naming);
        attemptsTitle = Bindings.createStringBinding(() -> messages.get("runs.attempts.count", attempts.size()), attempts);
        detailTitle = Bindings.createStringBinding(() -> selected.get() == null ? messages.get("runs.detail.none")
                : messages.get("runs.detail.title", selected.get().id(), selected.get().task()), selected);
    }

    // ---- history ----

    /**
     * Loads the current page, new runs included; a newer load wins over an older one (or a
     * refresh) still running.
     */
    public void load() {
        long mine = ++generation;
        String task = blankToNull(taskName.get());
        boolean exact = exactTask;
        RunFilter filter;
        try {
            filter = filter();
        } catch (RunActionException e) {
            failed(e);
            return;
        }
        PageRequest request = pager.request();
        loading.set(true);
        newRuns.set(NewRuns.NONE);
        executor.submit(() -> {
            RunFilter wanted = filter;
            if (task != null && exact) {
                Optional<Task> named = operations.lookup().findTask(task);
                if (named.isEmpty()) {
                    return Loaded.noTaskMatches(task);
                }
                wanted = wanted.forTask(named.get().id());
            } else if (task != null) {
                Lookup.TaskMatches matches = operations.lookup().tasksNamedLike(task, MATCHED_TASKS);
                if (matches.more()) {
                    throw new RunActionException("runs.error.tooManyTasks", task, MATCHED_TASKS);
                }
                if (matches.tasks().isEmpty()) {
                    return Loaded.noTaskMatches(task);
                }
                Set<Long> ids = new LinkedHashSet<>();
                matches.tasks().forEach(found -> ids.add(found.id()));
                wanted = wanted.forTasks(ids);
            }
            Page<Run> found = runs.list(wanted, request);
            Map<Long, ZoneId> zones = zonesOf(found.items(), Map.of());
            Instant now = workspace.clock().instant();
            return new Loaded(wanted, found.items().stream().map(run -> row(run, now, zones)).toList(),
                    found.total(), found.totalIsLowerBound(), zones, null);
        }, loaded -> {
            if (mine != generation) {
                return;
            }
            loading.set(false);
            error.set("");
            shownFilter = loaded.filter;
            taskZones = loaded.zones;
            rows.setAll(loaded.rows);
            pager.total().set(loaded.total);
            if (loaded.unmatched != null) {
                // Not an error: the operator is typing, and an empty list says the same.
                status.set(messages.get("runs.filter.noTaskMatches", loaded.unmatched));
                return;
            }
            long first = pager.firstShown(loaded.rows.size());
            long last = loaded.rows.isEmpty() ? 0 : first + loaded.rows.size() - 1;
            // A long history is counted only so far: the store then gives a lower bound.
            status.set(messages.get(loaded.atLeast ? "runs.page.atLeast" : "runs.page", first, last, loaded.total));
            showAgain(loaded.rows);
        }, failure -> {
            if (mine == generation) {
                failed(failure);
            }
        });
    }

    private void failed(Throwable failure) {
        loading.set(false);
        shownFilter = null;
        rows.clear();
        pager.total().set(0);
        status.set("");
        newRuns.set(NewRuns.NONE);
        error.set(describe(failure, messages));
    }

    /** Brings the selected run's details up to date from its row among {@code fresh}, if it is there. */
    private void showAgain(List<RunRow> fresh) {
        RunRow current = selected.get();
        if (current != null) {
            fresh.stream().filter(row -> row.id() == current.id()).findFirst().ifPresent(this::show);
        }
    }

    /**
     * For the periodic refresh: the runs on screen change in place (their status, attempt, end),
     * and on the first page the runs newer than them are counted for {@link #newRunsTextProperty}.
     * Nothing is inserted or removed, so no row moves under the cursor. A screen showing nothing
     * (nothing yet, a failure, no task matched) loads instead: nothing can move there.
     */
    public void refresh() {
        if (loading.get() || refreshing) {
            return;
        }
        if (shownFilter == null || rows.isEmpty()) {
            load();
            return;
        }
        long mine = generation;
        RunFilter filter = shownFilter;
        List<RunRow> before = List.copyOf(rows);
        Run newest = pager.page().get() == 0 ? before.get(0).run() : null;
        Map<Long, ZoneId> knownZones = taskZones;
        refreshing = true;
        executor.submit(() -> {
            Set<Long> ids = new LinkedHashSet<>();
            before.forEach(row -> ids.add(row.id()));
            Map<Long, Run> now = runs.getAll(ids);
            NewRuns counted = NewRuns.NONE;
            if (newest != null) {
                Page<Run> later = runs.list(NewRuns.after(filter, newest), PageRequest.first(1));
                List<Run> sameMoment = runs.list(NewRuns.sameMoment(filter, newest), PageRequest.first(PAGE_SIZE)).items();
                counted = NewRuns.of(later, sameMoment, newest, ids);
            }
            Map<Long, ZoneId> zones = zonesOf(now.values(), knownZones);
            Instant at = workspace.clock().instant();
            // A run gone from the store (a retention purge) keeps its row until the next load.
            List<RunRow> fresh = before.stream().map(row -> now.containsKey(row.id())
                    ? row(now.get(row.id()), at, zones) : row).toList();
            return new Refreshed(fresh, counted, zones);
        }, refreshed -> {
            refreshing = false;
            if (mine != generation) {
                return;
            }
            taskZones = refreshed.zones;
            StableRows.update(rows, refreshed.rows, RunRow::id);
            newRuns.set(refreshed.newRuns);
            showAgain(refreshed.rows);
        }, failure -> {
            refreshing = false;
            if (mine == generation) {
                error.set(describe(failure, messages));
            }
        });
    }

    /** Shows the runs a refresh announced: the page is read again, the selection kept by the view. */
    public void showNewRuns() {
        load();
    }

    private RunRow row(Run run, Instant now, Map<Long, ZoneId> zones) {
        return RunRow.of(run, now, zones.getOrDefault(run.taskId(), zone), messages);
    }

    /**
     * In each task's zone mode, {@code known} and the zones of the other tasks of {@code found},
     * read in one go; otherwise none (every row in {@link #zone}). A task deleted since has no
     * zone: its runs are shown in the desktop's.
     */
    private Map<Long, ZoneId> zonesOf(Collection<Run> found, Map<Long, ZoneId> known) {
        if (messages.time().mode() != TimeDisplay.Mode.TASK) {
            return Map.of();
        }
        Set<Long> missing = new LinkedHashSet<>();
        found.forEach(run -> {
            if (!known.containsKey(run.taskId())) {
                missing.add(run.taskId());
            }
        });
        if (missing.isEmpty()) {
            return known;
        }
        Map<Long, ZoneId> zones = new HashMap<>(known);
        operations.lookup().tasks(missing).forEach((id, task) -> zones.put(id, task.zone()));
        return Map.copyOf(zones);
    }

    /**
     * Opens on what another screen asked for: that task's runs, every status and trigger, and the
     * run asked for selected, read on its own if it is not on the first page.
     */
    public void open(RunsPreset preset) {
        name(preset.taskName() == null ? "" : preset.taskName());
        statuses.clear();
        trigger.set(TriggerChoice.ALL);
        from.set(null);
        to.set(null);
        filtersChanged();
        if (preset.runId() != null) {
            long id = preset.runId();
            Map<Long, ZoneId> known = taskZones;
            executor.submit(() -> operations.lookup().findRun(id).map(run -> row(run, workspace.clock().instant(),
                    zonesOf(List.of(run), known))), found -> found.ifPresentOrElse(this::select,
                    () -> error.set(messages.get("runs.error.noRun", id))), failure -> error.set(describe(failure, messages)));
        }
    }

    /** A page read; {@code unmatched} is the filter text when no task name contains it. */
    private record Loaded(RunFilter filter, List<RunRow> rows, long total, boolean atLeast, Map<Long, ZoneId> zones,
                          String unmatched) {
        static Loaded noTaskMatches(String text) {
            return new Loaded(null, List.of(), 0, false, Map.of(), text);
        }
    }

    private record Refreshed(List<RunRow> rows, NewRuns newRuns, Map<Long, ZoneId> zones) {
    }

    private RunFilter filter() {
        Set<RunStatus> wanted = statuses.isEmpty() ? Set.of() : EnumSet.copyOf(statuses);
        TriggerType type = switch (trigger.get() == null ? TriggerChoice.ALL : trigger.get()) {
            case ALL -> null;
            case CRON -> TriggerType.CRON;
            case MANUAL -> TriggerType.MANUAL;
            case WORKFLOW -> TriggerType.WORKFLOW;
        };
        if (from.get() != null && to.get() != null && from.get().isAfter(to.get())) {
            throw new RunActionException("runs.error.range");
        }
        Instant start = from.get() == null ? null : from.get().atStartOfDay(zone).toInstant();
        Instant end = to.get() == null ? null : to.get().plusDays(1).atStartOfDay(zone).toInstant();
        return RunFilter.all(workspace.namespace()).withStatuses(wanted).withTrigger(type).between(start, end)
                .excludingTasks(hidden.ids());
    }

    // ---- hidden tasks and task names ----

    /** Hides the runs of the task of {@code row}, from now on and when the screen opens again. */
    public void hideTaskOf(RunRow row) {
        if (row != null && hidden.hide(row.run().taskId(), row.task())) {
            filtersChanged();
        }
    }

    /** Sets the task filter to a whole name. */
    private void name(String name) {
        naming = true;
        try {
            taskName.set(name);
        } finally {
            naming = false;
        }
        exactTask = !name.isEmpty();
    }

    /** Shows a hidden task's runs again. */
    public void showTask(long taskId) {
        if (hidden.show(taskId)) {
            filtersChanged();
        }
    }

    /** A name the completion offered was chosen: it fills the filter, which applies at once. */
    public void chooseTask(String name) {
        name(name);
        completion.dismiss(); // after: the name set in the field is not typing to offer names for
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

    // ---- the selected run ----

    /**
     * Shows a run's details. Choosing another run stops following the previous one; choosing the
     * same one again only brings its details up to date. Null keeps the details as they are.
     */
    public void select(RunRow row) {
        if (row == null) {
            return;
        }
        RunRow current = selected.get();
        if (current == null || current.id() != row.id()) {
            stopFollowing();
            output.set("");
            outputShown = null;
            attempts.clear();
        }
        boolean pinChanged = current == null || current.id() != row.id();
        boolean attemptsChanged = current == null || current.id() != row.id()
                || current.run().attempt() != row.run().attempt() || current.run().status() != row.run().status();
        show(row);
        if (pinChanged) {
            loadPin(row.id());
            loadWorkflowStep(row.run());
        }
        if (attemptsChanged) {
            loadAttempts(row);
        }
        // A sharded fire under way is read again with every refresh: its shards move, it does not.
        if (pinChanged || (row.run().isShardParent() && !row.run().status().isFinal())) {
            loadShards(row);
        }
    }

    /** The shards of a sharded fire's parent, with how far they are; none for any other run. */
    private void loadShards(RunRow row) {
        Run run = row.run();
        if (!run.isShardParent()) {
            shards.clear();
            shardsTitle.set(messages.get("runs.shards"));
            return;
        }
        executor.submit(() -> runs.shards(run), found -> {
            RunRow current = selected.get();
            if (current != null && current.id() == run.id()) {
                Instant now = workspace.clock().instant();
                shards.setAll(found.stream().map(shard -> row(shard, now, taskZones)).toList());
                ShardRules.Progress progress = ShardRules.progress(run.shardTotal(), found);
                shardsTitle.set(run.shardTotal() == 0 ? messages.get("runs.shards.unsplit")
                        : messages.get("runs.shards.progress", progress.ended(), progress.total(), progress.failed()));
            }
        }, failure -> error.set(describe(failure, messages)));
    }

    /**
     * Lets the details say which workflow step started a run, and lead to that workflow run.
     * Without it (or for a run no workflow started) the details say nothing of workflows.
     */
    public RunsViewModel withWorkflows(io.redcron.ops.WorkflowOperations workflows) {
        stepOf = workflows::stepOf;
        return this;
    }

    /**
     * The workflow step a run was started for, read on its own; a failure to read it (an account
     * that may not read workflows) leaves the details as they are for any other run.
     */
    private void loadWorkflowStep(Run run) {
        workflowStep.set(null);
        if (run.trigger() != TriggerType.WORKFLOW) {
            return;
        }
        executor.submit(() -> stepOf.apply(run), found -> {
            RunRow current = selected.get();
            if (current != null && current.id() == run.id()) {
                workflowStep.set(found.orElse(null));
            }
        }, failure -> { });
    }

    /** Whether the run is pinned, read on its own: the listing does not say. */
    private void loadPin(long runId) {
        pin.set(null);
        pinKnown.set(false);
        executor.submit(() -> retention.pin(runId), found -> {
            RunRow current = selected.get();
            if (current != null && current.id() == runId) {
                pin.set(found.orElse(null));
                pinKnown.set(true);
            }
        }, failure -> error.set(describe(failure, messages)));
    }

    /** "Pinned by alice on 2026-12-03 09:00 +00:00 — incident 4711", in the zone the run's times are shown in. */
    private String pinText(RunPin shown) {
        RunRow row = selected.get();
        ZoneId in = row == null ? zone : taskZones.getOrDefault(row.run().taskId(), zone);
        String at = PIN_TIME.format(shown.pinnedAt().atZone(in));
        return shown.note() == null ? messages.get("runs.pin.by", shown.pinnedBy(), at)
                : messages.get("runs.pin.byWithNote", shown.pinnedBy(), at, shown.note());
    }

    private static final java.time.format.DateTimeFormatter PIN_TIME =
            java.time.format.DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm xxx");

    /** Every attempt of the run, oldest first: those kept beside it and its own latest one. */
    private void loadAttempts(RunRow row) {
        Run run = row.run();
        executor.submit(() -> runs.attempts(run.id()), past -> {
            RunRow current = selected.get();
            if (current != null && current.id() == run.id()) {
                attempts.setAll(AttemptTimeline.of(current.run(), past, messages, taskZones.get(current.run().taskId())));
            }
        }, failure -> error.set(describe(failure, messages)));
    }

    private void show(RunRow row) {
        selected.set(row);
        Run run = row.run();
        if (liveRunId != null && liveRunId == run.id()) {
            if (!following.get() && run.status().isFinal() && output.get().isEmpty()) {
                showStoredOutput(row);
            }
            return;
        }
        if (run.status() == RunStatus.RUNNING) {
            outputShown = null;
            follow(run.id());
        } else {
            showStoredOutput(row);
        }
    }

    /**
     * The listing reads no output (fifty runs of up to 64 KiB each); the selected run's is read
     * on its own, once per state of the run.
     */
    private void showStoredOutput(RunRow row) {
        RunState state = RunState.of(row.run());
        if (row.run().output() != null) {
            outputShown = state;
            output.set(preview(row.output()));
            return;
        }
        if (state.equals(outputShown)) {
            return;
        }
        executor.submit(() -> operations.lookup().findRun(row.id()).map(Run::output).orElse(null), text -> {
            RunRow current = selected.get();
            if (current != null && current.id() == row.id() && !following.get()) {
                outputShown = state;
                output.set(text == null ? "" : preview(text));
            }
        }, failure -> error.set(describe(failure, messages)));
    }

    /** What decides whether a run's stored output may have changed. */
    private record RunState(long runId, RunStatus status, int attempt) {
        static RunState of(Run run) {
            return new RunState(run.id(), run.status(), run.attempt());
        }
    }

    /** Stops following live output (another run was chosen, or the screen was left). */
    public void stopFollowing() {
        tail.stop();
        liveRunId = null;
        following.set(false);
    }

    private void follow(long runId) {
        liveRunId = runId;
        following.set(true);
        output.set("");
        tail.follow(runId, batch -> {
            if (batch.restarted()) {
                output.set(preview(batch.text()));
            } else if (!batch.text().isEmpty()) {
                output.set(preview(output.get() + batch.text()));
            }
            if (batch.ended()) {
                following.set(false);
                reloadSelected(runId);
            }
        }, failure -> {
            following.set(false);
            error.set(describe(failure, messages));
        });
    }

    /** The end of {@code text} the preview shows: all of it, or its last lines once it is too long. */
    static String preview(String text) {
        if (text.length() <= PREVIEW_LIMIT) {
            return text;
        }
        int from = text.length() - (PREVIEW_LIMIT - PREVIEW_LIMIT / 4);
        int lineStart = text.indexOf('\n', from);
        return lineStart < 0 || lineStart == text.length() - 1 ? text.substring(from) : text.substring(lineStart + 1);
    }

    private void reloadSelected(long runId) {
        Map<Long, ZoneId> known = taskZones;
        executor.submit(() -> operations.lookup().findRun(runId).map(run -> row(run, workspace.clock().instant(),
                zonesOf(List.of(run), known))), found -> found.ifPresent(row -> {
                    RunRow current = selected.get();
                    if (current != null && current.id() == runId) {
                        show(row);
                    }
                }), failure -> error.set(describe(failure, messages)));
    }

    /** The selected run's output, for a window of its own; null while no run is selected. */
    public RunOutputViewModel outputOfSelected() {
        RunRow row = selected.get();
        return row == null ? null : new RunOutputViewModel(operations, executor, messages, zone, workspace.clock(), row);
    }

    // ---- actions ----

    /** Runs the selected (ended) run's task again with the same parameters. */
    public void retry() {
        RunRow row = selected.get();
        if (row == null || !row.runStatus().isFinal()) {
            return;
        }
        act(() -> RunActionException.localised(() -> operations.retry().retry(row.id()).run(), row),
                run -> created(messages.get("runs.retry.done", run.id(), run.taskName()), run));
    }

    /** Cancels the selected run; the view asks the operator first. */
    public void cancel() {
        RunRow row = selected.get();
        if (row == null) {
            return;
        }
        act(() -> RunActionException.localised(() -> operations.cancel().cancel(row.id()), row),
                result -> Notice.of(messages.get(switch (result.outcome()) {
            case CANCELLED -> "runs.cancel.done";
            case STOPPING -> result.run().status() == RunStatus.SHARDED ? "runs.cancel.shards" : "runs.cancel.stopping";
            case ALREADY_ENDED -> "runs.cancel.ended";
        }, row.id(), RunRow.statusLabel(result.run().status(), messages)), workspace.clock().instant()));
    }

    /**
     * Pins the selected run, so that retention keeps it whatever its age.
     *
     * @param note why it is kept; blank for no note
     */
    public void pin(String note) {
        RunRow row = selected.get();
        if (row == null) {
            return;
        }
        act(() -> retention.pin(row.id(), note, workspace.operator()), pinned -> {
            loadPin(row.id());
            return Notice.of(messages.get(pinned ? "runs.pin.done" : "runs.pin.already", row.id()),
                    workspace.clock().instant());
        });
    }

    /** Lets retention judge the selected run by its age again. */
    public void unpin() {
        RunRow row = selected.get();
        if (row == null) {
            return;
        }
        act(() -> retention.unpin(row.id(), workspace.operator()), unpinned -> {
            loadPin(row.id());
            return Notice.of(messages.get(unpinned ? "runs.unpin.done" : "runs.unpin.already", row.id()),
                    workspace.clock().instant());
        });
    }

    /** Whether the selected run is pinned, as last read. */
    public boolean isSelectedPinned() {
        return pin.get() != null;
    }

    /** The headline of the question asked for a pin's note. */
    public String pinQuestion() {
        RunRow row = selected.get();
        return row == null ? "" : messages.get("runs.pin.question", row.id(), row.task());
    }

    /** The question asked before cancelling the selected run. */
    public String retryQuestion() {
        RunRow row = selected.get();
        return row == null ? "" : messages.get("runs.retry.confirm.text", row.id(), row.task(), row.status());
    }

    public String cancelQuestion() {
        RunRow row = selected.get();
        return row == null ? "" : messages.get("runs.cancel.confirm.text", row.id(), row.task(), row.status());
    }

    /** The task a new trigger is for: the selected run's, or none. */
    public String selectedTaskName() {
        return selected.get() == null ? "" : selected.get().task();
    }

    /** A run was triggered from the trigger view: says so, and shows it in the history. */
    public void triggered(Run run) {
        notice.set(created(messages.get("runs.trigger.done", run.id(), run.taskName()), run));
        load();
    }

    /** A notice of a run just made, with a link that shows it (its task's runs, it selected). */
    private Notice created(String text, Run run) {
        return Notice.of(text, workspace.clock().instant()).withLink(messages.get("runs.notice.show", run.id()),
                () -> open(RunsPreset.ofRun(run.taskName(), run.id())));
    }

    private <T> void act(Callable<T> work, Function<T, Notice> done) {
        acting.set(true);
        notice.set(null);
        error.set("");
        executor.submit(work, result -> {
            acting.set(false);
            notice.set(done.apply(result));
            load();
        }, failure -> {
            acting.set(false);
            error.set(describe(failure, messages));
        });
    }

    /** One readable line for a failure: never a stack trace. */
    static String describe(Throwable failure, Messages messages) {
        if (failure instanceof RunActionException action) {
            return messages.get(action.key(), action.arguments());
        }
        return io.redcron.desktop.ui.FailureText.oneLine(failure);
    }

    private static String blankToNull(String value) {
        return value == null || value.isBlank() ? null : value.trim();
    }

    public ObservableList<RunRow> rows() { return rows; }
    /** A column header that names the zone its times are in. */
    public String header(String key) {
        return messages.get("time.header", messages.get(key), messages.time().headerZone(messages));
    }

    public ObservableList<AttemptRow> attempts() { return attempts; }
    public ObservableList<RunRow> shards() { return shards; }
    public javafx.beans.property.ReadOnlyStringProperty shardsTitleProperty() { return shardsTitle; }
    public StringBinding attemptsTitleProperty() { return attemptsTitle; }
    public StringProperty taskNameProperty() { return taskName; }
    public ObservableSet<RunStatus> statuses() { return statuses; }
    public ObjectProperty<TriggerChoice> triggerProperty() { return trigger; }
    public ObjectProperty<LocalDate> fromProperty() { return from; }
    public ObjectProperty<LocalDate> toProperty() { return to; }
    public IntegerProperty pageProperty() { return pager.page(); }
    public LongProperty totalProperty() { return pager.total(); }
    public BooleanProperty loadingProperty() { return loading; }
    public StringProperty statusProperty() { return status; }
    public StringProperty errorProperty() { return error; }
    /** "12 new runs" while a refresh found runs not shown yet; empty otherwise. */
    public StringBinding newRunsTextProperty() { return newRunsText; }
    public ObservableList<HiddenTasks.Task> hiddenTasks() { return hidden.tasks(); }
    public TaskNameCompletion completion() { return completion; }
    public ReadOnlyObjectProperty<RunRow> selectedProperty() { return selected.getReadOnlyProperty(); }
    public ReadOnlyStringProperty outputProperty() { return output.getReadOnlyProperty(); }
    public ReadOnlyBooleanProperty followingProperty() { return following.getReadOnlyProperty(); }
    public BooleanProperty actingProperty() { return acting; }
    public ObjectProperty<Notice> noticeProperty() { return notice; }
    /** The selected run's pin; null while it is not pinned. */
    public ReadOnlyObjectProperty<RunPin> pinProperty() { return pin.getReadOnlyProperty(); }
    /** Who pinned the selected run, when and why; empty while it is not pinned. */
    public StringBinding pinTextProperty() { return pinText; }
    /** "Step load of workflow run 12" for a run a workflow started; empty otherwise. */
    public StringBinding workflowStepTextProperty() { return workflowStepText; }
    public javafx.beans.property.ReadOnlyObjectProperty<io.redcron.workflow.StepRun> workflowStepProperty() {
        return workflowStep.getReadOnlyProperty();
    }
    /** A run is selected and whether it is pinned is known. */
    public BooleanBinding canPinProperty() { return canPin; }

    /** The time the screen's notices are stamped and aged with. */
    public Instant now() { return workspace.clock().instant(); }

    public Messages messages() { return messages; }
    public BooleanBinding canRetryProperty() { return canRetry; }
    public BooleanBinding canCancelProperty() { return canCancel; }
    public StringBinding detailTitleProperty() { return detailTitle; }
}
