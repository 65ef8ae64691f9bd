package io.redcron.desktop.workflows;

import io.redcron.desktop.session.Workspace;
import io.redcron.desktop.ui.FailureText;
import io.redcron.desktop.ui.Messages;
import io.redcron.desktop.ui.Notice;
import io.redcron.desktop.ui.StableRows;
import io.redcron.desktop.ui.UiExecutor;
import io.redcron.ops.WorkflowOperations;
import io.redcron.port.PageRequest;
import io.redcron.workflow.Workflow;
import io.redcron.workflow.WorkflowRun;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Consumer;

/**
 * The workflows screen: the namespace's workflows with their newest run's status, the selected
 * one's recent runs, and the operator actions on them (pause, resume, trigger with parameters,
 * delete, cancel or rerun a run). Every call to the operator actions runs through the executor;
 * what they refuse (a paused workflow, a workflow another one runs, a viewer's account) is shown
 * as the error, in the words of the refusal.
 */
public final class WorkflowsViewModel {
    /** How many of the selected workflow's runs are listed, newest first. */
    static final int RUNS_SHOWN = 50;

    private final ObservableList<WorkflowRow> workflows = FXCollections.observableArrayList();
    private final ObjectProperty<WorkflowRow> selected = new SimpleObjectProperty<>();
    private final ObservableList<WorkflowRunRow> runs = FXCollections.observableArrayList();
    private final ObjectProperty<WorkflowRunRow> selectedRun = new SimpleObjectProperty<>();
    private final StringProperty triggerParams = new SimpleStringProperty("");
    private final StringProperty error = new SimpleStringProperty("");
    private final ObjectProperty<Notice> notice = new SimpleObjectProperty<>();
    private final BooleanProperty busy = new SimpleBooleanProperty();
    private final WorkflowOperations operations;
    private final Workspace workspace;
    private final UiExecutor executor;
    private final Messages messages;
    private boolean reading;
    private boolean readAgain;

    public WorkflowsViewModel(WorkflowOperations operations, Workspace workspace, UiExecutor executor,
                              Messages messages) {
        this.operations = operations;
        this.workspace = workspace;
        this.executor = executor;
        this.messages = messages;
        selected.addListener((o, before, after) -> {
            String was = before == null ? null : before.name();
            String now = after == null ? null : after.name();
            if (now == null || !now.equals(was)) {
                runs.clear();
                refresh();
            }
        });
    }

    public WorkflowOperations operations() {
        return operations;
    }

    /**
     * Reads the workflows and the selected one's runs again; rows keep their places. Asked while a
     * read is under way, it reads once more after that one.
     */
    public void refresh() {
        if (reading) {
            readAgain = true;
            return;
        }
        reading = true;
        readAgain = false;
        String shown = selected.get() == null ? null : selected.get().name();
        executor.submit(() -> read(shown), read -> {
            reading = false;
            if (readAgain) {
                refresh(); // what was read may be older than what was asked for
                return;
            }
            StableRows.update(workflows, read.workflows(), WorkflowRow::name);
            if (shown != null && workflows.stream().noneMatch(row -> row.name().equals(shown))) {
                selected.set(null);
            } else if (shown != null) {
                workflows.stream().filter(row -> row.name().equals(shown)).findFirst().ifPresent(selected::set);
                StableRows.update(runs, read.runs(), WorkflowRunRow::id);
            }
        }, failure -> {
            reading = false;
            readAgain = false;
            error.set(messages.get("workflows.failed", FailureText.oneLine(failure)));
        });
    }

    private record Read(List<WorkflowRow> workflows, List<WorkflowRunRow> runs) {
    }

    private Read read(String shown) {
        List<WorkflowRow> rows = new ArrayList<>();
        for (Workflow workflow : operations.list()) {
            List<WorkflowRun> newest = operations.runs(workflow.name(), PageRequest.first(1)).items();
            rows.add(row(workflow, newest.isEmpty() ? null : newest.get(0)));
        }
        List<WorkflowRunRow> runRows = shown == null ? List.of()
                : operations.runs(shown, PageRequest.first(RUNS_SHOWN)).items().stream().map(this::runRow).toList();
        return new Read(rows, runRows);
    }

    WorkflowRow row(Workflow workflow, WorkflowRun newest) {
        String schedule = workflow.cron() == null ? messages.get("workflows.schedule.none")
                : messages.get("workflows.schedule.cron", workflow.cron(), workflow.zone().getId());
        return new WorkflowRow(workflow.name(), schedule,
                messages.get(workflow.enabled() ? "workflows.state.enabled" : "workflows.state.paused"),
                workflow.steps().size(), newest == null ? "" : StepLook.text(newest.status(), messages), workflow);
    }

    WorkflowRunRow runRow(WorkflowRun run) {
        return new WorkflowRunRow(run.id(), StepLook.text(run.status(), messages),
                messages.get("workflows.trigger." + run.trigger().name().toLowerCase(Locale.ROOT)),
                time(run.startedAt()), time(run.finishedAt()), run.error() == null ? "" : run.error(), run);
    }

    private String time(Instant at) {
        return at == null ? "" : messages.time().format(at);
    }

    /** Pauses or resumes the selected workflow. */
    public void setEnabled(boolean enabled) {
        WorkflowRow row = selected.get();
        if (row == null) {
            return;
        }
        act(() -> operations.setEnabled(row.name(), enabled), done -> announce(messages.get(
                enabled ? "workflows.resumed" : "workflows.paused", done.name())));
    }

    /** Records a manual run of the selected workflow with the parameters typed, one {@code key=value} a line. */
    public void trigger(Consumer<WorkflowRun> started) {
        WorkflowRow row = selected.get();
        if (row == null) {
            return;
        }
        ParamLines.Parsed params = ParamLines.parse(triggerParams.get(), messages);
        if (!params.ok()) {
            fail(params.error());
            return;
        }
        Map<String, String> values = params.params();
        act(() -> operations.trigger(row.name(), values), run -> {
            notice.set(Notice.of(messages.get("workflows.triggered", run.id(), row.name()), workspace.clock().instant())
                    .withLink(messages.get("workflows.run.open"), () -> started.accept(run)));
            triggerParams.set("");
        });
    }

    /** Deletes the selected workflow; its runs stay in the history. */
    public void delete() {
        WorkflowRow row = selected.get();
        if (row == null) {
            return;
        }
        act(() -> {
            operations.delete(row.name());
            return row.name();
        }, deleted -> {
            workflows.removeIf(one -> one.name().equals(deleted));
            selected.set(null);
            announce(messages.get("workflows.deleted", deleted));
        });
    }

    public void cancelRun() {
        WorkflowRunRow row = selectedRun.get();
        if (row != null) {
            act(() -> operations.cancel(row.id()), run -> announce(messages.get("workflows.run.cancelled", run.id(),
                    StepLook.text(run.status(), messages))));
        }
    }

    public void rerunRun() {
        WorkflowRunRow row = selectedRun.get();
        if (row != null) {
            act(() -> operations.rerun(row.id()), run -> announce(messages.get("workflows.run.rerun.done", run.id())));
        }
    }

    /** A workflow was saved in the editor: it is selected and announced. */
    public void saved(Workflow workflow, boolean created) {
        announce(messages.get(created ? "workflows.created" : "workflows.updated", workflow.name()));
        WorkflowRow row = row(workflow, null);
        if (workflows.stream().noneMatch(one -> one.name().equals(row.name()))) {
            workflows.add(row);
        }
        workflows.stream().filter(one -> one.name().equals(row.name())).findFirst().ifPresent(selected::set);
        refresh();
    }

    private void announce(String text) {
        notice.set(Notice.of(text, workspace.clock().instant()));
        refresh();
    }

    private <T> void act(Callable<T> work, Consumer<T> done) {
        busy.set(true);
        error.set("");
        notice.set(null);
        executor.submit(work, result -> {
            busy.set(false);
            done.accept(result);
        }, failure -> {
            busy.set(false);
            fail(FailureText.oneLine(failure));
        });
    }

    private void fail(String message) {
        notice.set(null);
        error.set(message);
    }

    public ObservableList<WorkflowRow> workflows() { return workflows; }
    public ObjectProperty<WorkflowRow> selectedProperty() { return selected; }
    public ObservableList<WorkflowRunRow> runs() { return runs; }
    public ObjectProperty<WorkflowRunRow> selectedRunProperty() { return selectedRun; }
    /** The parameters of the next trigger, one {@code key=value} a line. */
    public StringProperty triggerParamsProperty() { return triggerParams; }
    public StringProperty errorProperty() { return error; }
    public ObjectProperty<Notice> noticeProperty() { return notice; }
    public BooleanProperty busyProperty() { return busy; }
    public Messages messages() { return messages; }
    public Workspace workspace() { return workspace; }
    public UiExecutor executor() { return executor; }
}
