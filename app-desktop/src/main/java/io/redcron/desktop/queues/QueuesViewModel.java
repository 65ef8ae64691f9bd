package io.redcron.desktop.queues;

import io.redcron.desktop.runs.RunsPreset;
import io.redcron.desktop.ui.Messages;
import io.redcron.desktop.ui.Notice;
import io.redcron.domain.Run;
import io.redcron.desktop.ui.UiExecutor;
import io.redcron.ops.Operations;
import io.redcron.ops.RequeueDeadRun;
import io.redcron.port.QueueInspector;
import io.redcron.port.RunStore;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.function.Consumer;

/**
 * The queues screen: per group the runs waiting and those delivered to a worker but not yet
 * acknowledged, the delayed runs, and the dead runs with requeue and purge. Reads and actions run
 * through the {@link UiExecutor}, never on the JavaFX thread.
 */
public final class QueuesViewModel {
    private final ObservableList<StreamRow> streams = FXCollections.observableArrayList();
    private final ObservableList<PendingRow> pending = FXCollections.observableArrayList();
    private final ObservableList<DelayedRow> delayed = FXCollections.observableArrayList();
    private final ObservableList<DeadRow> dead = FXCollections.observableArrayList();
    private final StringProperty summary = new SimpleStringProperty("");
    private final StringProperty delayedTitle = new SimpleStringProperty("");
    private final StringProperty deadTitle = new SimpleStringProperty("");
    private final StringProperty delayedStatus = new SimpleStringProperty("");
    private final StringProperty deadStatus = new SimpleStringProperty("");
    private final ObjectProperty<Notice> notice = new SimpleObjectProperty<>();
    private final StringProperty error = new SimpleStringProperty("");
    private final BooleanProperty busy = new SimpleBooleanProperty();

    private final QueueInspector inspector;
    private final RunStore runs;
    private final Operations operations;
    private final Clock clock;
    private final UiExecutor executor;
    private final Messages messages;
    private final Spans spans;
    private long generation;
    private int running;
    private long deadTotal;
    private boolean loadFailed;
    private Consumer<RunsPreset> openRuns = preset -> { };

    public QueuesViewModel(QueueInspector inspector, RunStore runs, Operations operations, Clock clock,
                           UiExecutor executor, Messages messages) {
        this.inspector = inspector;
        this.runs = runs;
        this.operations = operations;
        this.clock = clock;
        this.executor = executor;
        this.messages = messages;
        this.spans = new Spans(messages);
        delayedTitle.set(messages.get("queues.tab.delayed", 0));
        deadTitle.set(messages.get("queues.tab.dead", 0));
    }

    /** How a notice's link sends the operator to the runs screen (a requeued run's new run). */
    public void openRunsWith(Consumer<RunsPreset> opener) {
        openRuns = opener;
    }

    /** The words and time zone the screen shows (its notices' ages too). */
    public Messages messages() {
        return messages;
    }

    /** The time the screen's notices are stamped and aged with. */
    public Instant now() {
        return clock.instant();
    }

    /** Loads everything now, showing progress; a newer load or an action wins over an older load. */
    public void load() {
        read(true);
    }

    /** The live refresh: quiet, and skipped while anything is still running, so a slow Redis never piles up calls. */
    public void refresh() {
        if (running == 0) {
            read(false);
        }
    }

    private void read(boolean visible) {
        long mine = ++generation;
        submit(visible, () -> QueueSnapshot.read(inspector, operations.deadRuns(), runs, spans, clock.instant()), snapshot -> {
            if (mine == generation) {
                if (loadFailed) {
                    // Clears only what a read said: what an action reported stays until the next action.
                    loadFailed = false;
                    error.set("");
                }
                show(snapshot);
            }
        }, failure -> {
            if (mine == generation) {
                loadFailed = true;
                error.set(messages.get("queues.error.load", oneLine(failure)));
            }
        });
    }

    private void show(QueueSnapshot snapshot) {
        sync(streams, snapshot.streams());
        sync(pending, snapshot.pending());
        sync(delayed, snapshot.delayed());
        sync(dead, snapshot.dead());
        summary.set(messages.get("queues.summary", snapshot.streams().size(), snapshot.waiting(), snapshot.delivered(),
                snapshot.delayedTotal(), snapshot.deadTotal()));
        delayedTitle.set(messages.get("queues.tab.delayed", snapshot.delayedTotal()));
        deadTitle.set(messages.get("queues.tab.dead", snapshot.deadTotal()));
        delayedStatus.set(snapshot.delayedTotal() > snapshot.delayed().size()
                ? messages.get("queues.delayed.partial", snapshot.delayed().size(), snapshot.delayedTotal()) : "");
        deadStatus.set(snapshot.deadTotal() > snapshot.dead().size()
                ? messages.get("queues.dead.partial", snapshot.dead().size(), snapshot.deadTotal()) : "");
        deadTotal = snapshot.deadTotal();
    }

    public String openRunText() {
        return messages.get("queues.openRun");
    }

    /** A time in the zones the screen does not show it in. */
    public String otherZones(java.time.Instant at) {
        return messages.time().otherZones(at, null);
    }

    /** A column header that names the zone its times are in. */
    public String header(String key) {
        return messages.get("time.header", messages.get(key), messages.time().headerZone(messages));
    }

    public String requeueQuestion(int count) {
        return messages.get("queues.requeue.question", count);
    }

    public String purgeQuestion(int count) {
        return messages.get("queues.purge.question", count);
    }

    public String purgeAllQuestion() {
        return messages.get("queues.purgeAll.question", deadTotal);
    }

    /** Runs the tasks of the given dead runs again as new manual runs, and takes them off the dead stream. */
    public void requeue(List<DeadRow> rows) {
        if (rows.isEmpty()) {
            return;
        }
        List<DeadRow> chosen = List.copyOf(rows);
        act(() -> {
            List<String> done = new ArrayList<>();
            List<String> refused = new ArrayList<>();
            List<Run> fresh = new ArrayList<>();
            for (DeadRow row : chosen) {
                try {
                    RequeueDeadRun.Requeue outcome = operations.requeue().requeue(row.entry());
                    (outcome.requeued() ? done : refused).add(describe(outcome));
                    if (outcome.requeued()) {
                        fresh.add(outcome.newRun());
                    }
                } catch (RuntimeException e) {
                    refused.add(messages.get("queues.requeue.failed", row.runId(), oneLine(e)));
                }
            }
            // One new run: the link selects it; several: the runs list, where they are the newest.
            RunsPreset where = fresh.isEmpty() ? null : fresh.size() == 1
                    ? RunsPreset.ofRun(fresh.get(0).taskName(), fresh.get(0).id()) : new RunsPreset(null, null);
            return new Report(String.join(" ", done), String.join(" ", refused), where);
        });
    }

    private String describe(RequeueDeadRun.Requeue outcome) {
        long run = outcome.dead().runId();
        return switch (outcome.verdict()) {
            case REQUEUED -> messages.get("queues.requeue.done", run, outcome.newRun().id());
            case RECORDED_NOT_QUEUED -> messages.get("queues.requeue.notQueued", run, outcome.newRun().id(),
                    outcome.detail());
            case NO_SUCH_RUN -> messages.get("queues.requeue.noRun", run);
            case NOT_FINISHED -> messages.get("queues.requeue.notFinished", run, outcome.detail());
            case NO_SUCH_TASK -> messages.get("queues.requeue.noTask", run);
            case ALREADY_HANDLED -> messages.get("queues.requeue.handled", run);
        };
    }

    /** Deletes the given dead entries; the runs' history in the database stays. */
    public void purge(List<DeadRow> rows) {
        if (rows.isEmpty()) {
            return;
        }
        List<DeadRow> chosen = List.copyOf(rows);
        act(() -> new Report(messages.get("queues.purge.done",
                operations.purge().purge(chosen.stream().map(DeadRow::entry).toList())), "", null));
    }

    /** Deletes the whole dead stream. */
    public void purgeAll() {
        act(() -> new Report(messages.get("queues.purge.done", operations.purge().purgeAll()), "", null));
    }

    /** @param opens null, or the runs the notice links to */
    private record Report(String notice, String error, RunsPreset opens) {
    }

    private void act(Callable<Report> work) {
        generation++;
        loadFailed = false;
        notice.set(null);
        error.set("");
        submit(true, work, report -> {
            notice.set(notice(report));
            error.set(report.error());
            load();
        }, failure -> {
            error.set(messages.get("queues.error.action", oneLine(failure)));
            load();
        });
    }

    private Notice notice(Report report) {
        if (report.notice().isEmpty()) {
            return null;
        }
        Notice done = Notice.of(report.notice(), clock.instant());
        return report.opens() == null ? done : done.withLink(messages.get(
                report.opens().runId() == null ? "queues.openRuns" : "queues.openRun"), () -> openRuns.accept(report.opens()));
    }

    private <T> void submit(boolean visible, Callable<T> work, Consumer<T> onSuccess, Consumer<Throwable> onFailure) {
        running++;
        if (visible) {
            busy.set(true);
        }
        executor.submit(work, result -> {
            finished();
            onSuccess.accept(result);
        }, failure -> {
            finished();
            onFailure.accept(failure);
        });
    }

    private void finished() {
        running--;
        if (running == 0) {
            busy.set(false);
        }
    }

    /**
     * Brings {@code target} to {@code fresh} with removals and insertions only, so that rows that
     * stay keep their selection across live refreshes (a replace would clear it).
     */
    static <T> void sync(ObservableList<T> target, List<T> fresh) {
        if (target.equals(fresh)) {
            return;
        }
        Set<T> keep = new HashSet<>(fresh);
        target.removeIf(row -> !keep.contains(row));
        for (int i = 0; i < fresh.size(); i++) {
            if (i >= target.size()) {
                target.addAll(fresh.subList(i, fresh.size()));
                break;
            }
            if (!target.get(i).equals(fresh.get(i))) {
                target.add(i, fresh.get(i));
            }
        }
        if (target.size() > fresh.size()) {
            target.remove(fresh.size(), target.size());
        }
    }

    /** A failure as one readable line. */
    static String oneLine(Throwable failure) {
        return io.redcron.desktop.ui.FailureText.oneLine(failure);
    }

    public ObservableList<StreamRow> streams() { return streams; }
    public ObservableList<PendingRow> pending() { return pending; }
    public ObservableList<DelayedRow> delayed() { return delayed; }
    public ObservableList<DeadRow> dead() { return dead; }
    public StringProperty summaryProperty() { return summary; }
    public StringProperty delayedTitleProperty() { return delayedTitle; }
    public StringProperty deadTitleProperty() { return deadTitle; }
    public StringProperty delayedStatusProperty() { return delayedStatus; }
    public StringProperty deadStatusProperty() { return deadStatus; }
    public ObjectProperty<Notice> noticeProperty() { return notice; }
    public StringProperty errorProperty() { return error; }
    public BooleanProperty busyProperty() { return busy; }
}
