package io.redcron.desktop.workflows;

import io.redcron.desktop.runs.RunsPreset;
import io.redcron.desktop.ui.FailureText;
import io.redcron.desktop.ui.Messages;
import io.redcron.desktop.ui.Notice;
import io.redcron.desktop.ui.StableRows;
import io.redcron.desktop.ui.UiExecutor;
import io.redcron.ops.WorkflowOperations;
import io.redcron.workflow.Step;
import io.redcron.workflow.StepRun;
import io.redcron.workflow.StepStatus;
import io.redcron.workflow.WorkflowRun;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * One workflow run: its graph as it was recorded (an edit of the workflow never changes a run),
 * each step with its state, read again at every {@link #refresh} (the view polls while shown,
 * off the JavaFX thread), and the way to each step's run. The graph is laid out once; a refresh
 * changes only the states, so nothing moves under the pointer. Cancel and rerun go through the
 * operator actions; a refusal is shown in its own words.
 */
public final class WorkflowRunViewModel {
    private final ObjectProperty<WorkflowRun> run = new SimpleObjectProperty<>();
    private final ObjectProperty<GraphLayout.Layout> layout = new SimpleObjectProperty<>();
    private final ObservableList<StepRunRow> steps = FXCollections.observableArrayList();
    private final ObjectProperty<StepRunRow> selected = new SimpleObjectProperty<>();
    private final StringProperty title = new SimpleStringProperty("");
    private final StringProperty summary = new SimpleStringProperty("");
    private final StringProperty error = new SimpleStringProperty("");
    private final ObjectProperty<Notice> notice = new SimpleObjectProperty<>();
    private final BooleanProperty busy = new SimpleBooleanProperty();
    private final BooleanProperty finished = new SimpleBooleanProperty();
    private final WorkflowOperations operations;
    private final UiExecutor executor;
    private final Messages messages;
    private final Clock clock;
    private long runId;
    private boolean reading;
    private boolean readAgain;

    public WorkflowRunViewModel(WorkflowOperations operations, UiExecutor executor, Messages messages, Clock clock) {
        this.operations = operations;
        this.executor = executor;
        this.messages = messages;
        this.clock = clock;
    }

    /** Shows run {@code id}, read at once. */
    public void open(long id) {
        runId = id;
        title.set(messages.get("workflows.run.title.loading", id));
        refresh();
    }

    public long runId() {
        return runId;
    }

    /** Reads the run and its steps again; asked while a read is under way, it reads once more after it. */
    public void refresh() {
        if (runId == 0) {
            return;
        }
        if (reading) {
            readAgain = true;
            return;
        }
        reading = true;
        readAgain = false;
        long id = runId;
        executor.submit(() -> new Read(operations.run(id), operations.steps(id)), read -> {
            reading = false;
            show(read.run(), read.steps());
            if (readAgain) {
                refresh();
            }
        }, failure -> {
            reading = false;
            readAgain = false;
            error.set(messages.get("workflows.failed", FailureText.oneLine(failure)));
        });
    }

    private record Read(WorkflowRun run, List<StepRun> steps) {
    }

    void show(WorkflowRun read, List<StepRun> stepRuns) {
        if (run.get() == null || run.get().id() != read.id()) {
            layout.set(GraphLayout.ofSteps(read.steps()));
        }
        run.set(read);
        error.set("");
        finished.set(read.status().isFinal());
        title.set(messages.get("workflows.run.title", read.id(), read.workflowName()));
        summary.set(summary(read));
        StableRows.update(steps, rows(read, stepRuns), StepRunRow::step);
        if (selected.get() != null) {
            String name = selected.get().step();
            steps.stream().filter(row -> row.step().equals(name)).findFirst().ifPresent(selected::set);
        }
    }

    private String summary(WorkflowRun read) {
        String line = messages.get("workflows.run.summary", StepLook.text(read.status(), messages),
                messages.get("workflows.trigger." + read.trigger().name().toLowerCase(java.util.Locale.ROOT)),
                time(read.startedAt()), time(read.finishedAt()));
        return read.error() == null || read.error().isBlank() ? line : line + " \u2014 " + read.error();
    }

    /** A row per step of the run's snapshot, in its order; a step with no row yet is pending. */
    List<StepRunRow> rows(WorkflowRun read, List<StepRun> stepRuns) {
        Map<String, StepRun> byName = new HashMap<>();
        stepRuns.forEach(one -> byName.put(one.step(), one));
        List<StepRunRow> rows = new ArrayList<>();
        List<Step> defined = read.steps();
        for (int i = 0; i < defined.size(); i++) {
            Step step = defined.get(i);
            StepRun stepRun = byName.get(step.name());
            StepStatus status = stepRun == null ? StepStatus.PENDING : stepRun.status();
            rows.add(new StepRunRow(i, step.name(), step.target(), status, StepLook.line(status, messages),
                    StepRunRow.reasonOf(stepRun), stepRun == null ? null : stepRun.runId(),
                    stepRun == null ? null : stepRun.childRunId(), stepRun == null ? 0 : stepRun.round(),
                    stepRun == null ? "" : time(stepRun.startedAt()), stepRun == null ? "" : time(stepRun.finishedAt())));
        }
        return rows;
    }

    private String time(Instant at) {
        return at == null ? "" : messages.time().format(at);
    }

    /** Where the step's run is: its task run on the runs screen, or null for none (or for a child workflow's run). */
    public RunsPreset runOf(StepRunRow row) {
        if (row == null || row.runId() == null) {
            return null;
        }
        return RunsPreset.ofRun(row.target().name(), row.runId());
    }

    /** The selected step in one line: its name, what it runs, its state and why. */
    public String detail(StepRunRow row) {
        if (row == null) {
            return "";
        }
        String line = messages.get("workflows.step.detail", row.step(), row.target().toString(), row.statusText());
        return row.reason().isBlank() ? line : line + " \u2014 " + row.reason();
    }

    public void select(int index) {
        if (index >= 0 && index < steps.size()) {
            selected.set(steps.get(index));
        }
    }

    public void cancel() {
        act(() -> operations.cancel(runId), done -> messages.get("workflows.run.cancelled", done.id(),
                StepLook.text(done.status(), messages)));
    }

    public void rerun() {
        act(() -> operations.rerun(runId), done -> messages.get("workflows.run.rerun.done", done.id()));
    }

    private void act(Callable<WorkflowRun> work, java.util.function.Function<WorkflowRun, String> done) {
        busy.set(true);
        error.set("");
        notice.set(null);
        executor.submit(work, changed -> {
            busy.set(false);
            notice.set(Notice.of(done.apply(changed), clock.instant()));
            refresh();
        }, failure -> {
            busy.set(false);
            error.set(FailureText.oneLine(failure));
        });
    }

    public ObjectProperty<WorkflowRun> runProperty() { return run; }
    /** The run's graph, laid out once for the run. */
    public ObjectProperty<GraphLayout.Layout> layoutProperty() { return layout; }
    public ObservableList<StepRunRow> steps() { return steps; }
    public ObjectProperty<StepRunRow> selectedProperty() { return selected; }
    public StringProperty titleProperty() { return title; }
    public StringProperty summaryProperty() { return summary; }
    public StringProperty errorProperty() { return error; }
    public ObjectProperty<Notice> noticeProperty() { return notice; }
    public BooleanProperty busyProperty() { return busy; }
    /** Whether the run has ended: Cancel applies only before, Rerun only after. */
    public BooleanProperty finishedProperty() { return finished; }
    public Messages messages() { return messages; }
    public Clock clock() { return clock; }
}
