package io.redcron.desktop.runs;

import io.redcron.desktop.ui.Messages;
import io.redcron.desktop.ui.UiExecutor;
import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.ops.FollowOutput.OutputBatch;
import io.redcron.ops.Operations;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.ObservableList;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.ZoneId;
import java.util.List;
import java.util.Objects;

/**
 * One run's output in a window of its own: all of it (up to {@link #LIMIT}), followed live while
 * the run runs, with search, line wrapping, copy and save. Output comes in batches and is added as
 * lines, so a long output costs a poll only what the poll brought.
 */
public final class RunOutputViewModel {
    /** The most output the window keeps: the largest tail a node may store. */
    static final int LIMIT = 16 * 1024 * 1024;

    private final OutputLines output = new OutputLines(LIMIT);
    private final OutputSearch search = new OutputSearch();
    private final FollowState follow = new FollowState();
    private final StringProperty query = new SimpleStringProperty("");
    private final BooleanProperty wrap = new SimpleBooleanProperty(false);
    private final ReadOnlyObjectWrapper<OutputSearch.Match> match = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyStringWrapper matchCount = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper state = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper notice = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper("");

    private final Operations operations;
    private final UiExecutor executor;
    private final Messages messages;
    private final ZoneId zone;
    private final Clock clock;
    private final OutputTail tail;
    private RunRow run;

    RunOutputViewModel(Operations operations, UiExecutor executor, Messages messages, ZoneId zone, Clock clock, RunRow run) {
        this.operations = operations;
        this.executor = executor;
        this.messages = messages;
        this.zone = zone;
        this.clock = clock;
        this.run = run;
        this.tail = new OutputTail(operations.output(), executor, RunsViewModel.TAIL_BLOCK);
        query.addListener((o, old, text) -> {
            search.search(text, output.lines());
            showMatch(true);
        });
    }

    /** Starts showing the output: followed while the run runs, else as stored. */
    public void open() {
        if (run.runStatus() == RunStatus.RUNNING) {
            state.set(messages.get("runs.output.state.live"));
            tail.follow(run.id(), this::add, failure -> {
                follow.ended();
                error.set(RunsViewModel.describe(failure, messages));
            });
        } else {
            follow.ended();
            state.set(messages.get("runs.output.state.loading"));
            readStoredOutput();
        }
    }

    /** Stops following (the window was closed). */
    public void close() {
        tail.stop();
    }

    private void add(OutputBatch batch) {
        if (batch.restarted()) {
            output.replace(batch.text());
            search.search(query.get(), output.lines());
        } else {
            search.linesChanged(output.append(batch.text()), output.lines());
        }
        showMatch(false);
        if (batch.ended()) {
            follow.ended();
            reloadRun();
        }
    }

    /** Once the run has ended: what it ended as, and its stored output if nothing came live. */
    private void reloadRun() {
        executor.submit(() -> operations.lookup().findRun(run.id()).map(found -> RunRow.of(found, clock.instant(), zone,
                messages)), found -> {
            found.ifPresent(row -> run = row);
            if (output.isEmpty()) {
                readStoredOutput();
            } else {
                showEnded();
            }
        }, failure -> error.set(RunsViewModel.describe(failure, messages)));
    }

    private void readStoredOutput() {
        executor.submit(() -> operations.lookup().findRun(run.id()), found -> {
            found.ifPresent(stored -> {
                run = RunRow.of(stored, clock.instant(), zone, messages);
                output.replace(stored.output() == null ? "" : stored.output());
                search.search(query.get(), output.lines());
                showMatch(false);
            });
            showEnded();
        }, failure -> error.set(RunsViewModel.describe(failure, messages)));
    }

    private void showEnded() {
        Run shown = run.run();
        state.set(shown.status().isFinal()
                ? messages.get("runs.output.state.ended", run.status(), run.finished(), run.exitCode())
                : messages.get("runs.output.state.notEnded", run.status()));
    }

    // ---- following ----

    /** The operator scrolled; {@code atEnd} says whether the newest line is in view now. */
    public void scrolled(boolean atEnd) {
        follow.scrolled(atEnd);
    }

    // ---- search ----

    public void nextMatch() {
        search.next();
        showMatch(true);
    }

    public void previousMatch() {
        search.previous();
        showMatch(true);
    }

    /**
     * @param moved whether the operator moved to a match (searched, next, previous): the view
     *              goes there, so following stops; new output only updates the count
     */
    private void showMatch(boolean moved) {
        OutputSearch.Match now = search.current();
        if (moved && now != null) {
            follow.followingProperty().set(false);
        }
        if (moved || !Objects.equals(now, match.get())) {
            // Set even when equal after a move, so the view shows the same match again.
            match.set(null);
            match.set(now);
        }
        matchCount.set(!search.isSearching() ? ""
                : search.count() == 0 ? messages.get("runs.output.search.none")
                : messages.get("runs.output.search.count", search.position(), search.count()));
    }

    // ---- copy and save ----

    /** What Copy puts on the clipboard: the lines at {@code selected}, or all the output when none is. */
    public String textToCopy(List<Integer> selected) {
        return selected.isEmpty() ? output.text() : output.text(selected);
    }

    /** A file name to offer when saving. */
    public String suggestedFileName() {
        return "run-" + run.id() + "-" + run.task().replaceAll("[^A-Za-z0-9._-]", "_") + ".log";
    }

    /** Writes the output as shown to {@code file}, off the JavaFX thread. */
    public void saveTo(Path file) {
        String text = output.text();
        notice.set("");
        error.set("");
        executor.submit(() -> Files.writeString(file, text, StandardCharsets.UTF_8),
                written -> notice.set(messages.get("runs.output.saved", written)),
                failure -> error.set(messages.get("runs.output.error.save", RunsViewModel.describe(failure, messages))));
    }

    public String title() {
        return messages.get("runs.output.title", run.id(), run.task());
    }

    public String saveTitle() {
        return messages.get("runs.output.save.title", run.id());
    }

    public ObservableList<String> lines() { return output.lines(); }
    public BooleanProperty followingProperty() { return follow.followingProperty(); }
    public ReadOnlyBooleanProperty liveProperty() { return follow.liveProperty(); }
    public StringProperty queryProperty() { return query; }
    public BooleanProperty wrapProperty() { return wrap; }
    public ReadOnlyObjectProperty<OutputSearch.Match> matchProperty() { return match.getReadOnlyProperty(); }
    public ReadOnlyStringProperty matchCountProperty() { return matchCount.getReadOnlyProperty(); }
    public ReadOnlyStringProperty stateProperty() { return state.getReadOnlyProperty(); }
    public ReadOnlyStringProperty noticeProperty() { return notice.getReadOnlyProperty(); }
    public ReadOnlyStringProperty errorProperty() { return error.getReadOnlyProperty(); }
}
