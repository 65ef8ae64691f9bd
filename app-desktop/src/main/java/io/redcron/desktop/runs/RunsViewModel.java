package io.redcron.desktop.runs;

import io.redcron.desktop.session.Workspace;
import io.redcron.desktop.ui.Messages;
import io.redcron.desktop.ui.UiExecutor;
import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.Task;
import io.redcron.domain.TriggerType;
import io.redcron.ops.Operations;
import io.redcron.port.Page;
import io.redcron.port.PageRequest;
import io.redcron.port.RunFilter;
import io.redcron.port.RunStore;
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
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.function.Function;

/**
 * The runs screen: run history one page at a time with filters, the selected run's details with
 * its output (followed live while it runs), and retry, cancel and trigger. Every store call runs
 * off the JavaFX thread through the {@link UiExecutor}.
 */
public final class RunsViewModel {
    public enum TriggerChoice { ALL, CRON, MANUAL }

    public static final int PAGE_SIZE = 50;
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

    private final ReadOnlyObjectWrapper<RunRow> selected = new ReadOnlyObjectWrapper<>();
    private final ObservableList<AttemptRow> attempts = FXCollections.observableArrayList();
    private final ReadOnlyStringWrapper output = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper following = new ReadOnlyBooleanWrapper();
    private final BooleanProperty acting = new SimpleBooleanProperty();
    private final StringProperty notice = new SimpleStringProperty("");
    private final BooleanBinding canRetry;
    private final BooleanBinding canCancel;
    private final StringBinding detailTitle;
    private final StringBinding attemptsTitle;

    private final Operations operations;
    private final RunStore runs;
    private final Workspace workspace;
    private final UiExecutor executor;
    private final Messages messages;
    private final ZoneId zone;
    private final OutputTail tail;
    private long generation;
    /** The run whose output the view shows from its live stream, if any. */
    private Long liveRunId;
    /** The run (and state) whose stored output the view shows, so a refresh does not read it again. */
    private RunState outputShown;

    /**
     * @param runs the history, read a page at a time
     * @param zone the zone times are shown in, and the date filters are read in
     */
    public RunsViewModel(Operations operations, RunStore runs, Workspace workspace, UiExecutor executor,
                         Messages messages, ZoneId zone) {
        this.operations = operations;
        this.runs = runs;
        this.workspace = workspace;
        this.executor = executor;
        this.messages = messages;
        this.zone = zone;
        this.tail = new OutputTail(operations.output(), executor, TAIL_BLOCK);
        canRetry = Bindings.createBooleanBinding(() -> selected.get() != null && selected.get().runStatus().isFinal()
                && !acting.get(), selected, acting);
        canCancel = Bindings.createBooleanBinding(() -> selected.get() != null && !selected.get().runStatus().isFinal()
                && !acting.get(), selected, acting);
        attemptsTitle = Bindings.createStringBinding(() -> messages.get("runs.attempts.count", attempts.size()), attempts);
        detailTitle = Bindings.createStringBinding(() -> selected.get() == null ? messages.get("runs.detail.none")
                : messages.get("runs.detail.title", selected.get().id(), selected.get().task()), selected);
    }

    // ---- history ----

    /** Loads the current page; a newer load wins over an older one still running. */
    public void load() {
        long mine = ++generation;
        String task = blankToNull(taskName.get());
        RunFilter filter;
        try {
            filter = filter();
        } catch (RunActionException e) {
            rows.clear();
            pager.total().set(0);
            status.set("");
            error.set(messages.get(e.key(), e.arguments()));
            return;
        }
        PageRequest request = pager.request();
        loading.set(true);
        executor.submit(() -> {
            RunFilter wanted = filter;
            if (task != null) {
                Task found = operations.lookup().findTask(task)
                        .orElseThrow(() -> new RunActionException("runs.error.noTask", task));
                wanted = wanted.forTask(found.id());
            }
            Page<Run> found = runs.list(wanted, request);
            Instant now = workspace.clock().instant();
            return new Loaded(found.items().stream().map(run -> RunRow.of(run, now, zone, messages)).toList(),
                    found.total(), found.totalIsLowerBound());
        }, loaded -> {
            if (mine != generation) {
                return;
            }
            loading.set(false);
            error.set("");
            rows.setAll(loaded.rows);
            pager.total().set(loaded.total);
            long first = pager.firstShown(loaded.rows.size());
            long last = loaded.rows.isEmpty() ? 0 : first + loaded.rows.size() - 1;
            // A long history is counted only so far: the store then gives a lower bound.
            status.set(messages.get(loaded.atLeast ? "runs.page.atLeast" : "runs.page", first, last, loaded.total));
            RunRow current = selected.get();
            if (current != null) {
                loaded.rows.stream().filter(row -> row.id() == current.id()).findFirst().ifPresent(this::show);
            }
        }, failure -> {
            if (mine == generation) {
                loading.set(false);
                rows.clear();
                pager.total().set(0);
                status.set("");
                error.set(describe(failure, messages));
            }
        });
    }

    /**
     * Opens on what another screen asked for: that task's runs, every status and trigger, and the
     * run asked for selected, read on its own if it is not on the first page.
     */
    public void open(RunsPreset preset) {
        taskName.set(preset.taskName() == null ? "" : preset.taskName());
        statuses.clear();
        trigger.set(TriggerChoice.ALL);
        from.set(null);
        to.set(null);
        filtersChanged();
        if (preset.runId() != null) {
            long id = preset.runId();
            executor.submit(() -> operations.lookup().findRun(id), found -> found.ifPresentOrElse(
                    run -> select(RunRow.of(run, workspace.clock().instant(), zone, messages)),
                    () -> error.set(messages.get("runs.error.noRun", id))), failure -> error.set(describe(failure, messages)));
        }
    }

    /** For the periodic refresh: a load unless one is already under way. */
    public void refresh() {
        if (!loading.get()) {
            load();
        }
    }

    private record Loaded(List<RunRow> rows, long total, boolean atLeast) {
    }

    private RunFilter filter() {
        Set<RunStatus> wanted = statuses.isEmpty() ? Set.of() : EnumSet.copyOf(statuses);
        TriggerType type = switch (trigger.get() == null ? TriggerChoice.ALL : trigger.get()) {
            case ALL -> null;
            case CRON -> TriggerType.CRON;
            case MANUAL -> TriggerType.MANUAL;
        };
        if (from.get() != null && to.get() != null && from.get().isAfter(to.get())) {
            throw new RunActionException("runs.error.range");
        }
        Instant start = from.get() == null ? null : from.get().atStartOfDay(zone).toInstant();
        Instant end = to.get() == null ? null : to.get().plusDays(1).atStartOfDay(zone).toInstant();
        return RunFilter.all(workspace.namespace()).withStatuses(wanted).withTrigger(type).between(start, end);
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
        boolean attemptsChanged = current == null || current.id() != row.id()
                || current.run().attempt() != row.run().attempt() || current.run().status() != row.run().status();
        show(row);
        if (attemptsChanged) {
            loadAttempts(row);
        }
    }

    /** Every attempt of the run, oldest first: those kept beside it and its own latest one. */
    private void loadAttempts(RunRow row) {
        Run run = row.run();
        executor.submit(() -> runs.attempts(run.id()), past -> {
            RunRow current = selected.get();
            if (current != null && current.id() == run.id()) {
                attempts.setAll(AttemptTimeline.of(current.run(), past, messages));
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
        executor.submit(() -> operations.lookup().findRun(runId).map(run -> RunRow.of(run, workspace.clock().instant(), zone,
                messages)), found -> found.ifPresent(row -> {
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
                run -> messages.get("runs.retry.done", run.id(), run.taskName()));
    }

    /** Cancels the selected run; the view asks the operator first. */
    public void cancel() {
        RunRow row = selected.get();
        if (row == null) {
            return;
        }
        act(() -> RunActionException.localised(() -> operations.cancel().cancel(row.id()), row),
                result -> messages.get(switch (result.outcome()) {
            case CANCELLED -> "runs.cancel.done";
            case STOPPING -> "runs.cancel.stopping";
            case ALREADY_ENDED -> "runs.cancel.ended";
        }, row.id(), RunRow.statusLabel(result.run().status(), messages)));
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
        notice.set(messages.get("runs.trigger.done", run.id(), run.taskName()));
        load();
    }

    private <T> void act(Callable<T> work, Function<T, String> done) {
        acting.set(true);
        notice.set("");
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
        Throwable shown = failure;
        while ((shown.getMessage() == null || shown.getMessage().isBlank()) && shown.getCause() != null) {
            shown = shown.getCause();
        }
        String text = shown.getMessage() == null || shown.getMessage().isBlank()
                ? shown.getClass().getSimpleName() : shown.getMessage();
        int newline = text.indexOf('\n');
        return newline < 0 ? text.strip() : text.substring(0, newline).strip();
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
    public ReadOnlyObjectProperty<RunRow> selectedProperty() { return selected.getReadOnlyProperty(); }
    public ReadOnlyStringProperty outputProperty() { return output.getReadOnlyProperty(); }
    public ReadOnlyBooleanProperty followingProperty() { return following.getReadOnlyProperty(); }
    public BooleanProperty actingProperty() { return acting; }
    public StringProperty noticeProperty() { return notice; }
    public BooleanBinding canRetryProperty() { return canRetry; }
    public BooleanBinding canCancelProperty() { return canCancel; }
    public StringBinding detailTitleProperty() { return detailTitle; }
}
